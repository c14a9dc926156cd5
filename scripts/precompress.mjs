// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a built folder, so the
// server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
//   node scripts/precompress.mjs packages/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
let before = 0;
let after = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const bytes = readFileSync(path);
  if (bytes.length < 1024) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += statSync(`${path}.br`).size;
}
console.log(`precompress: ${(before / 1024).toFixed(0)} KB of text assets, ${(after / 1024).toFixed(0)} KB as brotli`);

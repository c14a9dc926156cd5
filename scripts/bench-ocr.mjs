// `node scripts/bench-ocr.mjs [file.pdf] [--pages N]`
// OCR speed: seconds per scanned page through the engine (tesseract.js worker pool, all cores,
// image preparation included) beside the `tesseract` command line (Debian tesseract-ocr, one
// process per core, OMP_THREAD_LIMIT=1, --psm 6) on the same page images, and their ratio.
// Default input: the 10-page scan of ../shared/bench (read-only). Pages' dpi is printed as found.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { pages: { type: 'string' } } });
const file = positionals[0] ?? join(root, '..', 'shared', 'bench', 'corpus', 'perf-a-us-10-page-scan.pdf');
if (!existsSync(file)) {
  console.error(`bench-ocr: ${file} not found`);
  process.exit(2);
}

const { register } = await import('tsx/esm/api');
register();
const { readFileSync } = await import('node:fs');
const { ocrPdfPages, pdfPageImages } = await import('../packages/engine/src/ocr/pdf.ts');
const { shutdownOcr } = await import('../packages/engine/src/ocr/index.ts');
const sharp = (await import('sharp')).default;

const bytes = new Uint8Array(readFileSync(file));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const probe = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
const total = probe.numPages;
const pageWidthPt = (await probe.getPage(1)).getViewport({ scale: 1 }).width;
await probe.destroy();
const count = Math.min(total, Number(values.pages ?? total));
const pages = Array.from({ length: count }, (_, i) => i + 1);
const cores = availableParallelism();

// Warm the pool on one page (a server keeps its workers), then time the document.
await ocrPdfPages(bytes, [1], { deadline: Date.now() + 600_000 });
let started = performance.now();
const result = await ocrPdfPages(bytes, pages, { deadline: Date.now() + 600_000 });
const engineSec = (performance.now() - started) / 1000;
const words = result.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.runs.length, 0), 0);
await shutdownOcr();

const images = await pdfPageImages(bytes, pages);
const dpi = Math.round((images[0].width / pageWidthPt) * 72);
console.log(
  `bench-ocr: ${file.split('/').pop()}: ${count} pages, ${images[0].width}x${images[0].height} px (${dpi} dpi), ${cores} cores`,
);
console.log(
  `  engine (tesseract.js pool):   ${(engineSec / count).toFixed(2)} s/page  (${engineSec.toFixed(1)} s, ${words} runs)`,
);

const cli = spawnSync('tesseract', ['--version']);
if (cli.error) {
  console.log('  tesseract CLI: not installed (apt-get install tesseract-ocr), no ratio');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'bench-ocr-'));
try {
  const files = [];
  for (const [i, img] of images.entries()) {
    const f = join(dir, `p${i + 1}.png`);
    writeFileSync(
      f,
      await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } })
        .png()
        .toBuffer(),
    );
    files.push(f);
  }
  started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const f = files[next++];
      await new Promise((resolve, reject) => {
        const p = spawn('tesseract', [f, '-', '--psm', '6'], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: 'ignore',
        });
        p.on('error', reject);
        p.on('close', resolve);
      });
    }
  };
  await Promise.all(Array.from({ length: cores }, lane));
  const cliSec = (performance.now() - started) / 1000;
  console.log(`  tesseract CLI (${cores} procs):     ${(cliSec / count).toFixed(2)} s/page  (${cliSec.toFixed(1)} s)`);
  console.log(`  ratio engine/CLI: ${(engineSec / cliSec).toFixed(2)}x`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

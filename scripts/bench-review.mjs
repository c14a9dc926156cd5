// npm run bench:review [-- --rows 4000 --saves 5]
//
// Issue 28, an instant review: saving one edit of a long statement. The real server (SQLite, a
// temporary data folder) converts a CSV export of --rows rows for a Business account; then one
// edit (a row's description) is saved --saves times, each time as the whole statements (PUT, what
// the API also offers) and as only the change (PATCH, what the review screen sends), and each
// format is downloaded once after the last save (edited versions' outputs are written when first
// downloaded). Prints the request body size and the median and worst time of each. Target: a save
// under 300 ms. Wall figures depend on what else the machine is doing: say what was running.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { businessAccount, root, sleep, spawnAndWait } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '4000' }, saves: { type: 'string', default: '5' } },
});
const ROWS = Number(args.rows);
const SAVES = Number(args.saves);

function csvOf(rows) {
  let balance = 100_000;
  const lines = ['Date,Description,Amount,Balance'];
  for (let i = 0; i < rows; i++) {
    const cents = i % 3 === 0 ? 12_345 : -4_321;
    balance += cents;
    const month = String(Math.floor((i * 12) / rows) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`2024-${month}-${day},Row number ${i + 1},${(cents / 100).toFixed(2)},${(balance / 100).toFixed(2)}`);
  }
  // Dates in order within each month (the export of a bank lists them so).
  const body = lines.slice(1).sort((a, b) => a.slice(0, 10).localeCompare(b.slice(0, 10)));
  return `${[lines[0], ...body].join('\n')}\n`;
}

async function call(url, path, { token, method = 'GET', body } = {}) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const start = performance.now();
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(text ? { 'content-type': 'application/json' } : {}) },
    body: text,
  });
  const answer = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${answer.toString().slice(0, 300)}`);
  return { ms, bytes: text ? Buffer.byteLength(text) : 0, answer };
}

const stats = (times) => {
  const t = [...times].sort((a, b) => a - b);
  return `median ${t[Math.floor(t.length / 2)].toFixed(0).padStart(5)} ms, worst ${t.at(-1).toFixed(0).padStart(5)} ms`;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(join(tmpdir(), 'statemint-bench-review-'));
const server = await spawnAndWait(
  [join(root, 'scripts/start-server.mjs')],
  { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', CONVERSION_WORKERS: '1' },
  '/api/health',
);
try {
  const { token } = await businessAccount(server.url, dataDir);
  const form = new FormData();
  form.append('file', new Blob([csvOf(ROWS)], { type: 'text/csv' }), `${ROWS}-rows.csv`);
  const upload = await fetch(`${server.url}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { id } = await upload.json();
  for (;;) {
    const record = JSON.parse((await call(server.url, `/api/files/${id}`, { token })).answer.toString());
    if (record.status === 'completed') break;
    if (record.status === 'failed') throw new Error(`conversion failed: ${record.errorMessage}`);
    await sleep(200);
  }
  const loaded = JSON.parse((await call(server.url, `/api/files/${id}/statements`, { token })).answer.toString());
  const statements = loaded.statements;
  const n = statements[0].transactions.length;
  console.log(`review save: ${n} rows in ${statements.length} statement(s), one description edited per save`);
  let version = loaded.version;
  const row = 41;

  const full = [];
  let fullBytes = 0;
  for (let i = 0; i < SAVES; i++) {
    statements[0].transactions[row].description = `Checked ${version}`;
    const r = await call(server.url, `/api/files/${id}/statements`, {
      token,
      method: 'PUT',
      body: { baseVersion: version, statements },
    });
    version = JSON.parse(r.answer.toString()).version;
    full.push(r.ms);
    fullBytes = r.bytes;
  }
  console.log(`  PUT   (whole statements, ${kb(fullBytes).padStart(9)}): ${stats(full)}`);

  const patch = [];
  let patchBytes = 0;
  for (let i = 0; i < SAVES; i++) {
    const t = statements[0].transactions;
    const body = {
      baseVersion: version,
      statements: [
        {
          statement: statements[0].statement,
          ...(statements[0].source !== undefined ? { source: statements[0].source } : {}),
          notes: { copy: 0 },
          rows: [
            { copy: { statement: 0, from: 0, count: row } },
            { row: { ...t[row], description: `Checked ${version}` } },
            { copy: { statement: 0, from: row + 1, count: n - row - 1 } },
          ],
        },
        ...statements.slice(1).map((_, k) => ({
          statement: statements[k + 1].statement,
          notes: { copy: k + 1 },
          rows: [{ copy: { statement: k + 1, from: 0, count: statements[k + 1].transactions.length } }],
        })),
      ],
    };
    let r;
    try {
      r = await call(server.url, `/api/files/${id}/statements`, { token, method: 'PATCH', body });
    } catch (e) {
      console.log(`  PATCH (only the change): not available (${e.message.slice(0, 80)})`);
      break;
    }
    version = JSON.parse(r.answer.toString()).version;
    patch.push(r.ms);
    patchBytes = r.bytes;
  }
  if (patch.length) console.log(`  PATCH (only the change, ${kb(patchBytes).padStart(9)}): ${stats(patch)}`);

  // What a save no longer pays for: each format of the saved version, on its first download.
  const formats = ['xlsx', 'csv', 'json', 'xml', 'txt', 'html', 'ofx', 'qfx', 'qbo', 'qif', 'iif'];
  const firsts = [];
  const again = [];
  for (const format of formats) {
    firsts.push(
      `${format} ${(await call(server.url, `/api/files/${id}/download/${format}`, { token })).ms.toFixed(0)}`,
    );
    again.push((await call(server.url, `/api/files/${id}/download/${format}`, { token })).ms);
  }
  console.log(`  first download of each format after the saves (ms): ${firsts.join(', ')}`);
  console.log(`  second download of each format: ${stats(again)}`);
} finally {
  server.proc.kill();
  await new Promise((r) => server.proc.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

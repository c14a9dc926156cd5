// npm run bench:click [-- --runs 7 --file some.pdf]
//
// Issue 28: a one-page text PDF, from the click on "Convert Statement" to the result shown in the
// browser. The real server (embedded defaults, fresh data folder) and Debian's chromium; a
// verified Business account made through the API, signed in as the web app stores its session.
// Each run opens /upload afresh, chooses the file, clicks and waits for "Conversion complete".
// The first run is reported apart (the conversion thread loads PDF.js then); the median and the
// worst of the others are the figures. Each run is also split where the time goes: the upload's
// answer (POST /api/files/upload) and the server's time from storing the upload to the file
// completed (its row's created_at to completed_at: conversion and every output written).
//
// Prints figures, asserts nothing (target: median < 0.6 s). Wall times on a loaded machine are
// noisy: the load average is printed beside them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { api, businessAccount, root, spawnAndWait } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    file: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(2, Number(args.runs));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`bench:click: no chromium at ${CHROMIUM} (apt-get install chromium); skipped`);
  process.exit(0);
}

/** The one-page text PDF: --file, else the bench corpus's first one-page text statement, else a generated one. */
async function input() {
  if (args.file) return { name: args.file.split('/').pop(), bytes: readFileSync(args.file) };
  const corpus = join(root, '..', 'shared', 'bench', 'corpus');
  if (existsSync(join(corpus, 'manifest.json'))) {
    const doc = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')).find(
      (d) => d.category === 'text-pdf' && d.pages === 1,
    );
    if (doc) return { name: doc.file, bytes: readFileSync(join(corpus, doc.file)) };
  }
  const { register } = await import('tsx/esm/api');
  register();
  const samples = await import('../packages/server/src/files/sample-statements.ts');
  return { name: 'statement.pdf', bytes: samples.samplePdfStatement(20, 100_000, 1) };
}

const webIndex = join(root, 'packages', 'web', 'dist', 'index.html');
if (!args['no-build'] || !existsSync(webIndex)) {
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) throw new Error('npm run build failed');
}

const file = await input();
const work = mkdtempSync(join(tmpdir(), 'statemint-bench-click-'));
const dataDir = join(work, 'data');
const pdfPath = join(work, file.name);
writeFileSync(pdfPath, file.bytes);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`;

const server = await spawnAndWait(
  [join(root, 'scripts', 'start-server.mjs')],
  { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  '/api/health',
);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
try {
  const account = await businessAccount(server.url, dataDir);
  const db = new Database(join(dataDir, 'statemint.db'), { readonly: true });
  const me = await api(server.url, '/api/auth/user', { token: account.token });
  const context = await browser.newContext();
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.token, JSON.stringify(me.body)],
  );
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await context.newPage();
    await page.goto(`${server.url}/upload`);
    await page.getByTestId('file-input').setInputFiles(pdfPath);
    const button = page.getByRole('button', { name: 'Convert Statement' });
    await button.waitFor();
    let uploaded = null;
    let fileId = null;
    page.on('response', async (res) => {
      if (res.request().method() === 'POST' && res.url().endsWith('/api/files/upload')) {
        uploaded = performance.now();
        fileId = (await res.json().catch(() => null))?.id ?? null;
      }
    });
    const done = page.getByRole('region', { name: 'Conversion complete' });
    const failed = page.getByRole('region', { name: 'Conversion failed' });
    const t0 = performance.now();
    await button.click();
    await done.or(failed).waitFor({ timeout: 60_000 });
    const t1 = performance.now();
    if (await failed.isVisible()) throw new Error(`conversion failed: ${await failed.textContent()}`);
    // The server's own times: the file's row is made when the upload is stored, completed when
    // every output is written.
    const row = fileId ? db.prepare('select created_at, completed_at from files where id = ?').get(fileId) : null;
    const processingMs = row?.completed_at ? row.completed_at - row.created_at : null;
    runs.push({ total: t1 - t0, upload: uploaded ? uploaded - t0 : null, processingMs });
    await page.close();
  }
  const [first, ...rest] = runs;
  const line = (r) =>
    `${ms(r.total)} (upload answered ${r.upload === null ? '?' : ms(r.upload)}, server stored-to-completed ${r.processingMs === null ? '?' : ms(r.processingMs)})`;
  console.log(`click-to-result: ${file.name}, ${RUNS} runs, load average ${loadavg()[0].toFixed(1)} on this machine`);
  console.log(`  first run (conversion thread cold): ${line(first)}`);
  for (const [i, r] of rest.entries()) console.log(`  run ${i + 2}: ${line(r)}`);
  const totals = rest.map((r) => r.total);
  const uploads = rest.map((r) => r.upload).filter((x) => x !== null);
  const conversions = rest.map((r) => r.processingMs).filter((x) => x !== null);
  console.log(
    `click-to-result median=${ms(median(totals))} worst=${ms(Math.max(...totals))}` +
      (uploads.length ? ` upload-answered median=${ms(median(uploads))}` : '') +
      (conversions.length ? ` server median=${ms(median(conversions))}` : '') +
      ' (target: median < 600 ms)',
  );
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.once('exit', r));
  rmSync(work, { recursive: true, force: true });
}

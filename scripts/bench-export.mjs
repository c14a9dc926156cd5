// `node scripts/bench-export.mjs [--synthetic] [--rows N]`
// Time and peak memory of writing every output format for the benchmark's 100-page document
// (converted through bin/statemint; read-only use of ../shared/bench), or for a synthetic statement
// of the same size with --synthetic or when the document or the engine is not available.
// XLSX is also written at four times the rows to show that the streaming writer's memory stays flat.
// With LibreOffice installed (`soffice` on PATH), the XLSX is converted back to CSV headless and its
// dates and amounts are compared with the statement (skipped, not failed, when it is missing).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const FORMATS = ['xlsx', 'csv', 'json', 'xml', 'txt', 'html', 'ofx', 'qfx', 'qbo', 'qif'];

if (process.argv[2] === '--worker') {
  await worker(process.argv[3], process.argv[4], Number(process.argv[5] ?? '1'), process.argv[6]);
} else {
  await main();
}

/** One format in a fresh process, so that its peak memory is its own. */
async function worker(statementsFile, format, repeat, outFile) {
  const { register } = await import('tsx/esm/api');
  register();
  const { writeStatements } = await import('../packages/engine/src/export/index.ts');
  const { createWriteStream } = await import('node:fs');
  const parsed = JSON.parse(readFileSync(statementsFile, 'utf8'));
  const statements = (Array.isArray(parsed) ? parsed : [parsed]).map((s) => ({
    ...s,
    transactions: Array.from({ length: repeat }, () => s.transactions).flat(),
  }));
  const rows = statements.reduce((n, s) => n + s.transactions.length, 0);
  globalThis.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const sink = createWriteStream(outFile);
  const closed = new Promise((resolve, reject) => {
    sink.once('close', resolve);
    sink.once('error', reject);
  });
  await writeStatements(statements, format, sink);
  await closed;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  process.stdout.write(
    `${JSON.stringify({ format, rows, ms, baseRssMb: baseRss / 2 ** 20, peakRssMb: peakRss / 2 ** 20, bytes: statSync(outFile).size })}\n`,
  );
}

function syntheticStatement(rows) {
  const transactions = [];
  let balance = 10_000;
  for (let i = 0; i < rows; i++) {
    const amount = (((i * 7919) % 50_000) - 20_000) / 100;
    balance = Math.round((balance + amount) * 100) / 100;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String(Math.floor(i / 400) + 1).padStart(2, '0');
    transactions.push({
      date: `2025-${month}-${day}`,
      sourceDate: `${day}/${month}`,
      description: `SYNTHETIC ROW ${i} CARD PURCHASE STORE ${i % 97} SOMEWHERE`,
      credit: amount > 0 ? amount : null,
      debit: amount < 0 ? -amount : null,
      amount,
      balance,
      reference: i % 10 === 0 ? `REF${i}` : null,
      page: Math.floor(i / 40) + 1,
    });
  }
  return {
    statement: {
      bankName: 'Synthetic Bank',
      accountHolder: 'TEST HOLDER',
      accountNumber: '000111222',
      currency: 'USD',
      periodStart: '2025-01-01',
      periodEnd: '2025-10-28',
      openingBalance: 10_000,
      closingBalance: balance,
    },
    transactions,
    reconciliation: { status: 'balanced', mismatches: [] },
  };
}

function runWorker(statementsFile, format, repeat, outFile) {
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', import.meta.filename, '--worker', statementsFile, format, String(repeat), outFile],
    { encoding: 'utf8', cwd: root },
  );
  if (r.status !== 0) throw new Error(`${format}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

/** Parses LibreOffice's CSV (its default: comma, `"` quotes, numbers as displayed). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

function libreOfficeCheck(xlsxFile, statement, dir) {
  const which = spawnSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], { encoding: 'utf8' });
  const soffice = which.stdout.trim();
  if (!soffice) {
    console.log('libreoffice: not installed (apt-get install -y libreoffice-calc-nogui); check skipped');
    return true;
  }
  const started = performance.now();
  const r = spawnSync(
    soffice,
    [
      `-env:UserInstallation=file://${join(dir, 'lo-profile')}`,
      '--headless',
      '--convert-to',
      'csv',
      '--outdir',
      dir,
      xlsxFile,
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  const csvFile = xlsxFile.replace(/\.xlsx$/, '.csv');
  if (r.status !== 0 || !existsSync(csvFile)) {
    console.log(`libreoffice: conversion failed: ${r.stderr || r.stdout}`);
    return false;
  }
  const rows = parseCsv(readFileSync(csvFile, 'utf8'));
  const number = (text) => (text === '' ? null : Number(text.replace(/,/g, '')));
  let mismatches = 0;
  statement.transactions.forEach((t, i) => {
    const row = rows[i + 1] ?? [];
    const same =
      row[0] === t.date &&
      number(row[5] ?? '') === t.amount &&
      number(row[6] ?? '') === t.balance &&
      number(row[3] ?? '') === t.credit &&
      number(row[4] ?? '') === t.debit;
    if (!same && mismatches++ < 5) console.log(`libreoffice: row ${i + 2} differs: ${row.join(' | ')}`);
  });
  const ms = Math.round(performance.now() - started);
  console.log(
    `libreoffice: ${statement.transactions.length} rows read back in ${ms} ms, ${mismatches === 0 ? 'same dates and numbers' : `${mismatches} rows differ`}`,
  );
  return mismatches === 0;
}

async function main() {
  const { values } = parseArgs({
    options: {
      synthetic: { type: 'boolean' },
      rows: { type: 'string' },
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'statemint-bench-export-'));
  try {
    const statementsFile = join(dir, 'statements.json');
    const perf = join(root, '..', 'shared', 'bench', 'corpus', 'perf-c-uk-100-pages.pdf');
    let source = 'synthetic';
    if (!values.synthetic && existsSync(perf)) {
      const started = performance.now();
      const r = spawnSync(
        process.execPath,
        [join(root, 'bin', 'statemint'), 'convert', '--format', 'json', '--out', statementsFile, perf],
        { encoding: 'utf8', cwd: root },
      );
      if (r.status === 0) {
        source = `100-page document (converted in ${Math.round(performance.now() - started)} ms)`;
      } else {
        console.log(`convert failed, using a synthetic statement: ${r.stderr.trim()}`);
      }
    }
    if (source === 'synthetic') {
      writeFileSync(statementsFile, JSON.stringify(syntheticStatement(Number(values.rows ?? 4000))));
    }
    const parsed = JSON.parse(readFileSync(statementsFile, 'utf8'));
    const statements = Array.isArray(parsed) ? parsed : [parsed];
    console.log(`export bench: ${source}, ${statements.reduce((n, s) => n + s.transactions.length, 0)} rows`);
    console.log('format      rows     ms   base MB   peak MB   +MB      bytes');
    const line = (m) =>
      console.log(
        `${m.format.padEnd(6)} ${String(m.rows).padStart(9)} ${String(Math.round(m.ms)).padStart(6)} ${m.baseRssMb.toFixed(0).padStart(9)} ${m.peakRssMb.toFixed(0).padStart(9)} ${(m.peakRssMb - m.baseRssMb).toFixed(0).padStart(5)} ${String(m.bytes).padStart(10)}`,
      );
    for (const format of FORMATS) line(runWorker(statementsFile, format, 1, join(dir, `out.${format}`)));
    const big = runWorker(statementsFile, 'xlsx', 4, join(dir, 'out4.xlsx'));
    line({ ...big, format: 'xlsx*4' });

    const ok = libreOfficeCheck(join(dir, 'out.xlsx'), statements[0], dir);
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStatementPdf, sampleRows } from '../testing/statement-pdf';

const cli = join(import.meta.dirname, '..', '..', '..', '..', 'bin', 'statemint');
const dir = mkdtempSync(join(tmpdir(), 'statemint-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('bin/statemint', () => {
  it('documents its usage', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      'statemint convert [--format FORMAT] [--password P] (--out FILE | --out-dir DIR) INPUT...',
    );
  });

  it('converts every input into DIR/<name>.<format>, reports the bad ones and exits 1', async () => {
    const { pdf, expected } = await buildStatementPdf({
      bank: 'Example Bank plc',
      holder: 'MR A TESTER',
      account: '87654321',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 10_000,
      rows: sampleRows(7),
    });
    writeFileSync(join(dir, 'march.statement.pdf'), pdf);
    writeFileSync(join(dir, 'broken.pdf'), '%PDF-1.7 this is not really a PDF');
    const out = join(dir, 'out');
    const r = run(
      'convert',
      '--format',
      'json',
      '--out-dir',
      out,
      join(dir, 'march.statement.pdf'),
      join(dir, 'broken.pdf'),
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^statemint: .*broken\.pdf: UNREADABLE_FILE: .+$/);
    const json = JSON.parse(readFileSync(join(out, 'march.statement.json'), 'utf8'));
    expect(Array.isArray(json)).toBe(false);
    expect(json.transactions.map(({ bbox, ...t }: { bbox?: unknown }) => t)).toEqual(expected);
    expect(json.reconciliation.status).toBe('balanced');

    const csv = run(
      'convert',
      '--format',
      'csv',
      '--csv-preset',
      'accounting',
      '--out',
      join(dir, 'a.csv'),
      join(dir, 'march.statement.pdf'),
    );
    expect(csv.status).toBe(0);
    expect(readFileSync(join(dir, 'a.csv'), 'utf8').split(/\r?\n/)[0]).toBe('Date,Description,Debit,Credit,Balance');
  });

  it('--trace prints which passes fired on each statement and why', async () => {
    const { pdf } = await buildStatementPdf({
      bank: 'Example Bank plc',
      holder: 'MR A TESTER',
      account: '87654321',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 10_000,
      rows: sampleRows(5),
    });
    writeFileSync(join(dir, 'traced.pdf'), pdf);
    const r = run('convert', '--trace', '--out', join(dir, 'traced.json'), join(dir, 'traced.pdf'));
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/traced\.pdf: 5 transactions, balanced$/);
    // The money columns' roles are decided by reconciliation, with the evidence named.
    const roles = lines.findIndex((l) => /^ {2}money-roles \(\d+\)$/.test(l));
    expect(roles).toBeGreaterThan(0);
    expect(lines[roles + 1]).toMatch(/^ {4}columns: .*balance.* \(explains \d+ of \d+ running balances/);
    expect(r.stdout).toMatch(/^ {4}openingBalance: 100 \(printed/m);
  });

  it('refuses a malformed command with exit status 2', () => {
    expect(run('convert', '--format', 'pdf', '--out', 'x', 'y').status).toBe(2);
    expect(run('convert', '--out-dir', dir).status).toBe(2);
  });
});

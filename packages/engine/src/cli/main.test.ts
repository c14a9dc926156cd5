import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extraRef, rawPdf } from '../testing/raw-pdf';
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

  it('keeps every error of a batch inside its own input: broken, malicious and escaping ones', async () => {
    const statement = (account: string) =>
      buildStatementPdf({
        bank: 'Example Bank plc',
        holder: 'MR A TESTER',
        account,
        periodStart: '2024-03-01',
        periodEnd: '2024-03-31',
        openingCents: 10_000,
        rows: sampleRows(5),
      });
    const good = await statement('11112222');
    const latin1 = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1');
    const inputs: Record<string, Uint8Array | string> = {
      'first.pdf': good.pdf,
      'truncated.pdf': good.pdf.subarray(0, 600),
      // A page tree whose node is its own child.
      'loop.pdf': latin1(rawPdf([{ content: 'q Q' }])).replace('/Kids [3 0 R]', '/Kids [2 0 R]'),
      // Nesting deeper than any parser's stack.
      'nested.pdf': rawPdf([{ content: 'q Q', resources: `<< /X ${'['.repeat(50_000)}${']'.repeat(50_000)} >>` }]),
      // No text layer, so OCR draws it: an undecodable JPEG 2000 image and a corrupt deflate stream.
      'bad-images.pdf': rawPdf(
        [
          {
            content: 'q 595 0 0 842 0 0 cm /A Do Q /B Do',
            resources: `<< /XObject << /A ${extraRef(1, 0)} /B ${extraRef(1, 1)} >> >>`,
          },
        ],
        [
          { dict: '<< /Subtype /Image /Width 4000 /Height 4000 /Filter /JPXDecode >>', stream: 'not JPEG 2000' },
          {
            dict: '<< /Subtype /Image /Width 9 /Height 9 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode >>',
            stream: 'not deflate',
          },
        ],
      ),
      // See fixtures/escaping-errors.mjs: an error that escapes as an unhandled rejection while the
      // conversion never settles, and a cancellation notice escaping while a good file converts.
      'escapes.pdf': good.pdf,
      'aborts.pdf': good.pdf,
      'last.pdf': (await statement('33334444')).pdf,
    };
    const batch = join(dir, 'batch');
    mkdirSync(batch);
    for (const [name, bytes] of Object.entries(inputs))
      writeFileSync(join(batch, name), typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    const out = join(batch, 'out');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        join(import.meta.dirname, 'fixtures', 'escaping-errors.mjs'),
        cli,
        'convert',
        '--out-dir',
        out,
        ...Object.keys(inputs).map((name) => join(batch, name)),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    const failures = Object.fromEntries(
      r.stderr
        .trim()
        .split('\n')
        .map((line) => line.match(/^statemint: .*\/([^/]+\.pdf): ([A-Z_]+): /)?.slice(1, 3) ?? [line, '?']),
    );
    expect(failures).toEqual({
      'truncated.pdf': 'UNREADABLE_FILE',
      'loop.pdf': 'UNREADABLE_FILE',
      'nested.pdf': 'UNREADABLE_FILE',
      'bad-images.pdf': 'NO_TRANSACTIONS',
      'escapes.pdf': 'CONVERSION_FAILED',
    });
    expect(r.stderr).toContain('escapes.pdf: CONVERSION_FAILED: Failed to execute drawImage during clean-up');
    // Every good input still has its output, the ones after the failures included.
    for (const name of ['first', 'aborts', 'last']) {
      const json = JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8'));
      expect(json.transactions).toHaveLength(5);
      expect(json.reconciliation.status).toBe('balanced');
    }
  });

  it('warns about names in STATEMINT_DISABLE_PASSES that are no pass', () => {
    const r = spawnSync(
      process.execPath,
      [cli, 'convert', '--out-dir', join(dir, 'ablate'), join(dir, 'missing.pdf')],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, STATEMINT_DISABLE_PASSES: 'label-rows,lable-rows' } },
    );
    expect(r.stderr).toContain("statemint: warning: STATEMINT_DISABLE_PASSES names no pass 'lable-rows'; ignored");
    expect(r.stderr).not.toContain("no pass 'label-rows'");
    expect(r.stderr).toMatch(/missing\.pdf: NOT_FOUND/);
  });

  it('refuses a malformed command with exit status 2', () => {
    expect(run('convert', '--format', 'pdf', '--out', 'x', 'y').status).toBe(2);
    expect(run('convert', '--out-dir', dir).status).toBe(2);
  });
});

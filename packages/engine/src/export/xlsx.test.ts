import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from './describe-xlsx';
import { euroStatement, INJECTION_PROBES, largeStatement, probeStatement, smallStatement } from './fixtures';
import { exportStatements, writeStatements } from './index';
import { uniqueSheetName } from './xlsx';

async function xlsx(...statements: Parameters<typeof exportStatements>[0]): Promise<ExcelJS.Workbook> {
  return loadWorkbook((await exportStatements(statements, 'xlsx')) as Uint8Array);
}

const tmp = mkdtempSync(join(tmpdir(), 'statemint-xlsx-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('XLSX export', () => {
  it('writes real dates, numeric money with a two-decimal format, and a bold frozen filtered header', async () => {
    const wb = await xlsx(smallStatement());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Transactions', 'Summary']);
    const ws = wb.getWorksheet('Transactions')!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Source Date',
      'Description',
      'Credit',
      'Debit',
      'Amount',
      'Balance',
      'Reference',
      'Page',
    ]);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:I7');
    const date = ws.getCell('A2');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString()).toBe('2025-01-03T00:00:00.000Z');
    for (const address of ['E2', 'F2', 'G2', 'D3']) {
      expect(ws.getCell(address).type).toBe(ExcelJS.ValueType.Number);
      expect(ws.getCell(address).numFmt).toBe('#,##0.00');
    }
    expect(ws.getCell('F2').value).toBe(-54.12);
    expect(ws.getCell('D2').value).toBeNull();
    expect(ws.getCell('I2').value).toBe(1);
    // Fitted: the description column is wider than the page column, and no wider than its cap.
    expect(ws.getColumn(3).width).toBeGreaterThan(ws.getColumn(9).width ?? 0);
    expect(ws.getColumn(3).width).toBeLessThanOrEqual(60);
  });

  it('adds a totals row and highlights the rows that do not add up, on both sheets', async () => {
    const wb = await xlsx(smallStatement());
    const ws = wb.getWorksheet('Transactions')!;
    expect(ws.getCell('A8').value).toBe('Total');
    expect(ws.getCell('D8').value).toEqual({ formula: 'SUM(D2:D7)', result: 2000 });
    expect(ws.getCell('E8').value).toEqual({ formula: 'SUM(E2:E7)', result: 1371.62 });
    const fill = ws.getCell('C5').fill;
    expect(fill?.type === 'pattern' && fill.fgColor?.argb).toBe('FFFDE2E1');
    expect(ws.getCell('C4').fill).toBeUndefined();

    const summary = wb.getWorksheet('Summary')!;
    const byLabel = new Map<string, ExcelJS.CellValue>();
    summary.eachRow((row) => byLabel.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(byLabel.get('Bank')).toBe('Example Savings Bank');
    expect(byLabel.get('Opening balance')).toBe(1520.33);
    expect(byLabel.get('Closing balance')).toBe(2148.71);
    expect(byLabel.get('Total debits')).toBe(1371.62);
    expect(byLabel.get('Reconciliation')).toBe('Does not add up');
    expect(byLabel.get('5')).toBeInstanceOf(Date); // the mismatch line points at sheet row 5
  });

  it('keeps formula-looking text as text cells and numbers as numbers', async () => {
    const wb = await xlsx(probeStatement());
    const ws = wb.getWorksheet('Transactions')!;
    INJECTION_PROBES.forEach((probe, i) => {
      const cell = ws.getCell(i + 2, 3);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      // XML turns a raw CR into LF on reading (ExcelJS writes it unescaped); the cell stays text either way.
      expect(cell.value).toBe(probe.replace(/\r/g, '\n'));
      expect(cell.numFmt).toBe('@');
      expect(cell.formula).toBeUndefined();
    });
    const last = ws.getRow(INJECTION_PROBES.length + 2);
    expect(last.getCell(2).value).toBe('-02/09');
    expect(last.getCell(8).value).toBe('=REF()');
    expect(last.getCell(8).type).toBe(ExcelJS.ValueType.String);
    expect(last.getCell(7).value).toBe(-5.55); // a negative balance stays a number
    expect(last.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    // No cell of the workbook other than the totals row holds a formula.
    const formulas: string[] = [];
    for (const sheet of wb.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula) formulas.push(`${sheet.name}!${cell.address}`);
        }),
      );
    expect(formulas).toEqual(['Transactions!D10', 'Transactions!E10', 'Transactions!F10']);
  });

  it('writes a sheet pair per statement with unique names of at most 31 characters', async () => {
    const wb = await xlsx(smallStatement(), euroStatement(), smallStatement());
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual([
      'Transactions 1 4821',
      'Summary 1 4821',
      'Transactions 2 3000',
      'Summary 2 3000',
      'Transactions 3 4821',
      'Summary 3 4821',
    ]);
    expect(wb.getWorksheet('Transactions 2 3000')!.getCell('F3').value).toBe(-1165.44);
    const used = new Set<string>();
    const long = 'A very long statement name that goes on: [and] on?';
    const first = uniqueSheetName(long, used);
    const second = uniqueSheetName(long, used);
    expect(first.length).toBeLessThanOrEqual(31);
    expect(second.length).toBeLessThanOrEqual(31);
    expect(first).not.toMatch(/[[\]:*?/\\]/);
    expect(second).not.toBe(first);
  });

  // The 4,000-row size is timed by scripts/bench-export.mjs; reading back 1,000 rows keeps this test quick.
  it('streams a long statement into a file that reads back with every row', async () => {
    const file = join(tmp, 'large.xlsx');
    await writeStatements([largeStatement(1000)], 'xlsx', createWriteStream(file));
    const wb = await loadWorkbook(new Uint8Array(readFileSync(file)));
    const ws = wb.getWorksheet('Transactions')!;
    expect(ws.rowCount).toBe(1002);
    expect(ws.getCell('A1001').type).toBe(ExcelJS.ValueType.Date);
    expect(ws.getCell('C1001').value).toBe('SYNTHETIC ROW 999 CARD PURCHASE STORE 29');
  });

  it('writes a valid workbook for no statements', async () => {
    const wb = await xlsx();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Transactions']);
  });
});

// LibreOffice is optional on this machine (Debian libreoffice-calc-nogui); where it is installed, it
// must read the workbook with the same numbers and without turning any text into a formula.
const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();

describe.skipIf(!soffice)('XLSX in LibreOffice (headless)', () => {
  it('reads back dates, numbers and formula-looking text as they were written', async () => {
    const file = join(tmp, 'probe.xlsx');
    writeFileSync(file, (await exportStatements([probeStatement()], 'xlsx')) as Uint8Array);
    const r = spawnSync(
      soffice,
      [
        `-env:UserInstallation=file://${join(tmp, 'lo-profile')}`,
        '--headless',
        '--convert-to',
        'csv',
        '--outdir',
        tmp,
        file,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    const rows = parse(readFileSync(join(tmp, 'probe.csv'), 'utf8')) as string[][];
    expect(rows[0]).toEqual([
      'Date',
      'Source Date',
      'Description',
      'Credit',
      'Debit',
      'Amount',
      'Balance',
      'Reference',
      'Page',
    ]);
    expect(rows.slice(1, 5).map((row) => row[2])).toEqual(INJECTION_PROBES.slice(0, 4));
    expect(rows[7]?.[2]).toBe('=HYPERLINK("http://x")');
    expect(rows[1]?.slice(0, 2)).toEqual(['2025-02-01', '02/01']);
    expect(rows[1]?.slice(4, 6).map(Number)).toEqual([20.02, -20.02]);
    expect(rows[8]?.slice(6, 8)).toEqual(['-5.55', '=REF()']);
    expect(rows[9]?.slice(0, 6).map((v, i) => (i >= 3 ? Number(v) : v))).toEqual([
      'Total',
      '',
      '',
      30.03,
      80.18,
      -50.15,
    ]);
  });
});

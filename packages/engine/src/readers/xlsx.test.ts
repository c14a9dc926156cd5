import { AppError } from '@statemint/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import type { LayoutPage } from '../layout/model';
import { cellText, readXlsx } from './xlsx';

function show(page: LayoutPage): string[] {
  return page.lines.map((l) => l.runs.map((r) => `[${r.x0}]${r.text}`).join(' | '));
}

async function bytesOf(wb: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('readXlsx', () => {
  it('gives one page per sheet in workbook order, with dates, amounts and text in neutral notation', async () => {
    const wb = new ExcelJS.Workbook();
    const summary = wb.addWorksheet('Summary');
    summary.addRow(['Account name', 'MR A TEST']);
    summary.addRow(['Opening balance', 1234.5]);
    summary.getCell('B2').numFmt = '#,##0.00';
    const tx = wb.addWorksheet('Transactions');
    tx.addRow(['Date', 'Description', 'Debit', 'Credit', 'Balance']);
    const r1 = tx.addRow([new Date(Date.UTC(2025, 3, 1)), 'Rent', 1500, null, -265.5]);
    const r2 = tx.addRow([new Date(Date.UTC(2025, 3, 2)), 'Salary', null, 4170.59, 3905.09]);
    for (const r of [r1, r2]) {
      r.getCell(1).numFmt = 'dd/mm/yyyy';
      for (const c of [3, 4, 5]) r.getCell(c).numFmt = '$#,##0.00;($#,##0.00)';
    }
    const doc = await readXlsx(await bytesOf(wb));
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(show(doc.pages[0] as LayoutPage)).toEqual([
      '[0]Account name | [100]MR A TEST',
      '[0]Opening balance | [100]1234.50',
    ]);
    expect(show(doc.pages[1] as LayoutPage)).toEqual([
      '[0]Date | [100]Description | [200]Debit | [300]Credit | [400]Balance',
      '[0]2025-04-01 | [100]Rent | [200]$1500.00 | [400]-$265.50',
      '[0]2025-04-02 | [100]Salary | [300]$4170.59 | [400]$3905.09',
    ]);
  });

  it('uses formula results, joins rich text, shows merged values once and keeps real columns', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.getCell('A1').value = 'Statement of account';
    ws.mergeCells('A1:C1');
    ws.getCell('B3').value = { richText: [{ text: 'Card ' }, { text: 'payment', font: { bold: true } }] };
    ws.getCell('D3').value = { formula: 'E3*2', result: -12.25 };
    ws.getCell('E3').value = -6.125;
    ws.getCell('B4').value = { text: 'link text', hyperlink: 'https://example.com' };
    ws.getCell('D4').value = 0.1 + 0.2;
    ws.getCell('B5').value = true;
    const page = (await readXlsx(await bytesOf(wb))).pages[0] as LayoutPage;
    expect(show(page)).toEqual([
      '[0]Statement of account',
      '[100]Card payment | [300]-12.25 | [400]-6.125',
      // 0.1 + 0.2 without float noise, with cents like the column's other amount.
      '[100]link text | [300]0.30',
      '[100]TRUE',
    ]);
    // The blank second row keeps its space.
    expect(page.lines[1]?.y0).toBe(2 * 12);
  });

  it('leaves a hidden sheet empty but keeps the numbering of the others', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Lists', { state: 'hidden' }).addRow(['lookup', 1]);
    wb.addWorksheet('Data').addRow(['Date', 'Amount']);
    const doc = await readXlsx(await bytesOf(wb));
    expect(doc.pages.map((p) => [p.number, p.lines.length])).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it('answers an empty workbook with empty pages', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Empty');
    const doc = await readXlsx(await bytesOf(wb));
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.lines).toEqual([]);
  });

  it('refuses a workbook that would inflate beyond the memory budget before loading it', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data').addRow(['Date', 'Amount']);
    const bytes = await bytesOf(wb);
    // Claim 1 GB for the first entry in the ZIP central directory.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = bytes.length - 22;
    while (view.getUint32(at, true) !== 0x06054b50) at--;
    const directory = view.getUint32(at + 16, true);
    expect(view.getUint32(directory, true)).toBe(0x02014b50);
    view.setUint32(directory + 24, 1 << 30, true);
    const err = await readXlsx(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('UNREADABLE_FILE');
    expect((err as AppError).message).toMatch(/too large/);
  });

  it('answers a truncated or foreign file with UNREADABLE_FILE', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data').addRow(['Date', 'Amount']);
    const bytes = await bytesOf(wb);
    for (const bad of [bytes.subarray(0, Math.floor(bytes.length / 2)), new TextEncoder().encode('not a workbook')]) {
      const err = await readXlsx(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('UNREADABLE_FILE');
    }
  });
});

describe('convert: XLSX exports', () => {
  it("names the currency that only the cells' number format shows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Current');
    ws.addRow(['Date', 'Details', 'Paid out', 'Paid in', 'Balance']);
    const rows: [Date, string, number | null, number | null, number][] = [
      [new Date(Date.UTC(2025, 2, 3)), 'Card payment', 45.12, null, 1475.21],
      [new Date(Date.UTC(2025, 2, 4)), 'Salary', null, 2540, 4015.21],
      [new Date(Date.UTC(2025, 2, 5)), 'Rent', 1234.56, null, 2780.65],
    ];
    for (const values of rows) {
      const r = ws.addRow(values);
      r.getCell(1).numFmt = 'd mmm yyyy';
      for (const c of [3, 4, 5]) r.getCell(c).numFmt = '£#,##0.00';
    }
    const [s] = await convert(await bytesOf(wb), { fileName: 'export.xlsx' });
    expect(s?.statement.currency).toBe('GBP');
    expect(s?.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2025-03-03', -45.12, 1475.21],
      ['2025-03-04', 2540, 4015.21],
      ['2025-03-05', -1234.56, 2780.65],
    ]);
  });
});

describe('readXlsx: General-format numbers', () => {
  it('prints money columns with cents and reads sorted date serials as dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Export');
    ws.addRow(['Account', 12345678]);
    ws.addRow(['Opening balance', 1520.33]);
    ws.addRow(['Date', 'Description', 'Amount', 'Balance', 'Reference']);
    ws.addRow([45719, 'Card payment', -45.12, 1475.21, 40001]);
    ws.addRow([45720, 'Salary', 2540, 4015.21, 45000]);
    ws.addRow([45721, 'Rent', -1200, 2815.21, 41000]);
    const doc = await readXlsx(await bytesOf(wb));
    expect(show(doc.pages[0] as LayoutPage)).toEqual([
      '[0]Account | [100]12345678',
      '[0]Opening balance | [100]1520.33',
      '[0]Date | [100]Description | [200]Amount | [300]Balance | [400]Reference',
      '[0]2025-03-03 | [100]Card payment | [200]-45.12 | [300]1475.21 | [400]40001',
      '[0]2025-03-04 | [100]Salary | [200]2540.00 | [300]4015.21 | [400]45000',
      '[0]2025-03-05 | [100]Rent | [200]-1200.00 | [300]2815.21 | [400]41000',
    ]);
    const [s] = await convert(await bytesOf(wb), { fileName: 'export.xlsx' });
    expect(s?.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2025-03-03', -45.12, 1475.21],
      ['2025-03-04', 2540, 4015.21],
      ['2025-03-05', -1200, 2815.21],
    ]);
  });
});

describe('cellText', () => {
  it.each([
    [-1234.5, '#,##0.00', '-1234.50'],
    [1234.5, undefined, '1234.5'],
    [1234.5, 'General', '1234.5'],
    [42, '0', '42'],
    [0.125, '0.0%', '12.5%'],
    [-0.001, '0.00', '-0.001'],
    [50101579715513, undefined, '50101579715513'],
    [45383, 'dd/mm/yyyy', '2024-04-01'],
    [45383.5, 'yyyy-mm-dd hh:mm', '2024-04-01 12:00'],
    // Date-times stored as ISO 8601 text come out like real date-time cells.
    ['2024-04-01T00:00:00', undefined, '2024-04-01'],
    // Currency formats keep their symbol or code, where the format prints it.
    [-1234.5, '£#,##0.00;(£#,##0.00)', '-£1234.50'],
    [-12, '#,##0.00 [$€-407]', '-12.00 €'],
    [12, '#,##0.00 "EUR"', '12.00 EUR'],
    [12, '[$USD] #,##0.00', 'USD 12.00'],
    [12, '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)', '$12.00'],
    [5, '0 "days"', '5'],
    ['2024-04-01T12:30:00Z', undefined, '2024-04-01 12:30:00'],
    ['Paid 2024-04-01T12:30:00Z', undefined, 'Paid 2024-04-01T12:30:00Z'],
  ])('%s with format %s -> %s', (value, fmt, text) => {
    expect(cellText(value, fmt)).toBe(text);
  });
});

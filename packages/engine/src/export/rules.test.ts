/** Issue 27, rules that learn: what the account's rules give the rows lands in each export's payee and category fields. */
import { applyRules, type PayeeRule } from '@statemint/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { smallStatement } from './fixtures';
import { exportStatements } from './index';

const rule = (r: Partial<PayeeRule>): PayeeRule => ({
  id: r.match ?? 'r',
  accountNumber: null,
  match: '',
  payee: null,
  category: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  ...r,
});

const ruled = () =>
  applyRules(
    [smallStatement()],
    [
      rule({ match: 'whole foods', payee: 'Whole Foods', category: 'Office' }),
      rule({ match: 'SERVICE FEE', category: 'Bank: charges' }),
    ],
  );

describe('exports with rules applied', () => {
  it('CSV: Payee and Category columns after the preset (standard, accounting); simple takes the category', async () => {
    const standard = String(await exportStatements(ruled(), 'csv')).split('\r\n');
    expect(standard[0]).toBe('Date,Source Date,Description,Credit,Debit,Amount,Balance,Reference,Page,Payee,Category');
    expect(standard[1]).toMatch(/^2025-01-03,.*CARD PURCHASE WHOLE FOODS.*,Whole Foods,Office$/);
    expect(standard[2]).toMatch(/,,$/); // no rule: empty payee and category
    expect(standard[6]).toMatch(/,,Bank: charges$/);
    const simple = String(await exportStatements(ruled(), 'csv', { csvPreset: 'simple' })).split('\r\n');
    expect(simple[0]).toBe('Date,Description,Amount,Reference,Category');
    expect(simple[1]).toMatch(/,Office$/);
    expect(simple[2]).toMatch(/,Salary$/); // the built-in categoriser where no rule speaks
    // Without rules, DECISIONS.md's columns stay as they were.
    const plain = String(await exportStatements([smallStatement()], 'csv')).split('\r\n');
    expect(plain[0]).toBe('Date,Source Date,Description,Credit,Debit,Amount,Balance,Reference,Page');
  });

  it('QIF: the payee in P with the description kept as the memo, the category in L', async () => {
    const qif = String(await exportStatements(ruled(), 'qif'));
    expect(qif).toContain('PWhole Foods\r\nMCARD PURCHASE WHOLE FOODS #123 AUSTIN TX\r\nLOffice\r\n^');
    expect(qif).toContain('PMONTHLY SERVICE FEE\r\nLBank and  charges\r\n^');
    expect(qif).toContain('PPAYROLL ACME CORP DIRECT DEP\r\nLSalary\r\n^');
  });

  it('XLSX: Payee and Category columns after the 9 where rules gave them, the 9 alone without', async () => {
    const sheet = async (statements: ReturnType<typeof ruled>) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await exportStatements(statements, 'xlsx')) as unknown as ArrayBuffer);
      const ws = wb.worksheets.find((w) => w.name.startsWith('Transactions'));
      return ws as ExcelJS.Worksheet;
    };
    const ws = await sheet(ruled());
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
      'Payee',
      'Category',
    ]);
    expect([ws.getRow(2).getCell(10).value, ws.getRow(2).getCell(11).value]).toEqual(['Whole Foods', 'Office']);
    expect(ws.getRow(3).getCell(10).value).toBeNull();
    expect((await sheet([smallStatement()])).getRow(1).cellCount).toBe(9);
  });

  it('QBO/OFX: the payee is the NAME, the description stays in MEMO', async () => {
    const qbo = Buffer.from(await exportStatements(ruled(), 'qbo')).toString('latin1');
    expect(qbo).toMatch(/<NAME>Whole Foods(<\/NAME>)?\s*<MEMO>CARD PURCHASE WHOLE FOODS #123 AUSTIN TX/);
  });
});

import { describe, expect, it } from 'vitest';
import type { LayoutLine } from '../layout/model';
import { isOtherTableHeader, matchHeader, roleOfLabel } from './header';

function line(y: number, ...cells: [number, string][]): LayoutLine {
  const runs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 5, y0: y, y1: y + 8, size: 8 }));
  return { runs, y0: y, y1: y + 8 };
}

describe('header words', () => {
  it.each([
    ['Date', 'date'],
    ['Buchungstag', 'date'],
    ['Fecha', 'date'],
    ['Valuta', 'valueDate'],
    ['Value Dt', 'valueDate'],
    ['Verwendungszweck', 'description'],
    ['Narration', 'description'],
    ['Concepto', 'description'],
    ['Histórico', 'description'],
    ['Withdrawals/ Subtractions', 'debit'],
    ['Paid out', 'debit'],
    ['Cargos', 'debit'],
    ['Soll', 'debit'],
    ['Paid in', 'credit'],
    ['Abonos', 'credit'],
    ['Haben', 'credit'],
    ['Betrag (EUR)', 'amount'],
    ['Montant', 'amount'],
    ['Importe', 'amount'],
    ['Amount ($)', 'amount'],
    ['Kontostand', 'balance'],
    ['Solde', 'balance'],
    ['Closing Balance', 'balance'],
    ['Chq./Ref.No.', 'reference'],
    ['DR/CR', 'drcr'],
    ['Omschrijving', 'description'],
    ['Bedrag', 'amount'],
  ])('%s is %s', (label, role) => {
    expect(roleOfLabel(label)).toBe(role);
  });

  it('finds a header and merges stacked label lines', () => {
    const lines = [
      line(100, [70, 'Check'], [390, 'Withdrawals/'], [470, 'Deposits/'], [540, 'Ending daily']),
      line(
        108,
        [40, 'Date'],
        [70, 'Number'],
        [114, 'Description'],
        [393, 'Subtractions'],
        [472, 'Additions'],
        [546, 'balance'],
      ),
      line(130, [40, '03/04'], [114, 'PAYROLL'], [475, '1,911.26']),
    ];
    const m = matchHeader(lines, 1);
    expect(m?.lineIndexes).toEqual([0, 1]);
    expect(m?.labels.map((l) => [l.role, l.text])).toEqual([
      ['date', 'Date'],
      ['reference', 'Check Number'],
      ['description', 'Description'],
      ['debit', 'Withdrawals/ Subtractions'],
      ['credit', 'Deposits/ Additions'],
      ['balance', 'Ending daily balance'],
    ]);
  });

  it('rejects prose and multi-column listings', () => {
    expect(matchHeader([line(0, [0, 'Please review the date and balance of this statement'])], 0)).toBeNull();
    const listing = line(
      0,
      [0, 'Number'],
      [60, 'Date'],
      [120, 'Amount'],
      [200, 'Number'],
      [260, 'Date'],
      [320, 'Amount'],
    );
    expect(matchHeader([listing], 0)).toBeNull();
  });

  it('recognises other tables that end a transaction table', () => {
    expect(
      isOtherTableHeader(line(0, [0, 'Date'], [60, 'Description'], [300, 'This period'], [400, 'Year to date'])),
    ).toBe(true);
    expect(isOtherTableHeader(line(0, [0, '03/04'], [60, 'PAYROLL']))).toBe(false);
  });

  it('gives an unreadable label beside a lone credit (or debit) column the other side', () => {
    const cols: [number, string][] = [
      [0, 'Date'],
      [60, 'Narration'],
      [300, 'Value Dt'],
      [360, 'oe'],
      [420, 'Deposit Amt.'],
      [500, 'Closing Balance'],
    ];
    const m = matchHeader([line(0, ...cols)], 0);
    expect(m?.labels.map((l) => l.role)).toEqual(['date', 'description', 'valueDate', 'debit', 'credit', 'balance']);
  });

  it('rejects a header with a running balance and only one of debit and credit (a label lost to OCR)', () => {
    const m = matchHeader(
      [line(0, [0, 'Date'], [60, 'Narration'], [420, 'Deposit Amt.'], [500, 'Closing Balance'])],
      0,
    );
    expect(m).toBeNull();
    // Without a balance column a one-sided table is plausible (a deposits section).
    expect(matchHeader([line(0, [0, 'Date'], [60, 'Description'], [420, 'Deposits'])], 0)).not.toBeNull();
  });

  it('takes an unreadable last label right of the money columns for the running balance', () => {
    // "Ending daily balance" of which OCR kept only "Ending", on the stacked line above.
    const lines = [
      line(0, [180, 'Withdrawals/'], [260, 'Deposits/'], [340, 'Ending']),
      line(10, [0, 'Date'], [60, 'Description'], [180, 'Subtractions'], [260, 'Additions']),
    ];
    const m = matchHeader(lines, 1);
    expect(m?.labels.map((l) => l.role)).toEqual(['date', 'description', 'debit', 'credit', 'balance']);
  });

  it('takes the posting date of a card statement with two date columns', () => {
    const m = matchHeader([line(0, [0, 'Trans Date'], [60, 'Post Date'], [120, 'Description'], [400, 'Amount'])], 0);
    expect(m?.labels.map((l) => l.role)).toEqual(['valueDate', 'date', 'description', 'amount']);
  });
});

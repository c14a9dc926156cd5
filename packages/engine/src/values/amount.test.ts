import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferDecimalMark, parseAmount } from './amount';

describe('parseAmount', () => {
  it.each([
    ['1,234.56', '.', 123456, null],
    ['1.234,56', ',', 123456, null],
    ["1'234.56", '.', 123456, null],
    ['1 234,56', ',', 123456, null],
    ['1,23,456.78', '.', 12345678, null],
    ['-1.00', '.', 100, 'minus'],
    // Cents without a leading zero, as some banks print them.
    ['.50', '.', 50, null],
    [',50', ',', 50, null],
    ['(.18)', '.', 18, 'minus'],
    ['1.00-', '.', 100, 'minus'],
    ['(54.12)', '.', 5412, 'minus'],
    ['($2,425.00)', '.', 242500, 'minus'],
    ['54.12 DR', '.', 5412, 'debit'],
    ['$4,146.40 CR', '.', 414640, 'credit'],
    ['800,00 S', ',', 80000, 'debit'],
    ['44,36 H', ',', 4436, 'credit'],
    ['1.888,04+', ',', 188804, 'plus'],
    ['123.45 D', '.', 12345, 'debit'],
    ['+$6,766.03', '.', 676603, 'plus'],
    ['£789.35', '.', 78935, null],
    ['0.65', '.', 65, null],
    ['1.234,56 €', ',', 123456, null],
    ['-12,50 €', ',', 1250, 'minus'],
    ['12,50 € S', ',', 1250, 'debit'],
  ] as const)('%s with decimal %s', (text, decimal, cents, mark) => {
    const v = parseAmount(text, decimal);
    expect(v?.cents).toBe(cents);
    expect(v?.mark).toBe(mark);
  });

  it.each([
    ['1,234', '.'],
    ['1.234,56', '.'],
    ['12/05', '.'],
    ['PAYROLL', '.'],
    ['1,2345.00', '.'],
    ['(1.00', '.'],
    ['533441', '.'],
  ] as const)('rejects %s', (text, decimal) => {
    expect(parseAmount(text, decimal)).toBeNull();
  });

  it('keeps the currency printed with the amount, before or after it, as printed', () => {
    expect(parseAmount('£12.00')?.currency).toBe('£');
    expect(parseAmount('€12.00')?.currency).toBe('€');
    expect(parseAmount('EUR 12.00')?.currency).toBe('EUR');
    expect(parseAmount('US$1,550.73')?.currency).toBe('US$');
    expect(parseAmount('1 234,50 kr', ',')).toEqual({ cents: 123450, mark: null, currency: 'kr' });
    expect(parseAmount('-1234,50 zł', ',')).toEqual({ cents: 123450, mark: 'minus', currency: 'zł' });
    expect(parseAmount('Rp 1.235.000', ',', true)).toEqual({ cents: 123500000, mark: null, currency: 'Rp' });
    expect(parseAmount('CHF-1’234.50')).toEqual({ cents: 123450, mark: 'minus', currency: 'CHF' });
    expect(parseAmount('₺1.234,50', ',')?.currency).toBe('₺');
  });

  it('takes three capitals for a currency only where they are an ISO 4217 code', () => {
    expect(parseAmount('3,786,166.85 MYR')?.currency).toBe('MYR');
    expect(parseAmount('RMB 1,234.00')?.currency).toBe('RMB');
    // A bank's code after a balance ("PUNB 1" of the payer's bank), not "PUN" and a debit "B".
    expect(parseAmount('3,786,166.85 PUNB')).toBeNull();
    expect(parseAmount('ABC 12.00')).toBeNull();
  });

  it('keeps a sign word printed after the amount as printed', () => {
    expect(parseAmount('1,234.56 DB')).toEqual({ cents: 123456, mark: 'debit', currency: null, suffix: 'DB' });
    expect(parseAmount('12,00 C', ',')?.suffix).toBe('C');
    expect(parseAmount('12,00 A', ',')?.mark).toBe('credit');
  });

  it('reads Afrikaans sign words and a footnote mark after the amount', () => {
    expect(parseAmount('30,000.00 Kt')).toMatchObject({ cents: 3_000_000, mark: 'credit', suffix: 'Kt' });
    expect(parseAmount('172,568.59 Dt')).toMatchObject({ cents: 17_256_859, mark: 'debit', suffix: 'Dt' });
    expect(parseAmount('-30.00*')).toMatchObject({ cents: 3_000, mark: 'minus' });
    expect(parseAmount('12*')).toBeNull();
  });

  it('reads back every amount written in any of the supported styles (property)', () => {
    const styles = [
      { decimal: '.' as const, group: ',' },
      { decimal: ',' as const, group: '.' },
      { decimal: '.' as const, group: "'" },
      { decimal: ',' as const, group: ' ' },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (cents, s, neg) => {
          const style = styles[s] as (typeof styles)[number];
          const whole = Math.floor(cents / 100)
            .toString()
            .replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
          const text = `${neg ? '-' : ''}${whole}${style.decimal}${String(cents % 100).padStart(2, '0')}`;
          const v = parseAmount(text, style.decimal);
          expect(v?.cents).toBe(cents);
          expect(v?.mark).toBe(neg ? 'minus' : null);
        },
      ),
    );
  });
});

describe('inferDecimalMark', () => {
  it('decides by the mark before the last two digits', () => {
    expect(inferDecimalMark(['1.234,56', '9,43-', '12,00 S'])).toBe(',');
    expect(inferDecimalMark(['1,234.56', '(9.43)', 'PAYROLL'])).toBe('.');
  });

  it('sees the mark of amounts followed by their currency', () => {
    expect(inferDecimalMark(['45,12 €', '2 540,00 €', '1.23'])).toBe(',');
    expect(inferDecimalMark(['-45,12 EUR', '1.475,21 EUR', '9.99'])).toBe(',');
  });
});

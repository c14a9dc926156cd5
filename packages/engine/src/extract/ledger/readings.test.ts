import { describe, expect, it } from 'vitest';
import { describeReading, type LedgerRowInput, type MoneyCell, readings } from './readings';

const cell = (cents: number, mark: MoneyCell['mark'] = null): MoneyCell => ({ cents, mark, text: String(cents) });

describe('money-roles readings', () => {
  it('checks amounts against a balance printed in a row of its own (opening and closing rows, no balance column)', () => {
    // "Value" is the signed amount (debits marked Dr); "orig" a foreign amount on a few rows. With
    // no balance column only the closing row can tell the readings apart: opening + values = closing.
    const values = [-95_625, -80_615, 3_112_500, -84_700, -247_112, -96_863, -70_000, -1_992_000, 1_500_000, -43_700];
    const rows: LedgerRowInput[] = [
      { money: new Map([['value', cell(21_343_552)]]), sign: null, balanceOnly: true },
      ...values.map((v, i) => ({
        money: new Map([
          ['value', cell(Math.abs(v), v < 0 ? 'debit' : null)],
          ...(i === 4 ? [['orig', cell(10_623)] as const] : []),
        ]),
        sign: null,
      })),
      {
        money: new Map([['value', cell(21_343_552 + values.reduce((a, b) => a + b, 0))]]),
        sign: null,
        balanceOnly: true,
      },
    ];
    const best = readings({
      rows,
      keys: ['orig', 'value'],
      // Both labels read as an amount: the header's words cannot tell which is the account's.
      labels: new Map(),
      opening: null,
      closing: null,
      card: false,
    })[0];
    expect(best && describeReading(best)).toBe('amount "value"');
    expect(best?.explains).toMatchObject({ balances: 1, balanceChecks: 1 });
  });
});

/**
 * tokeniseRun: a run's words become dates, amounts, sign words and text. An amount may take up to
 * five words ("1 234,56 €"); a word with no digit in reach of the next five starts none, and no
 * piece of it is cut out to be tried (most words of a long statement's descriptions).
 */
import { describe, expect, it, vi } from 'vitest';
import { tokeniseRun } from './tokenise';

const run = (text: string) => ({ text, x0: 0, x1: text.length * 5, y0: 0, y1: 10, size: 10 });

describe('tokeniseRun', () => {
  it('reads the amount at the end of a description, its words one text token', () => {
    const tokens = tokeniseRun(run('CARD PAYMENT TESCO STORES LEEDS WEST 1,234.56 CR'), 0, {
      decimal: '.',
      integers: false,
    });
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ['text', 'CARD PAYMENT TESCO STORES LEEDS WEST'],
      ['money', '1,234.56 CR'],
    ]);
  });

  it('cuts no pieces out of words that hold no digit', () => {
    const words = 'DIRECT DEBIT CITY WATER SERVICES NORTH EAST REGION ACCOUNT HOLDER';
    const slice = vi.spyOn(String.prototype, 'slice');
    let tokens: ReturnType<typeof tokeniseRun>;
    let slices = 0;
    try {
      tokens = tokeniseRun(run(`${words} 12.50`), 0, { decimal: '.', integers: false });
      slices = slice.mock.calls.length;
    } finally {
      slice.mockRestore();
    }
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ['text', words],
      ['money', '12.50'],
    ]);
    // Ten words before the amount: the first five see no digit in reach and cut out no piece
    // (47 slices in all here; 66 when every word's five pieces were cut out).
    expect(slices).toBeLessThanOrEqual(50);
  });
});

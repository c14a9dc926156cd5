/**
 * Running text (isRunningText): a line whose words read as a sentence, ten words and fifty letters
 * or more. A line shorter than fifty characters cannot hold fifty letters: it is answered without
 * counting its words (most lines of a long statement).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Token, TokenLine } from '../tokens/tokenise';
import { isRunningText } from './period';

const line = (...texts: string[]) =>
  ({
    tokens: texts.map((text, i) => ({ kind: 'text', text, x0: i * 100, x1: i * 100 + 90, size: 10 }) as Token),
  }) as TokenLine;

describe('isRunningText', () => {
  it('reads a sentence as running text, and a row or a short line as none', () => {
    expect(
      isRunningText(line('Please note that the interest rates on your savings account will change next month.')),
    ).toBe(true);
    expect(isRunningText(line('12/03/2024', 'CARD PAYMENT TESCO STORES', '12.50'))).toBe(false);
    // Ten words, but under fifty letters.
    expect(isRunningText(line('a bb cc dd ee ff gg hh ii jj kk ll'))).toBe(false);
  });

  it('answers a line of under fifty characters without splitting it into words', () => {
    const split = vi.spyOn(String.prototype, 'split');
    try {
      expect(isRunningText(line('12/03/2024', 'CARD PAYMENT TESCO STORES', '12.50'))).toBe(false);
      expect(split).not.toHaveBeenCalled();
    } finally {
      split.mockRestore();
    }
  });
});

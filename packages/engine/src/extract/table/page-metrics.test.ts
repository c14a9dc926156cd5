/**
 * A page's text size and line pitch (pageMetrics): the medians of its tokens' sizes and of the
 * distances between its lines, sorted as numbers without a comparator called for every pair (each
 * page of a long statement is measured).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Token, TokenLine } from '../tokens/tokenise';
import { pageMetrics } from './regions';

const line = (y: number, sizes: number[]) =>
  ({ y0: y - 8, y1: y, tokens: sizes.map((size) => ({ kind: 'text', text: 'x', size }) as Token) }) as TokenLine;

describe('pageMetrics', () => {
  it('takes the median size and pitch, sorting the numbers as numbers', () => {
    const lines = [line(100, [9, 10]), line(112, [10, 12]), line(124, [10]), line(150, [10, 8]), line(162, [11])];
    const sort = vi.spyOn(Array.prototype, 'sort');
    try {
      // Sizes 8 9 10 10 10 10 11 12: the upper middle is 10. Pitches 12 12 26 12: the upper middle is 12.
      expect(pageMetrics(lines)).toEqual({ size: 10, pitch: 12 });
      expect(sort).not.toHaveBeenCalled();
    } finally {
      sort.mockRestore();
    }
  });
});

/**
 * Text column roles (assignTextRoles): a column of serial numbers under a reference label counts
 * the rows, a column of words is the description. Each column's cells are read once, however many
 * of the tests ask for them (a 100-page statement's regions are read for every column).
 */
import { describe, expect, it } from 'vitest';
import type { Token } from '../tokens/tokenise';
import type { Column, Region } from './model';
import { assignTextRoles } from './roles';

const column = (index: number, kind: Column['kind'], label: string): Column => ({
  index,
  x0: index * 100,
  x1: index * 100 + 80,
  kind,
  label,
  readings: [],
  role: 'other',
  filled: 0,
});

describe('assignTextRoles', () => {
  it("reads a column's values once for all the tests that ask, and gives serial numbers no reference role", () => {
    const columns = [
      column(0, 'date', 'Date'),
      column(1, 'text', 'Ref'),
      column(2, 'text', ''),
      column(3, 'money', 'Amount'),
    ];
    const region = { page: 1, header: [], lines: [], columns, pitch: 12, size: 10, source: 'pdf' } as Region;
    const reads = new Map<number, number>();
    const cells = Array.from({ length: 8 }, (_, r) => {
      const row: Token[][] = [
        [{ text: `0${r + 1}/03/2024` } as Token],
        [{ text: String(r + 1) } as Token],
        [{ text: `CARD PAYMENT SHOP ${r}` } as Token],
        [{ text: '12.00' } as Token],
      ];
      return new Proxy(row, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads.set(Number(key), (reads.get(Number(key)) ?? 0) + 1);
          return Reflect.get(target, key, receiver);
        },
      });
    });
    assignTextRoles(region, cells);
    expect(columns.map((c) => c.role)).toEqual(['date', 'other', 'description', 'amount']);
    // The serial numbers' cells: once for their values, once for their letters.
    expect(reads.get(1)).toBe(16);
  });
});

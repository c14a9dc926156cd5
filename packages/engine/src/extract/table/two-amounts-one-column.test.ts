/**
 * `two-amounts-one-column`: the ranges a page's amounts cover, as a real statement's page gave them
 * (positions in points, 7.5-point type): deposits right-aligned at 679.4, running balances at 721.3,
 * the six-digit balances starting at 683.2, within a touch of the deposits' column, so the two
 * columns' ranges merged into one.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from '../tokens/tokenise';
import { splitAtTwoAmounts } from './columns';

const amount = (text: string, x0: number, x1: number): Token => ({
  kind: 'money',
  text,
  x0,
  x1,
  y0: 0,
  y1: 7.5,
  size: 7.5,
  bold: false,
  run: 0,
});

describe('two-amounts-one-column', () => {
  it('a line printing two amounts apart cuts the range they share between them', () => {
    const lines = [
      [amount('181,548.40', 683.2, 721.3)],
      [amount('25,000.00', 645.6, 679.4), amount('32,388.33', 687.5, 721.3)],
      [amount('90,000.00', 645.6, 679.6), amount('181,778.40', 683.4, 721.3)],
      [amount('360.00', 656, 679.4), amount('21,154.86', 687.5, 721.3)],
      [amount('110,934.86', 683.2, 721.3)],
    ];
    const cut = splitAtTwoAmounts([{ x0: 645.6, x1: 721.3 }], lines, 7.5);
    expect(cut).toHaveLength(2);
    expect(cut[0]?.x0).toBe(645.6);
    expect(cut[1]?.x1).toBe(721.3);
    // Every deposit ends left of the cut, every balance starts right of it.
    expect(cut[0]?.x1).toBeGreaterThan(679.6);
    expect(cut[0]?.x1).toBeLessThan(683.2);
    expect(cut[1]?.x0).toBe(cut[0]?.x1);
  });

  it('text among the amounts, or amounts that touch, cut nothing', () => {
    const text: Token = { ...amount('USD 6.96 @', 640, 670), kind: 'text' };
    expect(splitAtTwoAmounts([{ x0: 640, x1: 721.3 }], [[text, amount('21,154.86', 687.5, 721.3)]], 7.5)).toHaveLength(
      1,
    );
    expect(
      splitAtTwoAmounts(
        [{ x0: 645.6, x1: 721.3 }],
        [[amount('1,000.00', 645.6, 690), amount('2.00', 689, 721.3)]],
        7.5,
      ),
    ).toHaveLength(1);
  });
});

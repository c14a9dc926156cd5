/**
 * The PaddleOCR backend's own post-processing, on maps and model outputs the test makes: DB's
 * regions, CTC decoding, words boxed by the steps of their characters, and regions side by side
 * made one line. (Reading a drawn page through the models is in backend.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ctcDecode, dbBoxes, lineIds, toWords } from './paddle';

describe('dbBoxes', () => {
  it('finds each confident region, grows it by the unclip distance and leaves faint or tiny ones', () => {
    const w = 64;
    const h = 32;
    const prob = new Float32Array(w * h);
    const fill = (x0: number, y0: number, x1: number, y1: number, p: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) prob[y * w + x] = p;
    };
    fill(4, 10, 24, 16, 0.9); // a word: 20 x 6
    fill(30, 10, 50, 16, 0.45); // over the threshold, but its mean score is under 0.6
    fill(56, 4, 58, 6, 0.95); // a speck
    const boxes = dbBoxes(prob, w, h, 60, 30);
    // d = 20 * 6 * 1.5 / (2 * 26) = 3.46
    expect(boxes).toEqual([{ x0: 0, y0: 6, x1: 28, y1: 20 }]);
  });
});

describe('ctcDecode and toWords', () => {
  const chars = ['', 'A', 'B', '1', '.', ' '];
  /** One step per character of `path` ('-' blank), its class certain at p. */
  const probs = (path: string, p = 0.9) => {
    const out = new Float32Array(path.length * chars.length);
    [...path].forEach((c, t) => {
      const k = c === '-' ? 0 : chars.indexOf(c === '_' ? ' ' : c);
      for (let j = 0; j < chars.length; j++) out[t * chars.length + j] = j === k ? p : (1 - p) / (chars.length - 1);
    });
    return out;
  };

  it('drops blanks and repeats, keeping a letter doubled across a blank', () => {
    const decoded = ctcDecode(probs('AA-A-B_1.1'), 10, chars.length, chars);
    expect(decoded.map((d) => d.ch).join('')).toBe('AAB 1.1');
    expect(decoded.map((d) => d.step)).toEqual([0, 3, 5, 6, 7, 8, 9]);
  });

  it("splits at spaces and boxes each word over its characters' steps, within the region", () => {
    const decoded = ctcDecode(probs('AB--_--1.1'), 10, chars.length, chars);
    const words = toWords(decoded, { x0: 100, y0: 10, x1: 200, y1: 30 }, 10);
    expect(words).toEqual([
      { text: 'AB', x0: 100, x1: 130, y0: 10, y1: 30, confidence: 90 },
      { text: '1.1', x0: 160, x1: 200, y0: 10, y1: 30, confidence: 90 },
    ]);
  });
});

describe('lineIds', () => {
  it("puts a row's cells on one line, and the row below on the next", () => {
    const ids = lineIds([
      { x0: 10, y0: 100, x1: 80, y1: 120 }, // date
      { x0: 400, y0: 102, x1: 460, y1: 121 }, // amount, a little lower
      { x0: 100, y0: 99, x1: 300, y1: 119 }, // description
      { x0: 10, y0: 130, x1: 80, y1: 150 }, // next row's date
    ]);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]).toBe(ids[2]);
    expect(ids[3]).not.toBe(ids[0]);
  });
});

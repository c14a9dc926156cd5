import { describe, expect, it } from 'vitest';
import { parseAmount } from '../values/amount';
import type { OcrWord } from './backend';
import { wordsToLines } from './lines';

const word = (
  text: string,
  x0: number,
  y0: number,
  width = text.length * 12,
  height = 20,
  confidence = 90,
): OcrWord => ({
  text,
  x0,
  y0,
  x1: x0 + width,
  y1: y0 + height,
  confidence,
});

describe('wordsToLines', () => {
  it("parts a row's leading date from its description where the description's column starts, however narrow the gap", () => {
    // 'DATA MOVIMENTO': dates at x 100, descriptions at x 160 (their second lines too), a gap of
    // under one word space after the date, which OCR reads as one phrase.
    const words = [
      word('16/10', 100, 100, 50),
      word('CARREFOUR', 160, 100),
      word('328', 280, 100),
      word('561,42', 700, 100),
      word('CARTAO', 160, 130),
      word('XX2599', 245, 130),
      word('18/10', 100, 160, 50),
      word('DEB.', 160, 160),
      word('AUT.', 214, 160),
      word('151,99', 700, 160),
      word('ENEL', 160, 190),
      word('DISTRIBUICAO', 214, 190),
    ];
    expect(wordsToLines(words).map((l) => l.runs.map((r) => r.text))).toEqual([
      ['16/10', 'CARREFOUR 328', '561,42'],
      ['CARTAO XX2599'],
      ['18/10', 'DEB. AUT.', '151,99'],
      ['ENEL DISTRIBUICAO'],
    ]);
  });

  it('keeps a date inside a phrase where no text column starts after it', () => {
    const words = [
      word('Saldo', 100, 100),
      word('em', 166, 100),
      word('16/10', 196, 100, 50),
      word('8.858,30', 700, 100),
      word('Valid', 100, 130),
      word('from', 166, 130),
      word('12/10', 220, 130, 50),
      word('to', 278, 130),
      word('18/10', 304, 130, 50),
    ];
    expect(wordsToLines(words).map((l) => l.runs.map((r) => r.text))).toEqual([
      ['Saldo em 16/10', '8.858,30'],
      ['Valid from 12/10 to 18/10'],
    ]);
  });

  it('reads a thousands apostrophe OCR took for a degree sign as the apostrophe ("2°765.50")', () => {
    const words = [
      word('GEHALT', 10, 100),
      word('2°765.50', 300, 100),
      word('2º508.57', 500, 100),
      word('H', 600, 100),
      word('18°C', 800, 100),
    ];
    const runs = wordsToLines(words).flatMap((l) => l.runs.map((r) => r.text));
    expect(runs).toEqual(['GEHALT', '2’765.50', '2’508.57 H', '18°C']);
    expect(parseAmount('2’765.50', '.')?.cents).toBe(276_550);
  });

  it('joins cents OCR split off after their decimal mark, without a space', () => {
    const words = [word('Hyra', 10, 100), word('-86,', 400, 100, 40), word('28', 452, 100, 24)];
    expect(wordsToLines(words).map((l) => l.runs.map((r) => r.text))).toEqual([['Hyra', '-86,28']]);
  });

  it('splits runs at a vertical rule read as "|" and drops it', () => {
    const words = [
      word('UPI-IRCTC-irctc.pay@vpay-98069-', 10, 100),
      word('|', 400, 98, 4, 24, 95),
      word('0000980690327732', 410, 100),
      word('|', 610, 98, 4, 24, 95),
    ];
    expect(wordsToLines(words).map((l) => l.runs.map((r) => r.text))).toEqual([
      ['UPI-IRCTC-irctc.pay@vpay-98069-', '0000980690327732'],
    ]);
    expect(wordsToLines([word('|', 10, 100, 4, 24, 95)])).toEqual([]);
  });

  it("moves words tesseract strung into the next row's line back to the row they sit in", () => {
    const inLine = (w: OcrWord, line: number): OcrWord => ({ ...w, line });
    const words = [
      inLine(word('27/10/2023', 10, 100), 0),
      inLine(word('NEFT CREDIT SUNSHINE LTD', 160, 101), 0),
      // The amounts of the first row, but tesseract put them in the line of the wrapped text below.
      inLine(word('SNEHA NAIR SALARY', 160, 130), 1),
      inLine(word('73,259.53', 600, 99, 90), 1),
      inLine(word('73,892.70', 800, 100, 90), 1),
      inLine(word('31/10/2023', 10, 170), 2),
      inLine(word('CHARGES', 160, 170), 2),
      inLine(word('295.00', 600, 171, 70), 2),
    ];
    expect(wordsToLines(words).map((l) => l.runs.map((r) => r.text))).toEqual([
      ['27/10/2023', 'NEFT CREDIT SUNSHINE LTD', '73,259.53', '73,892.70'],
      ['SNEHA NAIR SALARY'],
      ['31/10/2023', 'CHARGES', '295.00'],
    ]);
  });

  it("stands a line whose one word holds a slash that did not descend ('Visa/Dankort') on its box's bottom", () => {
    // Capitals 20 px high. The row's first line 'Visa/Dankort' sits 10 px above its amount line
    // (MATAS), 17 px under the row before's amount line.
    const words = [
      word('COOP', 10, 100),
      word('-247,00', 600, 100, 84, 23),
      word('Visa/Dankort', 10, 137),
      word('MATAS', 10, 167),
      word('-181,15', 600, 167, 84, 23),
      word('1367,60', 800, 167, 84, 23),
    ];
    const lines = wordsToLines(words);
    expect(lines.map((l) => l.baseline)).toEqual([120, 157, 187]);
  });

  it("stands a line of words whose marks descend a little ('Obciążenie') above their bottoms, not at their boxes' middle", () => {
    // Capitals 20 px high; the ogonek reaches 2 px below the baseline.
    const words = [
      word('PGE', 10, 100),
      word('-195,00', 600, 100, 84, 23),
      word('Obciążenie', 10, 137, 120, 22),
      word('OBRÓT', 10, 167),
    ];
    const base = wordsToLines(words).map((l) => l.baseline);
    expect(base[1]).toBeGreaterThan(155);
    expect(base[1]).toBeLessThanOrEqual(159);
  });

  it('groups words into lines by vertical overlap and splits runs at column gaps', () => {
    const words = [
      // A slightly sloped row: the amount sits 6 px lower than the date.
      word('03/01/2024', 10, 100),
      word('Grocery', 160, 101),
      word('Market', 250, 102),
      word('45.20', 600, 106, 60, 20, 55),
      word('1,204.80', 800, 104),
      // Next row, 40 px down.
      word('04/01/2024', 10, 140),
      word('Salary', 160, 141),
      word('2,000.00', 800, 142),
    ];
    const lines = wordsToLines(words);
    expect(lines.map((l) => l.runs.map((r) => r.text))).toEqual([
      ['03/01/2024', 'Grocery Market', '45.20', '1,204.80'],
      ['04/01/2024', 'Salary', '2,000.00'],
    ]);
    const amount = lines[0]?.runs[2];
    expect(amount?.confidence).toBeCloseTo(0.55);
    expect(amount?.x0).toBe(600);
    expect(lines[0]?.y0).toBeLessThan(lines[1]?.y0 ?? 0);
  });

  it('scales coordinates into page units and drops table-rule junk', () => {
    const lines = wordsToLines([word('Total', 100, 100), word('|', 300, 95, 4, 30, 40), word('9.99', 400, 100)], 0.5);
    expect(lines).toHaveLength(1);
    const runs = lines[0]?.runs ?? [];
    expect(runs.map((r) => r.text)).toEqual(['Total', '9.99']);
    expect(runs[1]?.x0).toBe(200);
    expect(runs[1]?.size).toBe(10);
  });

  it('keeps words that overlap horizontally on separate lines', () => {
    // Two stacked words closer than half their height would otherwise merge.
    const lines = wordsToLines([word('Upper', 100, 100, 60, 20), word('Lower', 105, 111, 60, 20)]);
    expect(lines).toHaveLength(2);
  });

  it('keeps small marks (a dash) on the line they sit in', () => {
    const lines = wordsToLines([
      word('December', 100, 100, 110, 20),
      word('2022', 220, 100, 50, 20),
      word('-', 282, 110, 8, 3, 95),
      // A descender makes this box taller and its centre lower.
      word('January', 300, 100, 90, 25),
      word('2023', 400, 100, 50, 20),
    ]);
    expect(lines.map((l) => l.runs.map((r) => r.text).join(' '))).toEqual(['December 2022 - January 2023']);
  });

  it('reads the "to" of a period that OCR took for "10"', () => {
    const words = 'For the period Sep 1, 2023 10 Sep 30, 2023'.split(' ');
    let x = 0;
    const line = words.map((t) => {
      const w = word(t, x, 100, t.length * 12);
      x += t.length * 12 + 8;
      return w;
    });
    expect(wordsToLines(line)[0]?.runs[0]?.text).toBe('For the period Sep 1, 2023 to Sep 30, 2023');
  });

  it("keeps an amount's trailing minus read with little confidence, not a middle dot between phrases", () => {
    // '217.39 -' (the minus 7 x 3 px, 79 %) and '37 553,95 · Deposits' (the dot 4 x 4 px, 89 %).
    const lines = wordsToLines([
      word('DEVOLUCION', 100, 100),
      word('217.39', 600, 100, 60, 20),
      word('-', 668, 109, 7, 3, 79),
      word('Balance', 100, 200, 80, 20),
      word('553,95', 190, 200, 60, 20),
      word('-', 258, 208, 4, 4, 89),
      word('Deposits', 268, 200, 90, 20),
    ]);
    expect(lines.map((l) => l.runs.map((r) => r.text))).toEqual([
      ['DEVOLUCION', '217.39 -'],
      ['Balance 553,95 Deposits'],
    ]);
  });
});

describe("a run's confidences", () => {
  it('keeps the least sure word holding a digit apart from the least sure word (a month name misread beside a sure day)', () => {
    const words = [
      word('Avg', 100, 100, 40, 20, 63),
      word('19', 150, 100, 26, 20, 92),
      word('Aug', 300, 100, 40, 20, 92),
      word('18', 350, 100, 26, 20, 71),
    ];
    const runs = wordsToLines(words)[0]?.runs ?? [];
    expect(runs.map((r) => [r.text, r.confidence, r.digitConfidence])).toEqual([
      ['Avg 19', 0.63, 0.92],
      ['Aug 18', 0.71, 0.71],
    ]);
  });
});

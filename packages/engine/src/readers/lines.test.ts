/** PDF text items into lines (readers/pdf.ts buildLines): what one line is. */
import { describe, expect, it } from 'vitest';
import { buildLines } from './pdf';

const item = (str: string, x0: number, base: number, size = 8, width = str.length * size * 0.5) => ({
  str,
  x0,
  x1: x0 + width,
  base,
  size,
  bold: false,
});

describe('buildLines', () => {
  it("a footer note printed over a table's last row, a point and a half lower, is a line of its own", () => {
    const lines = buildLines([
      item('22 okt', 40, 796.4),
      item('22.10', 91.5, 796.4),
      item('HEMA', 153.4, 796.4),
      item('-25,75 €', 522.6, 796.4),
      item('No rights can be derived from this overview.', 40, 794.9, 7, 131.6),
    ]);
    expect(lines.map((l) => l.runs.map((r) => r.text))).toEqual([
      ['No rights can be derived from this overview.'],
      ['22 okt', '22.10', 'HEMA', '-25,75 €'],
    ]);
  });

  it('the same text drawn twice a hair apart (bold by overprinting) stays one line', () => {
    const lines = buildLines([item('TOTAL', 40, 500), item('TOTAL', 40.3, 500.3), item('1,00', 300, 500)]);
    expect(lines).toHaveLength(1);
  });

  it("a cell set in the middle of a row two lines high (its balance between the description's lines) is the row's first line's", () => {
    const lines = buildLines([
      item('31/03/2025', 150.5, 300, 7, 35),
      item('NEFT-SBINN52025033195676458-', 200.5, 300, 7, 110.5),
      item('150000.00', 451, 300, 7, 33),
      item('223272.20', 503, 303, 7, 33),
      item('SHIVA CORRUGATER', 200.5, 307, 7, 72.7),
      item('30/03/2025', 150.5, 318, 7, 35),
      item('UPI/579039266519/Bank Account', 200.5, 318, 7, 110),
      item('10000.00', 390, 318, 7, 29),
      item('73272.20', 503, 321, 7, 29),
      item('XXXXXXXXXX4819', 200.5, 325, 7, 60),
    ]);
    expect(lines.map((l) => l.runs.map((r) => r.text))).toEqual([
      ['31/03/2025', 'NEFT-SBINN52025033195676458-', '150000.00', '223272.20'],
      ['SHIVA CORRUGATER'],
      ['30/03/2025', 'UPI/579039266519/Bank Account', '10000.00', '73272.20'],
      ['XXXXXXXXXX4819'],
    ]);
  });
});

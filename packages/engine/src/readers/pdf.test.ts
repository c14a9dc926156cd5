/** PDF pages into the layout model (readers/pdf.ts readPdf): where text lands on the page. */
import { describe, expect, it } from 'vitest';
import { at, left, right, tablePdf } from '../testing/table-pdf';
import { readPdf } from './pdf';

const lines = [
  at(60, left(40, 'Account statement'), left(400, 'Period: 01/10/2025 - 20/10/2025')),
  at(100, left(40, 'Date'), left(110, 'Description'), right(540, 'Amount')),
  at(116, left(40, '02/10/2025'), left(110, 'Transfer received'), right(540, '177,84')),
  at(132, left(40, '03/10/2025'), left(110, 'Transfer sent'), right(540, '- 45.683,80')),
];

async function read(rotate90: boolean) {
  const pdf = await tablePdf({ pages: [{ lines }], rotate90 });
  const doc = await readPdf(pdf, { deadline: Date.now() + 60_000 });
  return doc;
}

describe('readPdf', () => {
  it('a page stored turned (/Rotate 90, its text drawn turned back) reads as a viewer shows it, not as a page without text', async () => {
    const upright = await read(false);
    const turned = await read(true);
    expect(turned.textless).toBeUndefined();
    const text = (d: typeof upright) => d.pages.map((p) => p.lines.map((l) => l.runs.map((r) => r.text)));
    expect(text(turned)).toEqual(text(upright));
    expect(text(turned)[0]).toContainEqual(['02/10/2025', 'Transfer received', '177,84']);
    const first = (d: typeof upright) => d.pages[0]?.lines.find((l) => l.runs[0]?.text === '02/10/2025')?.runs[0];
    expect(first(turned)?.x0).toBeCloseTo(first(upright)?.x0 ?? Number.NaN, 1);
    expect([turned.pages[0]?.width, turned.pages[0]?.height]).toEqual([
      upright.pages[0]?.width,
      upright.pages[0]?.height,
    ]);
  });
});

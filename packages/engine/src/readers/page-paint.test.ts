/**
 * A PDF page without text is read by OCR only when it paints something that could hold text: an
 * image big enough for a table, or text drawn as outlines. A blank page, a watermark, rules and a
 * small logo are left as they are (OCR of such a page took seconds and read nothing).
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { extraRef, type RawPage, rawPdf } from '../testing/raw-pdf';
import { buildStatementPdf, sampleRows } from '../testing/statement-pdf';
import { whyOcrTextless } from './page-paint';
import { readPdf } from './pdf';
import { openPdf } from './pdfjs';

/** A grey image XObject of w x h pixels. */
const image = (w: number, h: number) => ({
  dict: `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`,
  stream: new Uint8Array(w * h).fill(128),
});

/** A page that draws the first extra object (an image) of a PDF of `pages` pages into a box of `width` x `height` pt. */
const imagePage = (width: number, height: number, pages = 1): RawPage => ({
  content: `q ${width} 0 0 ${height} 40 400 cm /Im0 Do Q`,
  resources: `<< /XObject << /Im0 ${extraRef(pages, 0)} >> >>`,
});

/** Letter-like outlines: `glyphs` closed shapes of four curves each, filled. */
function outlines(glyphs: number): string {
  const out: string[] = [];
  for (let i = 0; i < glyphs; i++) {
    const x = 40 + (i % 80) * 6;
    const y = 800 - Math.floor(i / 80) * 12;
    out.push(
      `${x} ${y} m ${x + 3} ${y} ${x + 4} ${y + 2} ${x + 4} ${y + 4} c ${x + 4} ${y + 7} ${x + 3} ${y + 8} ${x + 2} ${y + 8} c`,
      `${x + 1} ${y + 8} ${x} ${y + 7} ${x} ${y + 4} c ${x} ${y + 2} ${x + 1} ${y} ${x} ${y} c h`,
    );
  }
  return `${out.join('\n')}\nf`;
}

/** A grid of stroked rules, as an empty form draws. */
function grid(): string {
  const out: string[] = [];
  for (let r = 0; r <= 40; r++) out.push(`40 ${100 + r * 15} m 555 ${100 + r * 15} l`);
  for (let c = 0; c <= 6; c++) out.push(`${40 + c * 85} 100 m ${40 + c * 85} 700 l`);
  return `${out.join('\n')}\nS`;
}

async function verdict(pdf: Uint8Array): Promise<string | null> {
  const doc = await openPdf(pdf, undefined);
  try {
    return await whyOcrTextless(await doc.getPage(1));
  } finally {
    await doc.destroy();
  }
}

describe('does a page without text hold anything to read?', () => {
  it('an image a third of the page wide and a few lines high could hold a table', async () => {
    expect(await verdict(rawPdf([imagePage(400, 200)], [image(40, 20)]))).toMatch(/an image of 400 x 200 pt/);
  });

  it('an image inside a form XObject is placed with the matrix of the form too', async () => {
    // The form scales its unit-square image to 400 x 200 pt; the page only places the form.
    const form = {
      dict: `<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Matrix [400 0 0 200 40 400] /Resources << /XObject << /Im0 ${extraRef(1, 1)} >> >> >>`,
      stream: '/Im0 Do',
    };
    const page = { content: '/Fm0 Do', resources: `<< /XObject << /Fm0 ${extraRef(1, 0)} >> >>` };
    expect(await verdict(rawPdf([page], [form, image(40, 20)]))).toMatch(/an image of 400 x 200 pt/);
  });

  it('a logo, a blank page and a grid of rules hold nothing', async () => {
    expect(await verdict(rawPdf([imagePage(120, 40)], [image(12, 4)]))).toBeNull();
    expect(await verdict(rawPdf([{ content: '' }]))).toBeNull();
    expect(await verdict(rawPdf([{ content: grid() }]))).toBeNull();
  });

  it('text drawn as outlines is read', async () => {
    expect(await verdict(rawPdf([{ content: outlines(1000) }]))).toMatch(/filled path segments/);
    expect(await verdict(rawPdf([{ content: outlines(20) }]))).toBeNull();
  });
});

describe('a text PDF with a page that has no text', () => {
  it('converts from the text layer and leaves the blank page alone, saying so in the trace', async () => {
    // The statement, then a page with only a watermark turned 45 degrees (skipped as text).
    const { pdf, expected } = await buildStatementPdf({
      bank: 'Example Savings Bank plc',
      holder: 'MS JANE EXAMPLE',
      account: '12345678',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 150_000,
      rows: sampleRows(8),
      watermarkPages: 1,
    });
    const [s] = await convert(pdf, { fileName: 'with-blank-page.pdf' });
    expect(s?.transactions.map(({ bbox, ...t }) => t)).toEqual(expected);
    expect(s?.trace?.filter((e) => e.pass === 'text-layer')).toEqual([
      {
        pass: 'text-layer',
        field: 'page 2',
        from: null,
        to: 'nothing to read',
        why: 'no text layer; nothing drawn to read',
      },
    ]);
  });

  it('a PDF without any text (a scan) sends every page to OCR without asking what it paints', async () => {
    // Asking means PDF.js's operator list, which decodes the page's scan once more before OCR does.
    const pdf = rawPdf([imagePage(515, 700, 2), { content: '' }], [image(40, 20)]);
    const asked: number[][] = [];
    const doc = await readPdf(pdf, {
      deadline: Date.now() + 60_000,
      ocrPages: async (_doc, pages) => {
        asked.push(pages);
        return [];
      },
    });
    expect(asked).toEqual([[1, 2]]);
    expect(doc.textless).toEqual([
      { page: 1, ocr: true, why: 'no text layer' },
      { page: 2, ocr: true, why: 'no text layer' },
    ]);
  });
});

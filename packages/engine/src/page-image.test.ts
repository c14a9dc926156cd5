/**
 * Drawing PDF pages (the review's page pictures; OCR's renderer is the same): what PDF.js asks of
 * the canvas works, on PDFs written by hand with the operators that broke it.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfPageImages } from './ocr/pdf';
import { pageImage } from './page-image';
import { renderCanvas } from './readers/pdfjs';
import { extraRef, rawPdf } from './testing/raw-pdf';
import { buildStatementPdf, sampleRows } from './testing/statement-pdf';

/** The page at 72 dpi (1 pixel per point) as grey levels, with y measured from the page top. */
async function drawn(pdf: Uint8Array) {
  const { png, width, height } = await pageImage(pdf, 1, { dpi: 72 });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return { width, height, at: (x: number, y: number) => data[Math.round(y) * width + Math.round(x)] as number };
}

// A 48 x 32 grey JPEG 2000 image: the left half black, the right half white.
const HALF_BLACK_JP2 = Buffer.from(
  'AAAADGpQICANCocKAAAAFGZ0eXBqcDIgAAAAAGpwMiAAAAAtanAyaAAAABZpaGRyAAAAIAAAADAAAQcHAAAAAAAPY29scgEAAAAAABEAAADNanAyY/9P/1EAKQAAAAAAMAAAACAAAAAAAAAAAAAAADAAAAAgAAAAAAAAAAAAAQcBAf9SAAwAAAABAAUEBAAB/1wAE0BASEhQSEhQSEhQSEhQSEhQ/2QAJQABQ3JlYXRlZCBieSBPcGVuSlBFRyB2ZXJzaW9uIDIuNS4w/5AACgAAAAAATAAB/5PfgBgFeZTPwAgG28PqBwAM8t7RvKgfz8AkHEzs9zO1I8rlz8A8K7DE+o8BM04rVgpBwJ8/x9oMAEp2xSXCf//Z',
  'base64',
);

describe('page pictures: PDF.js and the canvas agree', () => {
  it('draws with one canvas implementation: the paths PDF.js builds are the ones its canvas takes', async () => {
    const canvas = await renderCanvas();
    // What PDF.js finds when it builds paths and matrices.
    const pdfjsGlobals = globalThis as unknown as { Path2D: typeof canvas.Path2D; DOMMatrix: unknown };
    expect(pdfjsGlobals.Path2D).toBe(canvas.Path2D);
    expect(pdfjsGlobals.DOMMatrix).toBe(canvas.DOMMatrix);
    const ctx = canvas.createCanvas(4, 4).getContext('2d');
    const path = new pdfjsGlobals.Path2D();
    path.rect(0, 0, 2, 2);
    expect(() => ctx.clip(path, 'evenodd')).not.toThrow();
  });

  it('clips and fills with the even-odd rule (a square with a hole)', async () => {
    const pdf = rawPdf([
      {
        content: [
          // Clip to the ring between two squares (even-odd), then paint the whole page black.
          'q 50 442 300 300 re 125 517 150 150 re W* n 0 g 0 0 595 842 re f Q',
          // An even-odd fill of the same shape lower on the page.
          'q 0 g 50 50 300 300 re 125 125 150 150 re f* Q',
        ].join('\n'),
      },
    ]);
    const page = await drawn(pdf);
    expect([page.width, page.height]).toEqual([595, 842]);
    // y from the top: the clipped ring spans 100..400, its hole 175..325; the filled one 492..792.
    expect(page.at(80, 250)).toBeLessThan(60); // ring
    expect(page.at(200, 250)).toBeGreaterThan(200); // hole
    expect(page.at(500, 250)).toBeGreaterThan(200); // outside the clip
    expect(page.at(80, 650)).toBeLessThan(60);
    expect(page.at(200, 650)).toBeGreaterThan(200);
  });

  it('draws through a transparency canvas (blend mode), made by the same canvas module', async () => {
    const pdf = rawPdf(
      [{ content: 'q /GS1 gs 0 g 100 100 200 200 re f Q', resources: `<< /ExtGState << /GS1 ${extraRef(1, 0)} >> >>` }],
      [{ dict: '<< /Type /ExtGState /BM /Multiply /ca 1 >>' }],
    );
    const page = await drawn(pdf);
    expect(page.at(200, 842 - 200)).toBeLessThan(60);
    expect(page.at(400, 842 - 200)).toBeGreaterThan(200);
  });

  it('decodes a JPEG 2000 scan (PDF.js WebAssembly decoders)', async () => {
    const pdf = rawPdf(
      [
        {
          content: 'q 480 0 0 320 0 0 cm /Im0 Do Q',
          resources: `<< /XObject << /Im0 ${extraRef(1, 0)} >> >>`,
          width: 480,
          height: 320,
        },
      ],
      [
        {
          dict: '<< /Type /XObject /Subtype /Image /Width 48 /Height 32 /Filter /JPXDecode >>',
          stream: HALF_BLACK_JP2,
        },
      ],
    );
    const page = await drawn(pdf);
    expect(page.at(100, 160)).toBeLessThan(60);
    expect(page.at(380, 160)).toBeGreaterThan(200);
    // OCR takes the page's one image as it is.
    const [scan] = await pdfPageImages(pdf, [1]);
    expect(scan && [scan.width, scan.height, scan.data[5 * 48 + 5], scan.data[5 * 48 + 40]]).toEqual([48, 32, 0, 255]);
  });

  it("draws text (glyph outlines are PDF.js's Path2D) at OCR's resolution", async () => {
    const { pdf } = await buildStatementPdf({
      bank: 'Example Bank',
      holder: 'A TESTER',
      account: '12345678',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 10_000,
      rows: sampleRows(5),
    });
    const [img] = await pdfPageImages(pdf, [1]);
    expect(img && [img.width, img.height]).toEqual([2481, 3508]);
    const dark = img ? img.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0) : 0;
    expect(dark / (2481 * 3508)).toBeGreaterThan(0.005);
  });
});

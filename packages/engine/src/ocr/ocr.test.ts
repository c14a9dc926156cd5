/**
 * OCR end to end on images the test draws itself: a statement table, rotated and noised, in
 * every image format the product accepts, and as a scanned (image-only) PDF page.
 * One worker pool serves all tests; it is shut down at the end so vitest can exit.
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { LayoutPage } from '../layout/model';
import { ocrImage, shutdownOcr } from './index';
import { ocrPdfPages } from './pdf';
import { repairNumericToken } from './repair';
import { encodeBmp, renderStatement, STATEMENT_ROWS, statementSvg } from './test-fixtures';

const deadline = () => Date.now() + 120_000;

afterAll(async () => {
  await shutdownOcr();
});

function similarity(a: string, b: string): number {
  const x = a
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  const y = b
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= y.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= x.length; i++)
    for (let j = 1; j <= y.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
  return 1 - ((d[x.length] as number[])[y.length] as number) / Math.max(x.length, y.length, 1);
}

/** Amounts compare by value: a dropped thousands comma is harmless, a wrong digit is not. */
const amount = (s: string | undefined) => (s ? s.replace(/,/g, '') : '');

/** Every row of the drawn table is one layout line: amounts exact (after repair), text close. */
function expectStatement(page: LayoutPage | undefined): void {
  expect(page?.source).toBe('ocr');
  const lines = (page?.lines ?? []).map((l) => l.runs.map((r) => repairNumericToken(r.text).text));
  expect(lines.some((runs) => runs.join(' ').includes('Balance'))).toBe(true);
  for (const [date, description, debit, credit, balance] of STATEMENT_ROWS) {
    const line = lines.find((runs) => runs.some((r) => amount(r) === amount(balance)));
    expect(line, `row with balance ${balance} in ${JSON.stringify(lines)}`).toBeDefined();
    const runs = line as string[];
    const amounts = runs.map(amount);
    expect(amounts).toContain(amount(debit || credit));
    expect(runs).toContain(date);
    const text = runs
      .filter((r) => r !== date && ![debit, credit, balance].some((a) => a && amount(a) === amount(r)))
      .join(' ');
    expect(similarity(text, description as string)).toBeGreaterThanOrEqual(0.8);
  }
}

describe('ocrImage', () => {
  it('reads a rotated, noisy PNG scan into table lines', async () => {
    const page = await renderStatement({ fontPx: 24, angle: 2.5, noise: 25 });
    const doc = await ocrImage(page.png, 'png', { deadline: deadline() });
    expect(doc.pages).toHaveLength(1);
    expectStatement(doc.pages[0]);
    // Columns stay separate runs, boxes lie inside the prepared image.
    const p = doc.pages[0] as LayoutPage;
    for (const l of p.lines) for (const r of l.runs) expect(r.x1).toBeLessThanOrEqual(p.width);
  }, 120_000);

  it('reads a small, tilted JPEG photo (text enlarged before OCR)', async () => {
    const page = await renderStatement({ fontPx: 13, angle: -2, noise: 12 });
    const doc = await ocrImage(page.jpeg, 'jpeg', { deadline: deadline() });
    expectStatement(doc.pages[0]);
  }, 120_000);

  it('reads BMP (8-bit palette), GIF and TIFF', async () => {
    const page = await renderStatement({ fontPx: 22, angle: -1.5, noise: 15 });
    const gif = await sharp(page.png).gif().toBuffer();
    const tiff = await sharp(page.png).greyscale().tiff({ compression: 'lzw' }).toBuffer();
    const bmp = encodeBmp(page.rgba, page.width, page.height, 8);
    const docs = await Promise.all([
      ocrImage(bmp, 'bmp', { deadline: deadline() }),
      ocrImage(gif, 'gif', { deadline: deadline() }),
      ocrImage(tiff, 'tiff', { deadline: deadline() }),
    ]);
    for (const doc of docs) expectStatement(doc.pages[0]);
  }, 240_000);

  it('renders SVG without fetching external references', async () => {
    const svg = statementSvg('<image href="http://127.0.0.1:9/logo.png" width="10" height="10"/>');
    const doc = await ocrImage(Buffer.from(svg), 'svg', { deadline: deadline() });
    expectStatement(doc.pages[0]);
  }, 120_000);

  it('stops with TIMEOUT once the deadline has passed', async () => {
    const page = await renderStatement({ fontPx: 12 });
    await expect(ocrImage(page.png, 'png', { deadline: Date.now() - 1 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('ocrPdfPages', () => {
  it('takes the embedded scan of an image-only PDF page and answers in PDF points', async () => {
    const page = await renderStatement({ fontPx: 28, angle: 1.5, noise: 10 });
    const jpeg = await sharp(page.png).greyscale().jpeg({ quality: 90 }).toBuffer();
    const pdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: [612, (612 * page.height) / page.width], margin: 0 });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.image(jpeg, 0, 0, { width: 612 });
      doc.end();
    });
    const pages = await ocrPdfPages(new Uint8Array(pdf), [1], { deadline: deadline() });
    expect(pages).toHaveLength(1);
    const p = pages[0] as LayoutPage;
    expect(p.number).toBe(1);
    expect(p.width).toBeCloseTo(612, 0);
    expectStatement(p);
    for (const l of p.lines) for (const r of l.runs) expect(r.x1).toBeLessThanOrEqual(613);
  }, 120_000);
});

/**
 * Masked digits ('****7781'): the asterisks are found in the pixels of words OCR read with little
 * confidence, counted, and the digits after them read again on their own.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { type OcrWord, recognizeWords, shutdownOcr } from './backend';
import { blobs, leadingStars, readMasks } from './masks';
import { decodeImagePage, preparePage } from './prepare';

afterAll(async () => {
  await shutdownOcr();
});

const deadline = () => Date.now() + 120_000;

function font(): string {
  try {
    GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'MaskTestSans');
    return 'MaskTestSans';
  } catch {
    return 'sans-serif';
  }
}

/** A page of description lines as a 300-dpi scan prints them (text about 42 px). */
async function page(lines: string[]) {
  const canvas = createCanvas(1400, 140 + lines.length * 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = `42px ${font()}`;
  lines.forEach((l, i) => {
    ctx.fillText(l, 80, 120 + i * 70);
  });
  const png = canvas.toBuffer('image/png');
  return preparePage(await decodeImagePage(png, 'png', 0));
}

const read = (req: { image: Buffer; psm?: number }) => recognizeWords({ ...req, langs: ['eng'], deadline: deadline() });

describe('leadingStars', () => {
  it('counts the raised blobs before the first full-height glyph, and none where there is one raised mark', async () => {
    const p = await page(['****7781', "'7781"]);
    const words = await recognizeWords({ image: p.image, langs: ['eng'], deadline: deadline() });
    const box = (line: number) => {
      const ws = words.filter((w) => w.line === line);
      const pad = 8;
      return {
        x0: Math.min(...ws.map((w) => w.x0)) - pad,
        y0: Math.min(...ws.map((w) => w.y0)) - pad,
        x1: Math.max(...ws.map((w) => w.x1)) + pad,
        y1: Math.max(...ws.map((w) => w.y1)) + pad,
      };
    };
    const lines = [...new Set(words.map((w) => w.line))];
    expect(lines.length).toBe(2);
    expect(leadingStars(blobs(p.pixels, p.width, box(lines[0] as number)))?.count).toBe(4);
    expect(leadingStars(blobs(p.pixels, p.width, box(lines[1] as number)))).toBeNull();
  }, 120_000);
});

describe('readMasks', () => {
  it("reads a masked card number OCR read as letters ('KRRKT7T7BIL' for '****7781') as the asterisks and the digits read again", async () => {
    const p = await page(['LAGKAGEHUSET', '****7781', 'REMA 1000 AARHUS C']);
    const words = await recognizeWords({ image: p.image, langs: ['eng'], deadline: deadline() });
    const lines = [...new Set(words.map((w) => w.line))];
    expect(lines.length).toBe(3);
    const masked = words.filter((w) => w.line === lines[1]);
    // The masked line as tesseract read it on a scanned statement: one word of letters, unsure.
    const damaged: OcrWord = {
      text: 'KRRKT7T7BIL',
      x0: Math.min(...masked.map((w) => w.x0)),
      y0: Math.min(...masked.map((w) => w.y0)),
      x1: Math.max(...masked.map((w) => w.x1)),
      y1: Math.max(...masked.map((w) => w.y1)),
      confidence: 25,
      line: lines[1] as number,
    };
    const page1 = [...words.filter((w) => w.line !== lines[1]), damaged];
    const out = await readMasks(p.pixels, p.width, p.height, page1, p.glyph, read);
    expect(out.filter((w) => w.line === lines[1]).map((w) => w.text)).toEqual(['****7781']);
    // The other lines as read.
    expect(out.filter((w) => w.line !== lines[1])).toEqual(words.filter((w) => w.line !== lines[1]));
  }, 120_000);

  it('leaves an unsure word without raised marks as read', async () => {
    const p = await page(['REMA 1000 AARHUS C']);
    const words = await recognizeWords({ image: p.image, langs: ['eng'], deadline: deadline() });
    const unsure = words.map((w) => ({ ...w, confidence: 20 }));
    expect(await readMasks(p.pixels, p.width, p.height, unsure, p.glyph, read)).toEqual(unsure);
  }, 120_000);
});

/**
 * Figures read a second time, enlarged: a word holding digits that the page-wide reading was
 * unsure of is cut out alone, read at twice the size, and the surer reading kept.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { type OcrWord, recognizeWords, shutdownOcr } from './backend';
import { rereadFactor, rereadFigures, takeSurerReadings, unsureFigures } from './numbers';
import { decodeImagePage, preparePage } from './prepare';

afterAll(async () => {
  await shutdownOcr();
});

function font(): string {
  try {
    GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'FigureTestSans');
    return 'FigureTestSans';
  } catch {
    return 'sans-serif';
  }
}

/** Small print on grey paper, as a phone photo or a 150-dpi screenshot gives it (glyphs ~16 px once prepared). */
async function smallPrint(lines: string[]) {
  const canvas = createCanvas(520, 40 + lines.length * 26);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#eeeeee';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#333333';
  ctx.font = `12px ${font()}`;
  lines.forEach((l, i) => {
    ctx.fillText(l, 30, 34 + i * 26);
  });
  return preparePage(await decodeImagePage(canvas.toBuffer('image/png'), 'png', 0));
}

const read = (req: { image: Buffer; psm?: number }) =>
  recognizeWords({ ...req, langs: ['eng'], deadline: Date.now() + 120_000 });

describe('rereadFigures', () => {
  it("takes the enlarged reading of a figure the page's reading was unsure of ('4321-' for 43,21-), and leaves sure words and words without figures", async () => {
    const page = await smallPrint(['Lidl Bremen 43,21-', 'Miete Februar 1.130,00-']);
    const first = await read({ image: page.image });
    const find = (re: RegExp) => first.find((w) => re.test(w.text)) as OcrWord;
    const amount = find(/^43/);
    const rent = find(/^1\.130/);
    const word = find(/^Lidl$/);
    expect(amount && rent && word).toBeTruthy();
    // The page's reading as a photo gives it: the decimal comma lost, with less confidence.
    const photo = first.map((w) =>
      w === amount ? { ...w, text: '4321-', confidence: 70 } : w === word ? { ...w, confidence: 40 } : w,
    );
    const words = await rereadFigures(page.pixels, page.width, page.height, photo, page.glyph, read);
    const again = words[photo.findIndex((w) => w.text === '4321-')] as OcrWord;
    expect(again.text).toBe('43,21-');
    // The lower of the two confidences: the readings disagreed, the review still flags the cell.
    expect(again.confidence).toBe(70);
    expect(words.find((w) => w.x0 === rent.x0)?.text).toBe(rent.text);
    expect(words.find((w) => w.x0 === word.x0)?.text).toBe('Lidl');
  }, 60_000);

  it('reads nothing again on pages whose print is already large (a 300-dpi scan)', async () => {
    expect(rereadFactor(32)).toBeLessThan(1.25);
    const calls: unknown[] = [];
    const words: OcrWord[] = [{ text: '4321-', x0: 10, y0: 10, x1: 80, y1: 40, confidence: 50, line: 0 }];
    const out = await rereadFigures(new Uint8Array(200 * 60).fill(255), 200, 60, words, 32, async (r) => {
      calls.push(r);
      return [];
    });
    expect(calls).toEqual([]);
    expect(out).toBe(words);
  });
});

describe('takeSurerReadings', () => {
  const word = (text: string, confidence: number): OcrWord => ({ text, x0: 0, y0: 0, x1: 10, y1: 10, confidence });

  it('keeps the first reading where the second is not clearly surer, is several words, holds no digit or reads a digit as another', () => {
    const words = [
      word('1484,30', 74),
      word('2,91', 97),
      word('27102/2025', 65),
      word('65,984', 80),
      word('96', 60),
      word('-93.21', 57),
    ];
    const out = takeSurerReadings(words, [
      { index: 0, text: '484,30', confidence: 85, single: true },
      { index: 1, text: '291', confidence: 93, single: true },
      { index: 2, text: '27/02/2025', confidence: 68, single: true },
      { index: 3, text: '65,98 +', confidence: 92, single: false },
      { index: 4, text: '%', confidence: 93, single: true },
      // A digit read as another on a blurred photo: which one is right, only the balances tell.
      { index: 5, text: '-83.21', confidence: 80, single: true },
    ]);
    expect(out.map((w) => w.text)).toEqual(['484,30', '2,91', '27102/2025', '65,984', '96', '-93.21']);
    expect(out[0]?.confidence).toBe(74);
  });

  it('chooses only words with two digits or more read with less than full confidence', () => {
    expect(
      unsureFigures([word('4321-', 77), word('12,00', 95), word('Lidl', 20), word('1', 10), word('A1', 50)]),
    ).toEqual([0]);
  });
});

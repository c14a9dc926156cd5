/**
 * The second look at ink the page-wide pass left without words: regions are found where glyph-
 * like ink has no word box (not table rules, not specks), and reading them again brings the
 * words back in page coordinates.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type OcrWord, recognizeWords, shutdownOcr } from './backend';
import { missedRegions, notReadYet, rereadMissed } from './missed';
import { decodeImagePage, preparePage } from './prepare';
import { renderStatement, STATEMENT_HEADER } from './test-fixtures';

afterAll(async () => {
  await shutdownOcr();
});

const deadline = () => Date.now() + 120_000;

async function statementPage() {
  const png = (await renderStatement({ fontPx: 24, noise: 8 })).png;
  const page = await preparePage(await decodeImagePage(png, 'png', 0));
  const words = await recognizeWords({ image: page.image, langs: ['eng'], deadline: deadline() });
  return { page, words };
}

const overlaps = (a: OcrWord, b: { x0: number; y0: number; x1: number; y1: number }) =>
  Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

describe('missedRegions', () => {
  it('finds nothing when every glyph is inside a word box', async () => {
    const { page, words } = await statementPage();
    expect(missedRegions(page.pixels, page.width, page.height, words, page.glyph)).toEqual([]);
  }, 120_000);

  it('finds the header line when its words are missing, and reads them back in page coordinates', async () => {
    const { page, words } = await statementPage();
    const header = words.filter((w) => STATEMENT_HEADER.includes(w.text));
    expect(header.length).toBeGreaterThanOrEqual(4);
    const headerLine = header[0]?.line;
    const rest = words.filter((w) => w.line !== headerLine);
    const regions = missedRegions(page.pixels, page.width, page.height, rest, page.glyph);
    expect(regions.length).toBeGreaterThan(0);
    for (const h of header) expect(regions.some((r) => overlaps(h, r))).toBe(true);

    const read = (req: { image: Buffer; psm?: number }) =>
      recognizeWords({ ...req, langs: ['eng'], deadline: deadline() });
    const found = await rereadMissed(page.pixels, page.width, page.height, regions, 1000, read, page.glyph);
    for (const h of header) {
      const again = found.find((w) => w.text === h.text);
      expect(again, `${h.text} in ${found.map((w) => w.text).join(' ')}`).toBeDefined();
      expect(Math.abs((again as OcrWord).x0 - h.x0)).toBeLessThan(6);
      expect(Math.abs((again as OcrWord).y0 - h.y0)).toBeLessThan(6);
      expect((again as OcrWord).line).toBeGreaterThanOrEqual(1000);
    }
  }, 120_000);

  it('leaves vertical rules and specks alone', () => {
    const width = 600;
    const height = 400;
    const pixels = new Uint8Array(width * height).fill(255);
    // Two long vertical rules and scattered single-pixel specks.
    for (let y = 20; y < 380; y++) {
      pixels[y * width + 100] = 0;
      pixels[y * width + 101] = 0;
      pixels[y * width + 400] = 0;
    }
    for (let i = 0; i < 300; i++) pixels[((i * 7919) % (height * width)) | 0] = 0;
    expect(missedRegions(pixels, width, height, [], 16)).toEqual([]);
  });
});

describe('notReadYet', () => {
  const word = (text: string, x0: number, y0: number, x1: number, y1: number): OcrWord => ({
    text,
    x0,
    y0,
    x1,
    y1,
    confidence: 90,
  });

  it('drops words a re-read found again inside words read before, keeps the ones it found anew', () => {
    const read = [word('CARTE', 185, 110, 212, 121), word('21,69', 549, 111, 571, 119)];
    const found = [
      word('AR', 192, 112, 200, 116), // inside "CARTE"
      word('21', 549, 112, 556, 116), // inside "21,69"
      word('PHARMACIE', 185, 123, 240, 129), // on a line of its own
    ];
    expect(notReadYet(found, read).map((w) => w.text)).toEqual(['PHARMACIE']);
  });
});

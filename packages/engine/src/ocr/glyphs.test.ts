/**
 * Letter O and digit 0 told apart by their shape on the page: a line of words the test draws,
 * each word's box where the canvas put it and its text as OCR misread it.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { OcrWord } from './backend';
import { alignGlyphs, settleRoundGlyphs } from './glyphs';

const FONTS = {
  sans: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  dejavu: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
};

function family(name: keyof typeof FONTS): string {
  const f = `GlyphTest-${name}`;
  GlobalFonts.registerFromPath(FONTS[name], f);
  return f;
}

/**
 * Draws `lines` of words (the printed text) on grey paper and returns the grey pixels with each
 * word's box; `misread` gives the text OCR returned for a printed word (else it reads right).
 */
function page(font: keyof typeof FONTS, lines: string[][], misread: Record<string, string> = {}) {
  const px = 26;
  const width = 1400;
  const height = 60 + lines.length * px * 2;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f2f2f2';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#222222';
  ctx.font = `${px}px ${family(font)}`;
  const words: OcrWord[] = [];
  lines.forEach((line, l) => {
    let x = 30;
    const y = 50 + l * px * 2;
    for (const text of line) {
      ctx.fillText(text, x, y);
      const m = ctx.measureText(text);
      words.push({
        text: misread[text] ?? text,
        x0: x - m.actualBoundingBoxLeft - 1,
        x1: x + m.actualBoundingBoxRight + 1,
        y0: y - m.actualBoundingBoxAscent - 1,
        y1: y + m.actualBoundingBoxDescent + 1,
        confidence: 80,
        line: l,
      });
      x += m.width + px;
    }
  });
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4] as number;
  return { grey, width, height, words };
}

/** Figures and capitals any statement prints: the page's own zeros and O's. */
const CONTEXT = [
  ['1,204.00', '3,080.50', '200.00', '10.05', '2,009.12', '08/10/2025'],
  ['TRANSFER', 'TO', 'OLIVER', 'COOP', 'BOOKSHOP', 'PHONE', 'STORE'],
];

describe('round glyphs (O and 0) by their shape on the page', () => {
  for (const font of ['sans', 'dejavu'] as const)
    it(`reads each round glyph of a mixed word as the page's O or 0 (${font})`, () => {
      const printed = ['REF', 'GZ1DA0O0', '1TBEOL0XP', 'Oct2025', 'X0Y4O2'];
      const p = page(font, [...CONTEXT, printed], {
        GZ1DA0O0: 'GZ1DAO00',
        '1TBEOL0XP': '1TBE0LOXP',
        Oct2025: '0ct2025',
        X0Y4O2: 'XOY402',
      });
      const out = settleRoundGlyphs(p.grey, p.width, p.height, p.words);
      expect(out.slice(-printed.length).map((w) => w.text)).toEqual(printed);
      // Words of letters only or figures only are the page's samples, never changed.
      expect(out.slice(0, -printed.length)).toEqual(p.words.slice(0, -printed.length));
    });

  it('takes a doubled round glyph out where the reading has one character more than the word has glyphs', () => {
    const p = page('sans', [...CONTEXT, ['GZ1DA0O0', 'Oct2025']], { GZ1DA0O0: 'GZ1DA0OO0', Oct2025: '0Oct2025' });
    const out = settleRoundGlyphs(p.grey, p.width, p.height, p.words);
    expect(out.slice(-2).map((w) => w.text)).toEqual(['GZ1DA0O0', 'Oct2025']);
  });

  it('changes nothing where the page shows too few O or 0 to compare with', () => {
    const p = page('sans', [['1,204.00', 'transfer'], ['GZ1DA0O0']], { GZ1DA0O0: 'GZ1DAO00' });
    const out = settleRoundGlyphs(p.grey, p.width, p.height, p.words);
    expect(out.map((w) => w.text)).toEqual(['1,204.00', 'transfer', 'GZ1DAO00']);
  });

  it('aligns a reading one character longer than its glyphs only where that is unambiguous', () => {
    const g = (aspect: number) => ({ aspect, height: 19 });
    expect(alignGlyphs('A0OO', [g(0.9), g(0.7), g(0.95)])?.text).toBe('A0O');
    // Two runs of round glyphs: which one holds the extra is unknown.
    expect(alignGlyphs('OO1OO', [g(0.9), g(0.9), g(0.6), g(0.9)])).toBeNull();
    // One cut twice as wide as tall holds two glyphs, which are left as read.
    expect(alignGlyphs('AZO1', [g(1.7), g(0.95), g(0.6)])?.glyphs.map((x) => x?.aspect ?? null)).toEqual([
      null,
      null,
      0.95,
      0.6,
    ]);
  });
});

import { AppError } from '@statemint/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeBmp } from './bmp';
import {
  decodeImagePage,
  estimateSkew,
  imagePageCount,
  invertDarkBands,
  medianGlyphHeight,
  preparePage,
  removeRules,
} from './prepare';
import { sanitizeSvg } from './svg';
import { encodeBmp, pngHeaderOnly, renderStatement } from './test-fixtures';

async function codeOf(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'resolved';
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).code;
  }
}

describe('image decoding', () => {
  it('decodes 24-bit and 8-bit palette BMPs to the same grey pixels as the source', async () => {
    const page = await renderStatement({ fontPx: 12 });
    for (const bits of [24, 8] as const) {
      const img = decodeBmp(encodeBmp(page.rgba, page.width, page.height, bits));
      expect([img.width, img.height]).toEqual([page.width, page.height]);
      // Spot-check pixels across the image (top-down order, greyscale).
      for (const [x, y] of [
        [0, 0],
        [page.width - 1, page.height - 1],
        [Math.floor(page.width / 3), Math.floor(page.height / 2)],
      ] as const) {
        const p = (y * page.width + x) * 4;
        expect(Math.abs((img.data[y * page.width + x] as number) - (page.rgba[p] as number))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('reads every page of a multi-page TIFF', async () => {
    const a = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const b = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const tiff = await sharp([a, b], { join: { animated: true } })
      .tiff()
      .toBuffer();
    expect(await imagePageCount(tiff, 'tiff')).toBe(2);
    expect((await decodeImagePage(tiff, 'tiff', 0)).data[0]).toBe(255);
    expect((await decodeImagePage(tiff, 'tiff', 1)).data[0]).toBe(0);
  });

  it('applies the EXIF orientation', async () => {
    // A 40x20 image stored sideways, with orientation 6 (rotate 90° clockwise to display).
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const img = await decodeImagePage(jpeg, 'jpeg', 0);
    expect([img.width, img.height]).toEqual([20, 40]);
  });

  it('refuses images over 100 megapixels from the header, before decoding', async () => {
    // Neither file holds the pixels its header claims: decoding them would fail otherwise.
    expect(await codeOf(imagePageCount(pngHeaderOnly(20_000, 10_000), 'png'))).toBe('IMAGE_TOO_LARGE');
    const bmp = encodeBmp(new Uint8Array(4 * 4 * 4), 4, 4, 24);
    bmp.writeInt32LE(12_000, 18);
    bmp.writeInt32LE(9_000, 22);
    expect(await codeOf(imagePageCount(bmp, 'bmp'))).toBe('IMAGE_TOO_LARGE');
    expect(await codeOf(() => decodeBmp(bmp))).toBe('IMAGE_TOO_LARGE');
  });

  it('answers UNREADABLE_FILE for damaged images', async () => {
    const page = await renderStatement({ fontPx: 12 });
    const broken = Buffer.concat([page.png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await codeOf(decodeImagePage(broken, 'png', 0))).toBe('UNREADABLE_FILE');
    expect(await codeOf(imagePageCount(Buffer.from('GIF89a nonsense'), 'gif'))).toBe('UNREADABLE_FILE');
    const bmp = encodeBmp(page.rgba, page.width, page.height, 24);
    expect(await codeOf(() => decodeBmp(bmp.subarray(0, 200)))).toBe('UNREADABLE_FILE');
  });
});

describe('svg sanitising', () => {
  it('removes every external reference and keeps internal ones', () => {
    const svg = sanitizeSvg(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<style>@import url("http://example.com/a.css"); .a { fill: url(#grad); background: url('https://example.com/x.png') }</style>
<image href="https://example.com/logo.png"/><image xlink:href='file:///etc/hosts'/><use href="#local"/>
<image href="data:image/png;base64,AAAA"/><script>fetch('http://x')</script><text>&x;</text></svg>`);
    expect(svg).not.toMatch(/example\.com|file:|ENTITY|<script|@import/);
    expect(svg).toContain('href="#local"');
    expect(svg).toContain('url(#grad)');
    expect(svg).toContain('data:image/png;base64,AAAA');
  });
});

describe('preparation', () => {
  it('estimates skew from the text lines (sign: lines falling to the right are positive)', async () => {
    for (const angle of [2.5, -3]) {
      const page = await renderStatement({ fontPx: 14, angle });
      const grey = new Uint8Array(page.width * page.height);
      for (let i = 0; i < grey.length; i++) grey[i] = page.rgba[i * 4] as number;
      expect(Math.abs(estimateSkew(grey, page.width, page.height) - angle)).toBeLessThan(0.3);
    }
  });

  it('turns table rules into paper and leaves text and shaded bands alone', () => {
    const [w, h] = [400, 120];
    const img = new Uint8Array(w * h).fill(255);
    const fill = (x0: number, y0: number, x1: number, y1: number, v: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img[y * w + x] = v;
    };
    fill(20, 10, 380, 13, 150); // a faint 3-px rule
    fill(20, 16, 380, 17, 60); // a dark 1-px rule right under it
    fill(20, 40, 380, 70, 200); // a shaded header band...
    for (let x = 30; x < 370; x += 14) fill(x, 48, x + 8, 62, 0); // ...with glyphs on it
    for (let x = 30; x < 370; x += 14) fill(x, 90, x + 8, 104, 0); // glyphs on paper
    fill(20, 112, 380, 113, 232); // a light grey hairline between two rows
    const rules: { y: number; x0: number; x1: number }[] = [];
    const out = removeRules(img, w, h, 14, rules);
    const at = (x: number, y: number) => out[y * w + x];
    expect([at(100, 11), at(200, 16)]).toEqual([255, 255]);
    expect([at(25, 45), at(32, 50), at(32, 95)]).toEqual([200, 0, 0]);
    // Reported at the middle of their pixel rows, for the band model's row separators: the two
    // rules a few pixels apart are one separator (a double rule). The hairline, too faint to
    // disturb tesseract, stays on the page but is reported.
    expect(at(100, 112)).toBe(232);
    expect(rules).toEqual([
      { y: 13, x0: 20, x1: 380 },
      { y: 112, x0: 20, x1: 380 },
    ]);
  });

  it('reports a rule drawn right under a lightly shaded header band, which it removes', () => {
    const [w, h] = [400, 100];
    const img = new Uint8Array(w * h).fill(255);
    const fill = (x0: number, y0: number, x1: number, y1: number, v: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img[y * w + x] = v;
    };
    fill(20, 30, 380, 50, 232); // a light shaded header band...
    for (let x = 30; x < 370; x += 14) fill(x, 34, x + 8, 46, 0); // ...with its labels
    fill(20, 50, 380, 52, 60); // the rule under it, touching the band
    for (let x = 30; x < 370; x += 14) fill(x, 60, x + 8, 72, 0); // the first row's glyphs
    const rules: { y: number; x0: number; x1: number }[] = [];
    const out = removeRules(img, w, h, 14, rules);
    expect(out[51 * w + 100]).toBe(255);
    expect(rules).toEqual([{ y: 50.5, x0: 20, x1: 380 }]);
  });

  it('inverts a shaded header row across a page with little ink, so its light words read dark on light', () => {
    // A white page, a few lines of 'text' (2 % of the pixels dark), and one dark band 40 px tall
    // across most of the width with light strokes on it: under 6 % dark in all.
    const [w, h] = [1000, 1300];
    const page = new Uint8Array(w * h).fill(240);
    for (let line = 0; line < 12; line++)
      for (let y = 500 + line * 60; y < 510 + line * 60; y++)
        for (let x = 100; x < 900; x += 6) page.fill(20, y * w + x, y * w + x + 2);
    for (let y = 400; y < 440; y++) page.fill(40, y * w + 60, y * w + 940);
    for (let y = 412; y < 428; y++) for (let x = 100; x < 900; x += 10) page.fill(230, y * w + x, y * w + x + 3);
    const out = invertDarkBands(page, w, h);
    // The band's paper is light and its strokes dark; the text lines below are left as they were.
    expect(out[420 * w + 500 + 5]).toBeGreaterThan(200);
    expect(out[420 * w + 500]).toBeLessThan(50);
    expect(out[505 * w + 100]).toBe(20);
    expect(out[505 * w + 103]).toBe(240);
  });

  it('measures the median glyph height past specks, rules and U-shaped glyphs, with any number of specks', () => {
    const [w, h] = [1200, 500];
    const img = new Uint8Array(w * h).fill(255);
    const fill = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) img.fill(0, y * w + x0, y * w + x1);
    };
    // 89,000 one-pixel specks (more labels than the first union-find table holds) on the lower half.
    for (let y = 201; y < 499; y += 2) for (let x = 1; x < w - 1; x += 2) img[y * w + x] = 0;
    // 30 'U' glyphs 12 px tall (two stems joined at the bottom: labelled apart, then merged),
    // 10 taller ones and a long rule.
    for (let k = 0; k < 30; k++) {
      fill(20 + k * 30, 20, 23 + k * 30, 32);
      fill(29 + k * 30, 20, 32 + k * 30, 32);
      fill(20 + k * 30, 29, 32 + k * 30, 32);
    }
    for (let k = 0; k < 10; k++) fill(20 + k * 30, 60, 28 + k * 30, 90);
    fill(20, 120, 1100, 123);
    expect(medianGlyphHeight(img, w, h)).toBe(12);
  });

  it('straightens and enlarges small text, within the pixel limit', async () => {
    const page = await renderStatement({ fontPx: 11, angle: 2 });
    const img = await decodeImagePage(page.png, 'png', 0);
    const prepared = await preparePage(img);
    expect(prepared.scale).toBeGreaterThan(1.2);
    expect(Math.abs(prepared.deskew - 2)).toBeLessThan(0.3);
    const header = /^P5\n(\d+) (\d+)\n255\n/.exec(prepared.image.subarray(0, 32).toString('latin1'));
    expect(header?.slice(1).map(Number)).toEqual([prepared.width, prepared.height]);
    expect(prepared.image.length).toBe((header?.[0].length ?? 0) + prepared.width * prepared.height);
  });
});

/**
 * Perspective correction: a page photographed at an angle on a desk is found (its corners) and
 * made rectangular, so its rows are straight again; scans, renders, pages cut at the photo's edge
 * and dark frames drawn on white paper are left alone.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage, shutdownOcr } from './index';
import { findPageQuad, homography, rectangle, rectifyPage, warpQuad } from './perspective';
import { photographPage, renderStatement, rgbaToGrey, STATEMENT_ROWS } from './test-fixtures';

afterAll(async () => {
  await shutdownOcr();
});

/** A keystoned page: narrower at the top (the far end), turned a little. */
const QUAD: [number, number][] = [
  [0.16, 0.12],
  [0.83, 0.09],
  [0.93, 0.9],
  [0.06, 0.87],
];

async function photo() {
  const page = await renderStatement({ fontPx: 30, noise: 8 });
  const grey = rgbaToGrey(page.rgba, page.width, page.height);
  const width = Math.round(page.width * 1.25);
  const height = Math.round(page.height * 1.45);
  return { page: grey, shot: photographPage(grey, QUAD, width, height) };
}

describe('findPageQuad', () => {
  it("finds a photographed page's corners within 1.5 % of the photo's size", async () => {
    const { shot } = await photo();
    const quad = findPageQuad(shot);
    expect(quad).not.toBeNull();
    for (const [i, [x, y]] of (quad ?? []).entries()) {
      const [tx, ty] = QUAD[i] as [number, number];
      expect(Math.abs(x / shot.width - tx)).toBeLessThan(0.015);
      expect(Math.abs(y / shot.height - ty)).toBeLessThan(0.015);
    }
  });

  it("leaves a neighbouring page's edge, with its text, out", async () => {
    const { shot } = await photo();
    const edge = Math.round(shot.width * 0.035);
    for (let y = 0; y < shot.height; y++)
      for (let x = 0; x < edge; x++) shot.data[y * shot.width + x] = y % 40 < 8 && x > 4 ? 40 : 225;
    const quad = findPageQuad(shot);
    expect(quad).not.toBeNull();
    expect(Math.abs((quad?.[3]?.[0] ?? 0) / shot.width - (QUAD[3] as [number, number])[0])).toBeLessThan(0.015);
  });

  it('leaves a scan, a page cut at the edge and a dark frame on white paper alone', async () => {
    const page = await renderStatement({ fontPx: 24, angle: 1.5, noise: 10 });
    const scan = rgbaToGrey(page.rgba, page.width, page.height);
    expect(findPageQuad(scan)).toBeNull();
    // The page runs off the photo's right and bottom edges.
    const cut = photographPage(
      scan,
      [
        [0.1, 0.1],
        [1.2, 0.1],
        [1.2, 1.3],
        [0.1, 1.3],
      ],
      scan.width,
      scan.height,
    );
    expect(findPageQuad(cut)).toBeNull();
    // A thick dark box drawn inside a white page (its content around the box must stay).
    const framed = new Uint8Array(scan.data);
    const m = Math.round(scan.height * 0.08);
    for (let y = m; y < scan.height - m; y++)
      for (let x = m; x < scan.width - m; x++)
        if (y < m + 12 || y >= scan.height - m - 12 || x < m + 12 || x >= scan.width - m - 12)
          framed[y * scan.width + x] = 20;
    expect(findPageQuad({ data: framed, width: scan.width, height: scan.height })).toBeNull();
  });
});

describe('warpQuad', () => {
  it('maps the quad back onto the page it was drawn from', async () => {
    const { page, shot } = await photo();
    const corners = QUAD.map(([x, y]) => [x * shot.width, y * shot.height]) as Parameters<typeof warpQuad>[1];
    const flat = warpQuad(shot, corners);
    // Same content: sample the page and the flattened photo at the same relative spots (the
    // photo's lighting scales brightness, so compare dark/light, not values).
    let agree = 0;
    let n = 0;
    for (let fy = 0.05; fy < 0.95; fy += 0.013)
      for (let fx = 0.02; fx < 0.98; fx += 0.011) {
        const a = page.data[Math.floor(fy * page.height) * page.width + Math.floor(fx * page.width)] as number;
        const b = flat.data[Math.floor(fy * flat.height) * flat.width + Math.floor(fx * flat.width)] as number;
        n++;
        if (a < 128 === b < 100) agree++;
      }
    expect(agree / n).toBeGreaterThan(0.95);
  });

  it('homography maps the corners it was made from', () => {
    const q = QUAD.map(([x, y]) => [x * 1000, y * 800]) as Parameters<typeof warpQuad>[1];
    const [a, b, c, d, e, f, g, h] = homography(rectangle(500, 300), q) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const [i, [x, y]] of rectangle(500, 300).entries()) {
      const z = g * x + h * y + 1;
      expect((a * x + b * y + c) / z).toBeCloseTo((q[i] as [number, number])[0], 6);
      expect((d * x + e * y + f) / z).toBeCloseTo((q[i] as [number, number])[1], 6);
    }
  });
});

describe('a photographed statement end to end', () => {
  it('reads every row of a keystoned photo with its date and balance on one line', async () => {
    const { shot } = await photo();
    expect(rectifyPage(shot).quad).not.toBeNull();
    const jpeg = await sharp(Buffer.from(shot.data), { raw: { width: shot.width, height: shot.height, channels: 1 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const doc = await ocrImage(jpeg, 'jpeg', { deadline: Date.now() + 120_000 });
    const lines = (doc.pages[0]?.lines ?? []).map((l) => l.runs.map((r) => r.text).join(' '));
    for (const [date, , , , balance] of STATEMENT_ROWS)
      expect(
        lines.some((l) => l.includes(date as string) && l.includes(balance as string)),
        `${date} ... ${balance} in ${JSON.stringify(lines)}`,
      ).toBe(true);
  }, 120_000);
});

/**
 * Image preparation for OCR: decode (with size limits checked from the header first), orient by
 * EXIF, greyscale, cut a photographed page out of its background and undo its perspective
 * (perspective.ts), flatten uneven lighting, stretch contrast, deskew (up to ±5°), remove
 * horizontal table rules, and scale so text is about as tall as in a 300-dpi scan.
 */
import { AppError } from '@statemint/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { HorizontalRule } from '../layout/model';
import type { InputKind } from '../readers/detect';
import { bmpSize, decodeBmp, type GreyImage, tooLarge } from './bmp';
import { MAX_IMAGE_PAGES, MAX_IMAGE_PIXELS } from './limits';
import { rectifyPage } from './perspective';
import { sanitizeSvg } from './svg';

export type { GreyImage } from './bmp';

export interface PreparedPage {
  /**
   * Binary PGM handed to tesseract: an uncompressed format, so the WASM side does not spend time
   * inflating a PNG (about 0.3 s of CPU per 300-dpi page, encoding included).
   */
  image: Buffer;
  width: number;
  height: number;
  /** Prepared pixels per source pixel. */
  scale: number;
  /** Degrees the page was rotated by to straighten it. */
  deskew: number;
  /** Whether a photographed page was cut out of its background and made rectangular first. */
  rectified: boolean;
  /** The prepared pixels (8-bit grey, width x height): the PGM's body. */
  pixels: Uint8Array;
  /** Median glyph height in prepared pixels (0 when unknown). */
  glyph: number;
  /** The horizontal rules removed from the page (prepared pixels): row separators of ruled tables. */
  rules: HorizontalRule[];
}

const unreadable = (cause?: unknown) =>
  new AppError('UNREADABLE_FILE', 'The image could not be read. It may be damaged or not really an image.', {
    cause,
  });

/** How many pages an image file holds, after checking its size from the header alone. */
export async function imagePageCount(bytes: Uint8Array, kind: InputKind): Promise<number> {
  if (kind === 'bmp') {
    const { width, height } = bmpSize(bytes);
    if (width * height > MAX_IMAGE_PIXELS) throw tooLarge();
    return 1;
  }
  if (kind === 'svg') return 1;
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (e) {
    // sharp refuses a header whose size is past its own limit: that is an image too large, not a damaged one.
    if (/pixel limit/i.test(String(e))) throw tooLarge();
    throw unreadable(e);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw unreadable();
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge();
  // Only TIFF pages are separate pages of a statement; GIF frames are animation.
  return kind === 'tiff' ? Math.min(meta.pages ?? 1, MAX_IMAGE_PAGES) : 1;
}

/** Decodes one page of an image file to 8-bit grey, upright per its EXIF orientation. */
export async function decodeImagePage(bytes: Uint8Array, kind: InputKind, page: number): Promise<GreyImage> {
  if (kind === 'bmp') return decodeBmp(bytes);
  try {
    let input: Sharp;
    if (kind === 'svg') {
      const svg = Buffer.from(sanitizeSvg(new TextDecoder().decode(bytes)));
      const meta = await sharp(svg).metadata();
      const w = meta.width ?? 0;
      const h = meta.height ?? 0;
      if (!w || !h) throw unreadable();
      // Render at about 300 dpi for a page-sized drawing (SVG units are 1/96 in), within the limit.
      const want = Math.min(300 / 96, 3300 / Math.max(w, h), Math.sqrt(MAX_IMAGE_PIXELS / (w * h)));
      input = sharp(svg, { density: Math.max(1, 72 * Math.max(want, 0.1)), limitInputPixels: MAX_IMAGE_PIXELS });
      input = input.flatten({ background: '#ffffff' });
    } else {
      input = sharp(bytes, { page, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .rotate()
        .flatten({ background: '#ffffff' });
    }
    const { data, info } = await input.greyscale().raw().toBuffer({ resolveWithObject: true });
    const grey = info.channels === 1 ? data : firstChannel(data, info.channels);
    return {
      data: new Uint8Array(grey.buffer, grey.byteOffset, info.width * info.height),
      width: info.width,
      height: info.height,
    };
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (/pixel limit/i.test(String(e))) throw tooLarge();
    throw unreadable(e);
  }
}

function firstChannel(data: Buffer, channels: number): Buffer {
  const out = Buffer.alloc(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels] as number;
  return out;
}

/**
 * Median glyph height (connected components, pixels) aimed at: about 8-9 pt text at 200-300 dpi.
 * Smaller text is enlarged (tesseract misreads it); much larger is shrunk (time grows with pixels,
 * accuracy does not: the LSTM normalises every line to a fixed height anyway).
 */
const TARGET_GLYPH_PX = 16;
const MIN_GLYPH_PX = 13;
const MAX_GLYPH_PX = 48;

export interface PrepareOptions {
  /** Skip perspective correction and background flattening (clean renders). */
  flatten?: boolean;
}

export async function preparePage(source: GreyImage, options: PrepareOptions = {}): Promise<PreparedPage> {
  const photo = options.flatten !== false ? rectifyPage(source) : null;
  const img = photo?.image ?? source;
  let { data, width, height } = img;
  if (options.flatten !== false) data = await flattenBackground(data, width, height);
  data = stretchContrast(data);
  data = invertDarkBands(data, width, height);

  const angle = estimateSkew(data, width, height);
  let pipeline = sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels: 1 } });
  if (Math.abs(angle) >= 0.1) {
    const rotated = await pipeline
      .rotate(-angle, { background: { r: 255, g: 255, b: 255 } })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (rotated.info.channels !== 1) throw new Error('expected one channel after rotation');
    data = new Uint8Array(rotated.data.buffer, rotated.data.byteOffset, rotated.info.width * rotated.info.height);
    width = rotated.info.width;
    height = rotated.info.height;
    pipeline = sharp(rotated.data, { raw: { width, height, channels: 1 } });
  }

  const glyph = medianGlyphHeight(data, width, height);
  const ruled = data;
  const rules: HorizontalRule[] = [];
  data = removeRules(data, width, height, glyph, rules);
  if (data !== ruled)
    pipeline = sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels: 1 } });
  let scale = 1;
  if (glyph > 0 && glyph < MIN_GLYPH_PX) scale = Math.min(3, TARGET_GLYPH_PX / glyph);
  else if (glyph > MAX_GLYPH_PX) scale = Math.max(0.25, TARGET_GLYPH_PX / glyph);
  if (width * height * scale * scale > MAX_IMAGE_PIXELS) scale = Math.sqrt(MAX_IMAGE_PIXELS / (width * height));
  if (Math.abs(scale - 1) > 0.05) {
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    pipeline = pipeline.resize(width, height, { kernel: scale > 1 ? 'lanczos3' : 'mitchell', fit: 'fill' });
  } else {
    scale = 1;
  }
  // Unscaled, `data` already holds the final (straightened) pixels.
  let pixels: Buffer;
  if (scale === 1) pixels = Buffer.from(data.buffer, data.byteOffset, data.length);
  else {
    const out = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    if (out.info.width !== width || out.info.height !== height) throw new Error('unexpected prepared size');
    pixels = out.data;
  }
  const image = Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), pixels]);
  return {
    image,
    width,
    height,
    scale,
    deskew: angle,
    rectified: !!photo?.quad,
    pixels: image.subarray(image.length - width * height),
    glyph: Math.round(glyph * scale),
    rules: rules.map((r) => ({ y: r.y * scale, x0: r.x0 * scale, x1: r.x1 * scale })),
  };
}

/**
 * Divides out the paper's brightness (a max filter on an 8x smaller copy, interpolated back), so
 * shadows and uneven light in photos do not turn into black blotches when tesseract binarises.
 * Evenly lit pages (most scans) are returned as they are: the division would change nothing.
 */
export async function flattenBackground(data: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const f = 8;
  const sw = Math.max(1, Math.ceil(width / f));
  const sh = Math.max(1, Math.ceil(height / f));
  const sum = new Uint32Array(sw * sh);
  const count = new Uint32Array(sw * sh);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const srow = Math.floor(y / f) * sw;
    for (let x0 = 0; x0 < width; x0 += f) {
      const x1 = Math.min(width, x0 + f);
      let s = 0;
      for (let x = x0; x < x1; x++) s += data[row + x] as number;
      const k = srow + x0 / f;
      sum[k] = (sum[k] as number) + s;
      count[k] = (count[k] as number) + (x1 - x0);
    }
  }
  const small = new Uint8Array(sw * sh);
  for (let i = 0; i < small.length; i++) small[i] = Math.round((sum[i] as number) / Math.max(1, count[i] as number));
  // A max filter wipes out text smaller than about 70 source pixels, leaving the paper.
  const bg = boxBlur(maxFilter(maxFilter(small, sw, sh, 4, true), sw, sh, 4, false), sw, sh);

  // The paper's brightness where it is lit best; dark areas (banners, photos' backgrounds) are
  // never taken for paper below 60 % of it, so the text in them keeps its contrast.
  const sorted = Float32Array.from(bg).sort();
  const paper = sorted[Math.floor(sorted.length * 0.9)] as number;
  const low = sorted[Math.floor(sorted.length * 0.1)] as number;
  if (paper - low < 12) return data;
  const floor = Math.max(32, paper * 0.6);
  const inv = new Float32Array(bg.length);
  for (let i = 0; i < bg.length; i++) inv[i] = 255 / Math.max(bg[i] as number, floor);

  // Bilinear interpolation of the small grid (cell centres) while dividing.
  // Each column's two grid neighbours and weight, computed once rather than per pixel.
  const colX0 = new Int32Array(width);
  const colX1 = new Int32Array(width);
  const colWx = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(sw - 1, Math.max(0, (x + 0.5) / f - 0.5));
    const x0 = Math.floor(gx);
    colX0[x] = x0;
    colX1[x] = Math.min(sw - 1, x0 + 1);
    colWx[x] = gx - x0;
  }
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(sh - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = gy - y0;
    const row = y * width;
    const top0 = y0 * sw;
    const bottom0 = y1 * sw;
    for (let x = 0; x < width; x++) {
      const x0 = colX0[x] as number;
      const x1 = colX1[x] as number;
      const wx = colWx[x] as number;
      const top = (inv[top0 + x0] as number) * (1 - wx) + (inv[top0 + x1] as number) * wx;
      const bottom = (inv[bottom0 + x0] as number) * (1 - wx) + (inv[bottom0 + x1] as number) * wx;
      const v = (data[row + x] as number) * (top * (1 - wy) + bottom * wy);
      out[row + x] = v >= 255 ? 255 : v + 0.5;
    }
  }
  return out;
}

/**
 * Light text on dark bands (banners, shaded table header rows) becomes dark on light, the only
 * way tesseract reads it reliably: pixels whose neighbourhood (a window wider than any glyph
 * stroke, so bold text stays as it is) is mostly dark are inverted. Dark areas reaching the
 * image's edge are what a photo shows around the page (a desk, a hand): they become white, as
 * their texture, inverted, would be read as rows of garbage.
 */
export function invertDarkBands(data: Uint8Array, width: number, height: number): Uint8Array {
  const r = Math.max(8, Math.round(Math.max(width, height) / 130));
  let dark = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i += 97) {
    seen++;
    if ((data[i] as number) < 80) dark++;
  }
  // Ordinary text covers a few per cent of a page; with few dark pixels, only a band across the
  // page (a shaded table header row) is worth the work.
  if (dark / Math.max(1, seen) < 0.06 && !hasDarkBand(data, width, height, r)) return data;
  const w1 = width + 1;
  const integral = new Uint32Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      rowSum += data[row + x] as number;
      integral[(y + 1) * w1 + x + 1] = (integral[y * w1 + x + 1] as number) + rowSum;
    }
  }
  const threshold = 255 * 0.45;
  const boxSum = (xa: number, ya: number, xb: number, yb: number) =>
    (integral[yb * w1 + xb] as number) -
    (integral[ya * w1 + xb] as number) -
    (integral[yb * w1 + xa] as number) +
    (integral[ya * w1 + xa] as number);
  // Dark cells of a coarse grid, and those connected to the image's edge through dark cells.
  const c = r;
  const cw = Math.ceil(width / c);
  const ch = Math.ceil(height / c);
  const darkCell = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy++)
    for (let cx = 0; cx < cw; cx++) {
      const xa = cx * c;
      const ya = cy * c;
      const xb = Math.min(width, xa + c);
      const yb = Math.min(height, ya + c);
      if (boxSum(xa, ya, xb, yb) < threshold * (xb - xa) * (yb - ya)) darkCell[cy * cw + cx] = 1;
    }
  const outside = new Uint8Array(cw * ch);
  const queue: number[] = [];
  for (let cy = 0; cy < ch; cy++)
    for (let cx = 0; cx < cw; cx++) {
      const k = cy * cw + cx;
      if ((cx === 0 || cy === 0 || cx === cw - 1 || cy === ch - 1) && darkCell[k]) {
        outside[k] = 1;
        queue.push(k);
      }
    }
  while (queue.length) {
    const k = queue.pop() as number;
    const cx = k % cw;
    const cy = (k - cx) / cw;
    for (const [nx, ny] of [
      [cx - 1, cy],
      [cx + 1, cy],
      [cx, cy - 1],
      [cx, cy + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
      const n = ny * cw + nx;
      if (darkCell[n] && !outside[n]) {
        outside[n] = 1;
        queue.push(n);
      }
    }
  }
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(height, y + r + 1);
    const cellRow = Math.floor(y / c) * cw;
    for (let x = 0; x < width; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(width, x + r + 1);
      const edgeDark = outside[cellRow + Math.floor(x / c)] === 1;
      if (edgeDark) out[y * width + x] = 255;
      else if (boxSum(xa, ya, xb, yb) < threshold * (yb - ya) * (xb - xa))
        out[y * width + x] = 255 - (data[y * width + x] as number);
    }
  }
  return out;
}

/**
 * A dark band across the page away from its edges: a row of `r`-sized cells, mostly dark, at
 * least a fifth of the page wide (a shaded header row; a logo or a bold title is narrower, and a
 * text line's cells are mostly paper).
 */
function hasDarkBand(data: Uint8Array, width: number, height: number, r: number): boolean {
  const cw = Math.floor(width / r);
  const need = Math.max(8, Math.ceil(cw / 5));
  for (let cy = 1; cy + 1 < Math.floor(height / r); cy++) {
    let run = 0;
    for (let cx = 1; cx + 1 < cw; cx++) {
      let sum = 0;
      let n = 0;
      for (let y = cy * r; y < (cy + 1) * r; y += 2)
        for (let x = cx * r; x < (cx + 1) * r; x += 2) {
          sum += data[y * width + x] as number;
          n++;
        }
      run = sum < 255 * 0.45 * n ? run + 1 : 0;
      if (run >= need) return true;
    }
  }
  return false;
}

/**
 * Horizontal table rules (long, thin strokes, faint grey ones included) become paper. With page
 * segmentation mode 6 tesseract reads a rule running close above or below a line of text as part
 * of that line, and the line comes out as garbage (a bold column header between a thick and a
 * thin rule is typical). A rule pixel lies in a run of non-paper pixels much longer than a glyph
 * and in a vertical stroke much thinner than one, so text, and text on a shaded band, stays;
 * letters crossing a rule keep their own strokes. Vertical rules are left: removing them from
 * boxed header cells made tesseract lose labels it otherwise read.
 */
export function removeRules(
  data: Uint8Array,
  width: number,
  height: number,
  glyph: number,
  found: HorizontalRule[] = [],
): Uint8Array {
  const g = glyph || 16;
  let out: Uint8Array | null = null;
  const strokes: HorizontalRule[] = [];
  // Each rule removed is reported: one drawn against a shaded band (the rule under a shaded
  // header) is thin only against the band's darker shade, not the paper's.
  thinStrokes(data, width, height, g, 224, (row, start, end) => {
    out ??= new Uint8Array(data);
    out.fill(255, row + start, row + end);
    strokes.push({ y: row / width, x0: start, x1: end });
  });
  // Rules too faint to disturb tesseract (a light grey hairline between rows) still separate rows:
  // they are reported, from the paper's own shade down, but left on the page.
  thinStrokes(data, width, height, g, 240, (row, start, end) => strokes.push({ y: row / width, x0: start, x1: end }));
  strokes.sort((a, b) => a.y - b.y || a.x0 - b.x0);
  found.push(...joinStrokes(strokes, g));
  return out ?? data;
}

/**
 * Calls `onStroke` for each horizontal run of pixels darker than `paper` that is at least eight
 * glyphs long and whose vertical stroke is thinner than a glyph's (row = the row's first pixel).
 */
function thinStrokes(
  data: Uint8Array,
  width: number,
  height: number,
  g: number,
  paper: number,
  onStroke: (row: number, start: number, end: number) => void,
): void {
  const minLength = Math.max(80, g * 8);
  const maxThick = Math.max(4, Math.round(g * 0.6));
  const ink = (i: number) => (data[i] as number) < paper;
  // Whether the vertical non-paper stroke through pixel i is at most maxThick tall: walked from
  // the pixel, at most maxThick + 1 steps (only pixels of long horizontal runs are asked).
  const thin = (i: number) => {
    let run = 1;
    for (let k = i - width; k >= 0 && ink(k); k -= width) if (++run > maxThick) return false;
    for (let k = i + width; k < data.length && ink(k); k += width) if (++run > maxThick) return false;
    return true;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (!ink(row + x)) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && ink(row + end)) end++;
      // A rule is a run of thin ink pixels; it can only lie inside a run of ink this long.
      if (end - x >= minLength) {
        let start = -1;
        for (let k = x; k <= end; k++) {
          const rule = k < end && thin(row + k);
          if (rule && start < 0) start = k;
          else if (!rule && start >= 0) {
            if (k - start >= minLength) onStroke(row, start, k);
            start = -1;
          }
        }
      }
      x = end;
    }
  }
}

/**
 * Pixel rows of one rule as one rule at their middle: strokes of touching rows, and pieces of a
 * row cut by vertical rules, glyphs or a photo's blur (within a few glyphs of each other, and
 * within a third of a glyph in height, as a slightly tilted rule's pieces are).
 */
function joinStrokes(strokes: HorizontalRule[], glyph: number): HorizontalRule[] {
  const rules: { y0: number; y1: number; x0: number; x1: number }[] = [];
  const reach = glyph * 8;
  const tilt = Math.max(2, glyph / 3);
  for (const s of strokes) {
    const r = rules.find(
      (q) => s.y - q.y1 <= tilt && s.x0 - q.x1 <= reach && q.x0 - s.x1 <= reach && s.y - q.y0 <= tilt * 2,
    );
    if (r) Object.assign(r, { y1: s.y, x0: Math.min(r.x0, s.x0), x1: Math.max(r.x1, s.x1) });
    else rules.push({ y0: s.y, y1: s.y, x0: s.x0, x1: s.x1 });
  }
  return rules.map((r) => ({ y: (r.y0 + r.y1) / 2, x0: r.x0, x1: r.x1 }));
}

/** 3x3 box blur, twice (close to a small Gaussian), on the small background grid. */
function boxBlur(src: Uint8Array, w: number, h: number): Float32Array {
  let cur = Float32Array.from(src);
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(cur.length);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let s = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            s += cur[yy * w + xx] as number;
            n++;
          }
        next[y * w + x] = s / n;
      }
    cur = next;
  }
  return cur;
}

function maxFilter(src: Uint8Array, w: number, h: number, r: number, horizontal: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let k = -r; k <= r; k++) {
        const xx = horizontal ? x + k : x;
        const yy = horizontal ? y : y + k;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const v = src[yy * w + xx] as number;
        if (v > m) m = v;
      }
      out[y * w + x] = m;
    }
  return out;
}

/** Maps the darkest 0.5 % of pixels to black and the paper to white. */
export function stretchContrast(data: Uint8Array): Uint8Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    hist[v] = (hist[v] as number) + 1;
  }
  const lowCount = data.length * 0.005;
  let lo = 0;
  for (let acc = 0; lo < 255 && acc + (hist[lo] as number) < lowCount; lo++) acc += hist[lo] as number;
  let hi = 255;
  const highCount = data.length * 0.2;
  for (let acc = 0; hi > lo && acc + (hist[hi] as number) < highCount; hi--) acc += hist[hi] as number;
  if (hi - lo < 16) return data;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = lut[data[i] as number] as number;
  return out;
}

const INK = 128;

/**
 * Skew in degrees (positive: text lines fall to the right), from the angle whose horizontal
 * projection of ink pixels has the sharpest peaks (largest sum of squared bin counts).
 */
export function estimateSkew(data: Uint8Array, width: number, height: number, maxDeg = 5): number {
  const step = Math.max(1, Math.round(Math.max(width, height) / 1200));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step)
      if ((data[row + x] as number) < INK) {
        xs.push(x);
        ys.push(y);
      }
  }
  if (xs.length < 100) return 0;
  const offset = Math.ceil(width * Math.tan((maxDeg * Math.PI) / 180)) + step;
  const bins = new Float64Array(Math.ceil((height + 2 * offset) / step) + 2);
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const b = Math.round(((ys[i] as number) - (xs[i] as number) * t + offset) / step);
      bins[b] = (bins[b] as number) + 1;
    }
    let s = 0;
    for (let b = 0; b < bins.length; b++) s += (bins[b] as number) * (bins[b] as number);
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += 0.25) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.25; d <= coarse + 0.25 + 1e-9; d += 0.05) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 100) / 100;
}

/**
 * Median height of glyph-like connected components of ink (f > 1 samples every f-th pixel:
 * faster, within f px), or 0 when there are too few to tell. Unlike line spacing it does not care
 * how tightly lines are packed.
 */
export function medianGlyphHeight(data: Uint8Array, width: number, height: number, f = 1): number {
  const w = Math.floor(width / f);
  const h = Math.floor(height / f);
  if (w < 2 || h < 2) return 0;
  const labels = new Int32Array(w * h);
  // Union-find over provisional labels; a label's parent is never larger than the label.
  let parent = new Int32Array(1 << 16);
  let n = 1;
  const find = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[a] !== r) {
      const next = parent[a] as number;
      parent[a] = r;
      a = next;
    }
    return r;
  };
  for (let y = 0; y < h; y++) {
    const src = y * f * width;
    for (let x = 0; x < w; x++) {
      if ((data[src + x * f] as number) >= INK) continue;
      const i = y * w + x;
      const left = x > 0 ? (labels[i - 1] as number) : 0;
      const up = y > 0 ? (labels[i - w] as number) : 0;
      if (!left && !up) {
        if (n === parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[n] = n;
        labels[i] = n++;
      } else if (left && up) {
        const a = find(left);
        const b = find(up);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        labels[i] = Math.min(a, b);
      } else labels[i] = left || up;
    }
  }
  // Every label's root, in one pass: parents are smaller, so theirs are already final.
  for (let l = 1; l < n; l++) parent[l] = parent[parent[l] as number] as number;
  const minY = new Int32Array(n).fill(h);
  const maxY = new Int32Array(n).fill(-1);
  const minX = new Int32Array(n).fill(w);
  const maxX = new Int32Array(n).fill(-1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = labels[row + x] as number;
      if (!l) continue;
      const r = parent[l] as number;
      if (y < (minY[r] as number)) minY[r] = y;
      if (y > (maxY[r] as number)) maxY[r] = y;
      if (x < (minX[r] as number)) minX[r] = x;
      if (x > (maxX[r] as number)) maxX[r] = x;
    }
  }
  const heights: number[] = [];
  for (let r = 1; r < n; r++) {
    if (parent[r] !== r) continue;
    const gh = (maxY[r] as number) - (minY[r] as number) + 1;
    const gw = (maxX[r] as number) - (minX[r] as number) + 1;
    // Letters and digits: not specks, not rules or boxes, not whole blocks.
    if (gh >= 3 && gh <= 120 && gw <= gh * 3 && gw * 8 >= gh) heights.push(gh);
  }
  if (heights.length < 20) return 0;
  heights.sort((a, b) => a - b);
  return (heights[Math.floor(heights.length / 2)] as number) * f;
}

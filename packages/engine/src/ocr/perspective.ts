/**
 * Photos of a page lying on a desk: the paper is a bright quadrilateral (tilted, narrower at the
 * far end) on a darker background. Rows of such a page are not straight lines, so a single deskew
 * angle cannot line a row's amounts up with its date. When the whole page is visible, its corners
 * are found on a small copy of the image and the page is mapped onto an upright rectangle (a
 * homography, bilinear sampling); the background, and a neighbouring page's edge beside it, fall
 * away. Anything else (scans, renders, photos cut at the page's edge) is left as it is.
 */
import type { GreyImage } from './bmp';

export type Point = [number, number];
/** Corners in source pixels: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** Long side of the small copy the page is looked for in. */
const SMALL = 400;

/**
 * The page's corners, or null when no whole page stands out from a darker background: the
 * brightest large region (Otsu's threshold on a small copy) must not touch the image's edge, cover
 * at least a quarter of it, be a convex four-cornered shape with near-right angles, and what lies
 * around it must be mostly dark (a dark frame drawn on white paper is not a background).
 */
export function findPageQuad(img: GreyImage): Quad | null {
  const { data, width, height } = img;
  const f = Math.max(1, Math.ceil(Math.max(width, height) / SMALL));
  const sw = Math.floor(width / f);
  const sh = Math.floor(height / f);
  if (sw < 40 || sh < 40) return null;
  const small = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * width + x * f;
        for (let dx = 0; dx < f; dx++) s += data[row + dx] as number;
      }
      small[y * sw + x] = s / (f * f);
    }
  const t = otsu(small);
  let brightSum = 0;
  let brightN = 0;
  let darkSum = 0;
  for (const v of small)
    if (v > t) {
      brightSum += v;
      brightN++;
    } else darkSum += v;
  const darkN = small.length - brightN;
  if (brightN === 0 || darkN < small.length * 0.03) return null;
  if (brightSum / brightN - darkSum / darkN < 35) return null;

  // Largest 4-connected bright component.
  const label = new Int32Array(sw * sh);
  let best = 0;
  let bestSize = 0;
  let next = 1;
  const stack: number[] = [];
  for (let i = 0; i < small.length; i++) {
    if (label[i] || (small[i] as number) <= t) continue;
    let size = 0;
    label[i] = next;
    stack.push(i);
    while (stack.length) {
      const k = stack.pop() as number;
      size++;
      const x = k % sw;
      const y = (k - x) / sw;
      if (x > 0) visit(k - 1);
      if (x < sw - 1) visit(k + 1);
      if (y > 0) visit(k - sw);
      if (y < sh - 1) visit(k + sw);
    }
    if (size > bestSize) [best, bestSize] = [next, size];
    next++;
  }
  function visit(k: number) {
    if (!label[k] && (small[k] as number) > t) {
      label[k] = next;
      stack.push(k);
    }
  }
  if (bestSize < small.length * 0.25) return null;

  // Corners: the component's extreme points along the diagonals; it must not touch the edge.
  let tl = [0, 0, Number.POSITIVE_INFINITY];
  let br = [0, 0, Number.NEGATIVE_INFINITY];
  let tr = [0, 0, Number.NEGATIVE_INFINITY];
  let bl = [0, 0, Number.NEGATIVE_INFINITY];
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      if (label[y * sw + x] !== best) continue;
      if (x === 0 || y === 0 || x === sw - 1 || y === sh - 1) return null;
      if (x + y < (tl[2] as number)) tl = [x, y, x + y];
      if (x + y > (br[2] as number)) br = [x, y, x + y];
      if (x - y > (tr[2] as number)) tr = [x, y, x - y];
      if (y - x > (bl[2] as number)) bl = [x, y, y - x];
    }
  const quad = [tl, tr, br, bl].map(([x, y]) => [((x as number) + 0.5) * f, ((y as number) + 0.5) * f]) as Quad;
  if (!plausible(quad)) return null;

  // Outside the quad: mostly background (dark), else the "page" is a box drawn on the page.
  let outside = 0;
  let outsideDark = 0;
  const smallQuad = quad.map(([x, y]) => [x / f, y / f]) as Quad;
  for (let y = 0; y < sh; y += 2)
    for (let x = 0; x < sw; x += 2) {
      if (insideQuad(smallQuad, x + 0.5, y + 0.5)) continue;
      outside++;
      if ((small[y * sw + x] as number) <= t) outsideDark++;
    }
  if (outside === 0 || outsideDark < outside * 0.7) return null;
  return inset(quad, 0.004 * Math.max(width, height));
}

/** Convex, corners in order, every angle within 20 degrees of a right angle. */
function plausible(q: Quad): boolean {
  for (let i = 0; i < 4; i++) {
    const a = q[(i + 3) % 4] as Point;
    const b = q[i] as Point;
    const c = q[(i + 1) % 4] as Point;
    const u = [a[0] - b[0], a[1] - b[1]];
    const v = [c[0] - b[0], c[1] - b[1]];
    const lu = Math.hypot(u[0] as number, u[1] as number);
    const lv = Math.hypot(v[0] as number, v[1] as number);
    if (lu < 1 || lv < 1) return false;
    const cos = ((u[0] as number) * (v[0] as number) + (u[1] as number) * (v[1] as number)) / (lu * lv);
    if (Math.abs(cos) > Math.sin((20 * Math.PI) / 180)) return false;
    // Clockwise in image coordinates (y down): the cross product of (b-a) and (c-b) is positive.
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (cross <= 0) return false;
  }
  return true;
}

function insideQuad(q: Quad, x: number, y: number): boolean {
  for (let i = 0; i < 4; i++) {
    const a = q[i] as Point;
    const b = q[(i + 1) % 4] as Point;
    if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) < 0) return false;
  }
  return true;
}

/** Moves each corner towards the centre by d pixels: the paper's own edge and shadow stay out. */
function inset(q: Quad, d: number): Quad {
  const cx = q.reduce((s, p) => s + p[0], 0) / 4;
  const cy = q.reduce((s, p) => s + p[1], 0) / 4;
  return q.map(([x, y]) => {
    const l = Math.hypot(cx - x, cy - y) || 1;
    return [x + ((cx - x) * d) / l, y + ((cy - y) * d) / l];
  }) as Quad;
}

/** Otsu's threshold of 8-bit values. */
function otsu(values: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of values) hist[v] = (hist[v] as number) + 1;
  const total = values.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * (hist[v] as number);
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let bestVar = -1;
  for (let v = 0; v < 256; v++) {
    wB += hist[v] as number;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += v * (hist[v] as number);
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > bestVar) [bestVar, best] = [between, v];
  }
  return best;
}

/**
 * The homography taking the four points `from` to the four points `to`, as the 8 coefficients of
 * x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1).
 */
export function homography(from: Quad, to: Quad): number[] {
  const A: number[][] = [];
  const B: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] as Point;
    const [u, v] = to[i] as Point;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    B.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    B.push(v);
  }
  return solve(A, B);
}

export const rectangle = (w: number, h: number): Quad => [
  [0, 0],
  [w, 0],
  [w, h],
  [0, h],
];

/** Gaussian elimination with partial pivoting (8x8). */
function solve(A: number[][], B: number[]): number[] {
  const n = B.length;
  const m = A.map((row, i) => [...row, B[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] as number) > Math.abs(m[p]?.[c] as number)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = m[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r] as number[];
      const k = (row[c] as number) / (pivot[c] as number);
      for (let j = c; j <= n; j++) row[j] = (row[j] as number) - k * (pivot[j] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

/** The page inside the quad as an upright rectangle at the source's own pixel density. */
export function warpQuad(img: GreyImage, q: Quad): GreyImage {
  const len = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const w = Math.round((len(q[0], q[1]) + len(q[3], q[2])) / 2);
  const h = Math.round((len(q[0], q[3]) + len(q[1], q[2])) / 2);
  const [a, b, c, d, e, f, g, k] = homography(rectangle(w, h), q) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const { data, width, height } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const yy = y + 0.5;
    for (let x = 0; x < w; x++) {
      const xx = x + 0.5;
      const z = g * xx + k * yy + 1;
      const u = (a * xx + b * yy + c) / z - 0.5;
      const v = (d * xx + e * yy + f) / z - 0.5;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        out[y * w + x] = 255;
        continue;
      }
      const fx = u - x0;
      const fy = v - y0;
      const i = y0 * width + x0;
      const top = (data[i] as number) * (1 - fx) + (data[i + 1] as number) * fx;
      const bottom = (data[i + width] as number) * (1 - fx) + (data[i + width + 1] as number) * fx;
      out[y * w + x] = top * (1 - fy) + bottom * fy + 0.5;
    }
  }
  return { data: out, width: w, height: h };
}

/** The page straightened out of a photo, or the image itself when no whole page is seen. */
export function rectifyPage(img: GreyImage): { image: GreyImage; quad: Quad | null } {
  const quad = findPageQuad(img);
  return quad ? { image: warpQuad(img, quad), quad } : { image: img, quad: null };
}

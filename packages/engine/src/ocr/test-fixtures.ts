/**
 * Test fixtures for the OCR path: a small statement table drawn with @napi-rs/canvas, rotated and
 * noised like a scan, and encoders the image libraries do not offer (BMP). Used by tests only.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { homography, type Quad, rectangle } from './perspective';

export const STATEMENT_ROWS: string[][] = [
  ['03/01/2024', 'Grocery Market', '45.20', '', '1,204.80'],
  ['05/01/2024', 'Salary Payment', '', '2,000.00', '3,204.80'],
  ['08/01/2024', 'Electric Company', '118.35', '', '3,086.45'],
  ['12/01/2024', 'Coffee House', '4.75', '', '3,081.70'],
  ['15/01/2024', 'Rent Transfer', '950.00', '', '2,131.70'],
  ['20/01/2024', 'Refund Online Store', '', '36.99', '2,168.69'],
];
export const STATEMENT_HEADER = ['Date', 'Description', 'Debit', 'Credit', 'Balance'];

const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
let fontFamily: string | null = null;
function family(): string {
  if (fontFamily) return fontFamily;
  // DejaVu when the system has it (Debian fonts-dejavu); the canvas's default sans otherwise.
  try {
    GlobalFonts.registerFromPath(FONT_FILE, 'StatementTestSans');
    fontFamily = 'StatementTestSans';
  } catch {
    fontFamily = 'sans-serif';
  }
  return fontFamily;
}

export interface RenderOptions {
  /** Font size in pixels (about 42 is 10 pt at 300 dpi). */
  fontPx?: number;
  /** Degrees, clockwise. */
  angle?: number;
  /** Standard deviation of the grey noise added to every pixel. */
  noise?: number;
  seed?: number;
}

export interface RenderedPage {
  width: number;
  height: number;
  /** RGBA pixels. */
  rgba: Uint8Array;
  png: Buffer;
  jpeg: Buffer;
}

/** Column x positions as fractions of the width; amounts are right-aligned at their column's end. */
const COLS = [
  { x: 0.04, align: 'left' },
  { x: 0.2, align: 'left' },
  { x: 0.68, align: 'right' },
  { x: 0.82, align: 'right' },
  { x: 0.96, align: 'right' },
] as const;

export async function renderStatement(options: RenderOptions = {}): Promise<RenderedPage> {
  const fontPx = options.fontPx ?? 30;
  const width = Math.round(fontPx * 44);
  const lineGap = Math.round(fontPx * 1.9);
  const height = Math.round(lineGap * (STATEMENT_ROWS.length + 4));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate(((options.angle ?? 0) * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#1a1a1a';
  ctx.textBaseline = 'alphabetic';
  ctx.font = `bold ${fontPx}px ${family()}`;
  ctx.textAlign = 'left';
  ctx.fillText('Account statement', width * 0.04, lineGap);
  const drawRow = (cells: string[], y: number) => {
    cells.forEach((cell, i) => {
      const col = COLS[i];
      if (!col || !cell) return;
      ctx.textAlign = col.align;
      ctx.fillText(cell, width * col.x, y);
    });
  };
  drawRow(STATEMENT_HEADER, lineGap * 2.5);
  ctx.fillRect(width * 0.04, lineGap * 2.5 + fontPx * 0.4, width * 0.92, Math.max(1, fontPx / 15));
  ctx.font = `${fontPx}px ${family()}`;
  for (const [i, row] of STATEMENT_ROWS.entries()) drawRow(row, lineGap * (3.5 + i));

  const image = ctx.getImageData(0, 0, width, height);
  const rgba = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  if (options.noise) {
    let s = options.seed ?? 7;
    const rand = () => {
      s = (s * 1103515245 + 12345) >>> 0;
      return s / 2 ** 32;
    };
    for (let i = 0; i < rgba.length; i += 4) {
      // Sum of uniforms: roughly Gaussian, deterministic.
      const n = (rand() + rand() + rand() - 1.5) * 2 * (options.noise as number);
      const v = Math.max(0, Math.min(255, Math.round((rgba[i] as number) + n)));
      rgba[i] = v;
      rgba[i + 1] = v;
      rgba[i + 2] = v;
    }
    ctx.putImageData(image, 0, 0);
  }
  return { width, height, rgba, png: await canvas.encode('png'), jpeg: await canvas.encode('jpeg', 85) };
}

/** 24-bit or 8-bit (grey palette) bottom-up BMP from RGBA pixels. */
export function encodeBmp(rgba: Uint8Array, width: number, height: number, bits: 8 | 24): Buffer {
  const stride = Math.ceil((width * bits) / 32) * 4;
  const paletteSize = bits === 8 ? 256 * 4 : 0;
  const offset = 14 + 40 + paletteSize;
  const buf = Buffer.alloc(offset + stride * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(offset, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(bits, 28);
  buf.writeUInt32LE(0, 30);
  buf.writeUInt32LE(stride * height, 34);
  buf.writeUInt32LE(bits === 8 ? 256 : 0, 46);
  if (bits === 8) for (let i = 0; i < 256; i++) buf.writeUInt32LE((i << 16) | (i << 8) | i, 54 + i * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const [r, g, b] = [rgba[p] as number, rgba[p + 1] as number, rgba[p + 2] as number];
      if (bits === 8) buf[row + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      else {
        buf[row + x * 3] = b;
        buf[row + x * 3 + 1] = g;
        buf[row + x * 3 + 2] = r;
      }
    }
  }
  return buf;
}

/** The statement table as SVG text elements (rendered by sharp/librsvg in the reader). */
export function statementSvg(extra = ''): string {
  const w = 1320;
  const gap = 57;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = (cells: string[], y: number, weight = 'normal') =>
    cells
      .map((cell, i) => {
        const col = COLS[i];
        if (!col || !cell) return '';
        const anchor = col.align === 'right' ? 'end' : 'start';
        return `<text x="${Math.round(w * col.x)}" y="${y}" text-anchor="${anchor}" font-weight="${weight}">${esc(cell)}</text>`;
      })
      .join('');
  const rows = STATEMENT_ROWS.map((r, i) => text(r, Math.round(gap * (3.5 + i)))).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${gap * 10}" font-family="DejaVu Sans, sans-serif" font-size="30">
<rect width="100%" height="100%" fill="#fff"/>
${extra}
${text(STATEMENT_HEADER, Math.round(gap * 2.5), 'bold')}
${rows}
</svg>`;
}

/** A PNG that is only a header (IHDR) claiming the given size: readers must refuse it unread. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A phone photo of a page: the grey page drawn into `quad` (corners clockwise from top-left, as
 * fractions of the photo's size) on a darker desk, lit unevenly (brighter at the top left).
 */
export function photographPage(
  page: { data: Uint8Array; width: number; height: number },
  quad: [number, number][],
  width: number,
  height: number,
): { data: Uint8Array; width: number; height: number } {
  const corners = quad.map(([x, y]) => [x * width, y * height]) as Quad;
  const [a, b, c, d, e, f, g, h] = homography(corners, rectangle(page.width, page.height)) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const z = g * x + h * y + 1;
      const u = Math.round((a * x + b * y + c) / z);
      const v = Math.round((d * x + e * y + f) / z);
      const light = 1 - 0.25 * ((x / width + y / height) / 2);
      const inside = u >= 0 && v >= 0 && u < page.width && v < page.height;
      const paper = inside ? (page.data[v * page.width + u] as number) : 70 + ((x * 7 + y * 13) % 11);
      out[y * width + x] = Math.round(paper * light);
    }
  return { data: out, width, height };
}

/** RGBA pixels to 8-bit grey (the red channel: the fixtures are drawn in greys). */
export function rgbaToGrey(rgba: Uint8Array, width: number, height: number) {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4] as number;
  return { data, width, height };
}

export interface LedgerRow {
  date: string;
  /** The description's lines, top to bottom; `anchor` is the one the date and amounts stand on. */
  lines: string[];
  anchor: number;
  amount: string;
  balance: string;
}

export interface LedgerOptions {
  /** Text lines above the table (title, address, period). */
  title: string[];
  /** Date, description, amount and balance labels. */
  header: [string, string, string, string];
  rows: LedgerRow[];
  fontPx?: number;
  /** Baseline to baseline inside a row, in font sizes. */
  linePitch?: number;
  /** Added between rows, in font sizes (row padding). */
  rowGap?: number;
  /** Space between the words of a cell, in font sizes (a wide typeface spaces them by most of one). */
  wordGap?: number;
  /** A thin rule under every row. */
  rules?: boolean;
}

/**
 * A statement page drawn word by word (so word spacing is the test's to choose): a title block, a
 * header, and rows whose description may start above the line with the date and amounts. PNG.
 */
export async function renderLedger(o: LedgerOptions): Promise<Buffer> {
  const fontPx = o.fontPx ?? 28;
  const pitch = fontPx * (o.linePitch ?? 1.3);
  const rowGap = fontPx * (o.rowGap ?? 0);
  const wordGap = fontPx * (o.wordGap ?? 0.3);
  const width = Math.round(fontPx * 60);
  const lineCount = o.title.length + 2 + o.rows.reduce((n, r) => n + r.lines.length, 0);
  const height = Math.round(pitch * (lineCount + 4) + rowGap * o.rows.length);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1a1a1a';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  const words = (text: string) => text.split(' ').filter(Boolean);
  const measure = (text: string) =>
    words(text).reduce((w, word, i) => w + ctx.measureText(word).width + (i ? wordGap : 0), 0);
  const draw = (text: string, x: number, y: number, align: 'left' | 'right' = 'left') => {
    let at = align === 'right' ? x - measure(text) : x;
    for (const word of words(text)) {
      ctx.fillText(word, at, y);
      at += ctx.measureText(word).width + wordGap;
    }
  };
  const cols = { date: width * 0.04, text: width * 0.2, amount: width * 0.8, balance: width * 0.96 };
  let y = pitch * 1.5;
  ctx.font = `${fontPx}px ${family()}`;
  for (const line of o.title) {
    draw(line, cols.date, y);
    y += pitch;
  }
  y += pitch;
  ctx.font = `bold ${fontPx}px ${family()}`;
  const [dateLabel, textLabel, amountLabel, balanceLabel] = o.header;
  draw(dateLabel, cols.date, y);
  draw(textLabel, cols.text, y);
  draw(amountLabel, cols.amount, y, 'right');
  draw(balanceLabel, cols.balance, y, 'right');
  ctx.fillRect(cols.date, y + fontPx * 0.4, cols.balance - cols.date, Math.max(1, fontPx / 15));
  ctx.font = `${fontPx}px ${family()}`;
  y += pitch + rowGap;
  for (const row of o.rows) {
    row.lines.forEach((line, i) => {
      const at = y + pitch * i;
      draw(line, cols.text, at);
      if (i !== row.anchor) return;
      draw(row.date, cols.date, at);
      draw(row.amount, cols.amount, at, 'right');
      draw(row.balance, cols.balance, at, 'right');
    });
    const last = y + pitch * (row.lines.length - 1);
    if (o.rules) ctx.fillRect(cols.date, last + (pitch - fontPx * 0.7 + rowGap) / 2, cols.balance - cols.date, 1);
    y = last + pitch + rowGap;
  }
  return canvas.encode('png');
}

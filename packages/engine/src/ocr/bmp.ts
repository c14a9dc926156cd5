/**
 * A small BMP decoder (sharp's libvips cannot read BMP): 1/4/8-bit palette, 16/24/32-bit,
 * uncompressed or BI_BITFIELDS. Returns 8-bit greyscale, which is all OCR needs.
 */
import { AppError } from '@statemint/shared';
import { MAX_IMAGE_PIXELS } from './limits';

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const unreadable = (why: string) => new AppError('UNREADABLE_FILE', `The BMP image could not be read (${why}).`);

export function bmpSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) throw unreadable('not a BMP file');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dibSize = dv.getUint32(14, true);
  if (dibSize === 12) return { width: dv.getUint16(18, true), height: dv.getUint16(20, true) };
  if (dibSize < 40 || bytes.length < 14 + dibSize) throw unreadable('unknown header');
  return { width: Math.abs(dv.getInt32(18, true)), height: Math.abs(dv.getInt32(22, true)) };
}

export function decodeBmp(bytes: Uint8Array): GreyImage {
  const { width, height } = bmpSize(bytes);
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge();
  if (width === 0 || height === 0) throw unreadable('empty image');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataOffset = dv.getUint32(10, true);
  const dibSize = dv.getUint32(14, true);
  const core = dibSize === 12;
  const bpp = core ? dv.getUint16(24, true) : dv.getUint16(28, true);
  const compression = core ? 0 : dv.getUint32(30, true);
  const topDown = !core && dv.getInt32(22, true) < 0;
  if (compression !== 0 && compression !== 3 && compression !== 6) throw unreadable('compressed BMP');

  // Channel masks for 16/32-bit images.
  let masks: [number, number, number] = bpp === 16 ? [0x7c00, 0x03e0, 0x001f] : [0x00ff0000, 0x0000ff00, 0x000000ff];
  if (compression === 3 || compression === 6) {
    const at = dibSize >= 52 ? 54 : 14 + dibSize;
    if (bytes.length < at + 12) throw unreadable('truncated header');
    masks = [dv.getUint32(at, true), dv.getUint32(at + 4, true), dv.getUint32(at + 8, true)];
  }

  let palette: Uint8Array | null = null;
  if (bpp <= 8) {
    const entrySize = core ? 3 : 4;
    const used = core ? 0 : dv.getUint32(46, true);
    const count = used || 1 << bpp;
    const start = 14 + dibSize;
    palette = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const p = start + i * entrySize;
      if (p + 2 >= bytes.length) break;
      palette[i] = luma(bytes[p + 2] as number, bytes[p + 1] as number, bytes[p] as number);
    }
  } else if (bpp !== 16 && bpp !== 24 && bpp !== 32) {
    throw unreadable(`${bpp}-bit colour`);
  }

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + stride * (height - 1) + Math.ceil((bpp * width) / 8) > bytes.length) throw unreadable('truncated');
  const out = new Uint8Array(width * height);
  const channel = (v: number, mask: number) => {
    if (!mask) return 0;
    const shift = Math.clz32(0) - Math.clz32(mask & -mask) - 1;
    const max = mask >>> shift;
    return Math.round((((v & mask) >>> shift) * 255) / max);
  };
  for (let row = 0; row < height; row++) {
    const src = dataOffset + (topDown ? row : height - 1 - row) * stride;
    const dst = row * width;
    for (let x = 0; x < width; x++) {
      let g: number;
      if (palette) {
        const bit = x * bpp;
        const byte = bytes[src + (bit >> 3)] as number;
        const idx = bpp === 8 ? byte : (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        g = palette[idx] ?? 0;
      } else if (bpp === 24) {
        const p = src + x * 3;
        g = luma(bytes[p + 2] as number, bytes[p + 1] as number, bytes[p] as number);
      } else if (bpp === 32) {
        const v = dv.getUint32(src + x * 4, true);
        g = luma(channel(v, masks[0]), channel(v, masks[1]), channel(v, masks[2]));
      } else {
        const v = dv.getUint16(src + x * 2, true);
        g = luma(channel(v, masks[0]), channel(v, masks[1]), channel(v, masks[2]));
      }
      out[dst + x] = g;
    }
  }
  return { data: out, width, height };
}

function luma(r: number, g: number, b: number): number {
  return Math.round(0.299 * r + 0.587 * g + 0.114 * b);
}

export function tooLarge(): AppError {
  return new AppError(
    'IMAGE_TOO_LARGE',
    `The image is too large to read (over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels). Please upload a smaller scan.`,
  );
}

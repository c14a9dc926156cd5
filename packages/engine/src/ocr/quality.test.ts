/**
 * A photo or scan that cannot be read says why (too small, too dark, too blurred) with its own
 * code, not NO_TRANSACTIONS. Every image is a statement page the test draws, then spoils the way
 * a phone does: shrunk, underexposed with sensor noise, or smeared. The same page unspoilt reads.
 */
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { extraRef, rawPdf } from '../testing/raw-pdf';
import { shutdownOcr } from './index';
import { preparePage } from './prepare';
import { blurEffect, measureQuality, pageFault, QUALITY, qualityError } from './quality';
import { type LedgerRow, renderLedger } from './test-fixtures';

afterAll(async () => {
  await shutdownOcr();
});

/** Twelve payments from an opening balance of 2,000.00, each balance printed. */
function ledgerRows(month: string): LedgerRow[] {
  let balance = 200_000;
  const rows: LedgerRow[] = [
    { date: `01/${month}/2025`, lines: ['Opening balance'], anchor: 0, amount: '', balance: '2000.00' },
  ];
  for (let i = 0; i < 12; i++) {
    const cents = 500 + i * 1370;
    balance -= cents;
    rows.push({
      date: `${String(i + 2).padStart(2, '0')}/${month}/2025`,
      lines: [`PAYMENT ${1000 + i * 37} STORE`],
      anchor: 0,
      amount: `-${(cents / 100).toFixed(2)}`,
      balance: (balance / 100).toFixed(2),
    });
  }
  return rows;
}

const page = (month: string) =>
  renderLedger({
    title: ['Cedar Ridge Bank', `Statement period 01/${month}/2025 to 28/${month}/2025`],
    header: ['Date', 'Details', 'Amount', 'Balance'],
    rows: ledgerRows(month),
  });

type Spoil = (s: Sharp, width: number) => Sharp;
const shrunk: Spoil = (s, width) => s.resize(Math.round(width * 0.16));
const smeared: Spoil = (s) => s.blur(5);
const dimmed: Spoil = (s) => s.linear(0.12, 0);

/** The page as a phone JPEG: spoilt, grey, and (when `noise`) with sensor noise of that deviation. */
async function photo(png: Buffer, spoil: Spoil, noise = 0): Promise<Buffer> {
  const width = (await sharp(png).metadata()).width as number;
  const { data, info } = await spoil(sharp(png), width).greyscale().raw().toBuffer({ resolveWithObject: true });
  let s = 11;
  const rand = () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
  if (noise)
    for (let i = 0; i < data.length; i++)
      data[i] = Math.max(
        0,
        Math.min(255, Math.round((data[i] as number) + (rand() + rand() + rand() - 1.5) * 2 * noise)),
      );
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function failure(p: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message?: string };
  }
  throw new Error('expected the conversion to fail');
}

describe('page quality', () => {
  let clean: Buffer;
  beforeAll(async () => {
    clean = await page('03');
  });

  it('measures a sharp page as sharp and the same page smeared as blurred, whatever its size', async () => {
    const grey = async (img: Sharp) => {
      const { data, info } = await img.greyscale().raw().toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data), width: info.width, height: info.height };
    };
    const sharpPage = await grey(sharp(clean));
    const blurred = await grey(sharp(clean).blur(5));
    expect(blurEffect(sharpPage.data, sharpPage.width, sharpPage.height)).toBeLessThan(0.3);
    expect(blurEffect(blurred.data, blurred.width, blurred.height)).toBeGreaterThan(QUALITY.maxBlur);
    // Twice the pixels (interpolated, so a little softer): still far from blurred.
    const big = await grey(sharp(clean).resize(3360));
    const q = measureQuality(big, await preparePage(big));
    expect(q.blur).toBeLessThan(0.4);
    expect(q.fault).toBeNull();
    expect(q.glyph).toBeGreaterThan(30);
  });

  it('tells darkness before size, and size before blur', () => {
    const fine = { paper: 230, glyph: 14, blur: 0.25, width: 1700, height: 2200 };
    expect(pageFault(fine)).toBeNull();
    expect(pageFault({ ...fine, paper: 40, glyph: 3, blur: 0.7 })).toBe('too-dark');
    expect(pageFault({ ...fine, glyph: 3, blur: 0.7 })).toBe('too-small');
    expect(pageFault({ ...fine, blur: 0.7 })).toBe('too-blurred');
    // No glyph to measure: a thumbnail is too small, a page-sized image is not (by size).
    expect(pageFault({ ...fine, glyph: 0, width: 300, height: 200 })).toBe('too-small');
    expect(pageFault({ ...fine, glyph: 0 })).toBeNull();
  });

  it('names the fault most unreadable pages share, and which pages', () => {
    expect(qualityError([], 1)).toBeNull();
    expect(qualityError([{ page: 1, fault: 'too-dark' }], 1)).toMatchObject({
      code: 'IMAGE_TOO_DARK',
      message:
        'This photo or scan could not be read: it is too dark to read. Take the photo in better light, or scan the page.',
    });
    const e = qualityError(
      [
        { page: 2, fault: 'too-dark' },
        { page: 3, fault: 'too-blurred' },
        { page: 4, fault: 'too-blurred' },
      ],
      4,
    );
    expect(e?.code).toBe('IMAGE_TOO_BLURRED');
    expect(e?.message).toMatch(/^Pages 3, 4 could not be read: it is too blurred/);
  });

  it('reads the page unspoilt', async () => {
    const [s] = await convert(await photo(clean, (x) => x), { fileName: 'statement.jpg' });
    expect(s?.transactions).toHaveLength(12);
    expect(s?.reconciliation.status).toBe('balanced');
    expect(s?.issues?.some((i) => i.code === 'PAGE_UNREADABLE')).toBeFalsy();
  }, 120_000);

  it('refuses a page photographed from too far as too small', async () => {
    const e = await failure(convert(await photo(clean, shrunk), { fileName: 'far.jpg' }));
    expect(e.code).toBe('IMAGE_TOO_SMALL');
    expect(e.message).toBe(
      'This photo or scan could not be read: its text is too small to read. Photograph the page from closer, or scan it at 300 dpi.',
    );
  }, 120_000);

  it('refuses an underexposed, noisy photo as too dark', async () => {
    const e = await failure(convert(await photo(clean, dimmed, 8), { fileName: 'dim.jpg' }));
    expect(e.code).toBe('IMAGE_TOO_DARK');
  }, 120_000);

  it('refuses a shaken photo as too blurred', async () => {
    const e = await failure(convert(await photo(clean, smeared), { fileName: 'shaken.jpg' }));
    expect(e.code).toBe('IMAGE_TOO_BLURRED');
  }, 120_000);

  it('converts the pages it can read and names the page it cannot, and why', async () => {
    // A scanned PDF: page 1 sharp, page 2 (the next month) smeared.
    const pages = [await photo(clean, (x) => x), await photo(await page('04'), smeared)];
    const sizes = await Promise.all(pages.map((p) => sharp(p).metadata()));
    const pdf = rawPdf(
      sizes.map((m, i) => {
        const w = Math.round(((m.width as number) * 72) / 200);
        const h = Math.round(((m.height as number) * 72) / 200);
        return {
          content: `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`,
          resources: `<< /XObject << /Im0 ${extraRef(2, i)} >> >>`,
          width: w,
          height: h,
        };
      }),
      pages.map((jpeg, i) => ({
        dict: `<< /Type /XObject /Subtype /Image /Width ${sizes[i]?.width} /Height ${sizes[i]?.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode >>`,
        stream: new Uint8Array(jpeg),
      })),
    );
    const [s] = await convert(pdf, { fileName: 'scan.pdf' });
    expect(s?.transactions).toHaveLength(12);
    expect(s?.transactions.every((t) => t.page === 1)).toBe(true);
    expect(s?.issues?.filter((i) => i.code === 'PAGE_UNREADABLE')).toEqual([
      {
        code: 'PAGE_UNREADABLE',
        page: 2,
        message:
          'Page 2 could not be read: it is too blurred to read. Hold the phone still and let it focus, or scan the page.',
      },
    ]);
  }, 180_000);
});

/**
 * The picture of one page of an input, for showing it beside the rows read from it (the review
 * screen draws each row's `bbox` over it). PDF pages are drawn with the same renderer OCR uses
 * (ocr/pdf.ts), at a screen resolution; images are the upright page OCR reads (ocr/prepare.ts).
 * Both come back as greyscale PNG. Inputs without pages (spreadsheets, text, documents) have none.
 */
import { AppError } from '@statemint/shared';
import sharp from 'sharp';
import { detectInputKind } from './readers/detect';

export interface PageImageOptions {
  fileName?: string;
  password?: string | undefined;
  /** ZIP inputs: the entry (Statement.source) whose page is wanted. */
  source?: string | undefined;
  /** PDF pages are drawn at this resolution (default 110 dpi: a page about 900 px wide). */
  dpi?: number;
}

export interface PageImage {
  png: Uint8Array;
  width: number;
  height: number;
}

const DEFAULT_DPI = 110;

function noPage(): AppError {
  return new AppError('NOT_FOUND', 'This page has no picture.');
}

/** The 1-based `page` of the input as a PNG; NOT_FOUND when the input has no such page or no pages at all. */
export async function pageImage(bytes: Uint8Array, page: number, options: PageImageOptions = {}): Promise<PageImage> {
  if (!Number.isInteger(page) || page < 1) throw noPage();
  const kind = detectInputKind(bytes, options.fileName);
  if (kind === 'zip') {
    if (!options.source) throw noPage();
    const { readZipEntries } = await import('./readers/zip');
    const { entries } = await readZipEntries(bytes);
    const entry = entries.find((e) => e.name === options.source);
    if (!entry) throw noPage();
    return pageImage(entry.bytes, page, { ...options, fileName: entry.name, source: undefined });
  }
  if (kind === 'pdf') {
    const [{ openPdf }, { renderPage }] = await Promise.all([import('./readers/pdfjs'), import('./ocr/pdf')]);
    const doc = await openPdf(bytes, options.password);
    try {
      if (page > doc.numPages) throw noPage();
      const p = await doc.getPage(page);
      try {
        return await toPng(await renderPage(p, options.dpi ?? DEFAULT_DPI));
      } finally {
        p.cleanup();
      }
    } finally {
      await doc.destroy();
    }
  }
  if (kind === 'png' || kind === 'jpeg' || kind === 'gif' || kind === 'bmp' || kind === 'tiff' || kind === 'svg') {
    const { decodeImagePage, imagePageCount } = await import('./ocr/prepare');
    if (page > (await imagePageCount(bytes, kind))) throw noPage();
    return toPng(await decodeImagePage(bytes, kind, page - 1));
  }
  throw noPage();
}

async function toPng(img: { data: Uint8Array; width: number; height: number }): Promise<PageImage> {
  const png = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width: img.width, height: img.height };
}

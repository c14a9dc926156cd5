/**
 * The OCR way into the engine: image files (every page of a multi-page TIFF) and scanned PDF
 * pages become LayoutPages with source 'ocr', for the same extraction stages as text PDFs.
 */
import { AppError } from '@statemint/shared';
import type { HorizontalRule, LayoutDocument, LayoutPage } from '../layout/model';
import type { InputKind } from '../readers/detect';
import { type OcrLanguage, type OcrWord, ocrPoolSize, recognizeWords } from './backend';
import { settleRoundGlyphs } from './glyphs';
import { suggestLanguage } from './language';
import { wordsToLines } from './lines';
import { readMasks } from './masks';
import { missedRegions, notReadYet, rereadMissed } from './missed';
import { rereadFigures } from './numbers';
import {
  decodeImagePage,
  type GreyImage,
  imagePageCount,
  type PreparedPage,
  type PrepareOptions,
  preparePage,
} from './prepare';
import { measureQuality, type PageQuality } from './quality';
import { Slots } from './slots';

export { ocrEngine, shutdownOcr } from './backend';
export { repairNumericToken } from './repair';

/** Shared by the pages of one document, so a language found on page 1 is used from the start on page 2. */
export interface OcrSession {
  langs: OcrLanguage[];
  deadline: number;
  /** Words the pages read so far with English alone: the language is told by all of them. */
  read: OcrWord[];
  /** Pages being read at a time (one per OCR process or worker); more are prepared meanwhile. */
  reading: Slots;
}

export function newOcrSession(deadline: number): OcrSession {
  return { langs: ['eng'], deadline, read: [], reading: new Slots(ocrPoolSize()) };
}

/**
 * Pages a document has in flight: one more than are read at a time, so the next page is decoded
 * and prepared on the main thread while the OCR processes keep every core busy.
 */
export function pagesInFlight(): number {
  return ocrPoolSize() + 1;
}

export interface OcrPageResult {
  words: OcrWord[];
  /** Size of the prepared image the word boxes refer to. */
  width: number;
  height: number;
  /** Prepared pixels per source pixel. */
  scale: number;
  /** Horizontal rules removed before reading, in the prepared image's pixels. */
  rules: HorizontalRule[];
  /** Whether the page is fit to read, and if not why (ocr/quality.ts). */
  quality: PageQuality;
}

/** Prepares and recognises one page image; words are in the prepared image's pixels. */
export async function recognizeGreyPage(
  img: GreyImage,
  session: OcrSession,
  prepare: PrepareOptions = {},
): Promise<OcrPageResult> {
  checkDeadline(session.deadline);
  const page = await preparePage(img, prepare);
  const quality = measureQuality(img, page);
  await session.reading.take();
  try {
    return { ...(await readPreparedPage(page, session)), quality };
  } finally {
    session.reading.give();
  }
}

async function readPreparedPage(page: PreparedPage, session: OcrSession): Promise<Omit<OcrPageResult, 'quality'>> {
  // Chosen once the page's turn comes: by then earlier pages may have told the language.
  const langs = session.langs;
  let words = await recognizeWords({ image: page.image, langs, deadline: session.deadline });
  if (langs.length === 1) {
    // Pages read at the same time: the first to tell the language tells it for all.
    if (session.langs.length === 1) {
      session.read.push(...words);
      const extra = suggestLanguage(session.read);
      if (extra) session.langs = ['eng', extra];
    }
    if (session.langs.length > 1)
      words = await recognizeWords({ image: page.image, langs: session.langs, deadline: session.deadline });
  }
  const read = (req: { image: Buffer; psm?: number }) =>
    recognizeWords({ ...req, langs: session.langs, deadline: session.deadline });
  const regions = missedRegions(page.pixels, page.width, page.height, words, page.glyph);
  if (regions.length) {
    const firstLine = Math.max(-1, ...words.map((w) => w.line ?? 0)) + 1;
    const found = await rereadMissed(page.pixels, page.width, page.height, regions, firstLine, read, page.glyph);
    // The cut-outs' margins take in words read already: a word again ("21" of "21,69", "AR" of
    // "CARTE") would make a line of its own inside theirs.
    words = [...words, ...notReadYet(found, words)];
  }
  words = await readMasks(page.pixels, page.width, page.height, words, page.glyph, read);
  words = await rereadFigures(page.pixels, page.width, page.height, words, page.glyph, read);
  words = settleRoundGlyphs(page.pixels, page.width, page.height, words);
  return { words, width: page.width, height: page.height, scale: page.scale, rules: page.rules };
}

export async function ocrImage(
  bytes: Uint8Array,
  kind: InputKind,
  opts: { deadline: number },
): Promise<LayoutDocument> {
  const count = await imagePageCount(bytes, kind);
  const session = newOcrSession(opts.deadline);
  const pages = await mapLimited(count, pagesInFlight(), async (i) => {
    const img = await decodeImagePage(bytes, kind, i);
    const r = await recognizeGreyPage(img, session, { flatten: kind !== 'svg' });
    const page: LayoutPage = {
      number: i + 1,
      width: r.width,
      height: r.height,
      lines: wordsToLines(r.words),
      source: 'ocr',
      rules: r.rules,
      ...(r.quality.fault ? { fault: r.quality.fault } : {}),
    };
    return page;
  });
  return { pages };
}

export function checkDeadline(deadline: number): void {
  if (Date.now() > deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
}

/**
 * Runs task(0..n-1) with at most `limit` at a time (pages in flight hold decoded pixels). After a
 * failure no task starts: the caller closes what the tasks work on (a PDF document) at once.
 */
export async function mapLimited<T>(n: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(n);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < n && !failed) {
      const i = next++;
      try {
        out[i] = await task(i);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, Math.max(1, limit)) }, lane));
  return out;
}

/**
 * PDF text layer -> layout model, with PDF.js (legacy build, Node 20).
 * Items are grouped into lines by baseline and into runs by horizontal gaps, so
 * that a run never spans two table columns.
 */
import { AppError } from '@statemint/shared';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { LayoutDocument, LayoutLine, LayoutPage, TextlessPage, TextRun, TextSpan } from '../layout/model';
import { type Matrix, multiply, whyOcrTextless } from './page-paint';
import { openPdf, parserStopped, unreadable } from './pdfjs';
import { judgeTextLayer, NO_TEXT_LAYER } from './text-layer';
import { paintedGlyphs, shownText } from './unseen-glyphs';

export interface PdfReadOptions {
  password?: string | undefined;
  deadline: number;
  /**
   * Called with the open document and the page numbers to read by OCR (scans, and text in a
   * broken font encoding: see text-layer.ts; a page without text that paints nothing to read is
   * not among them: see page-paint.ts) and the words the text layer reads right (they tell OCR
   * the document's language); returns their OCR pages.
   */
  ocrPages?: (doc: PDFDocumentProxy, pageNumbers: number[], textWords: string[]) => Promise<LayoutPage[]>;
  /** PDF.js parses in a thread of its own while this one reads its pages into lines (readers/pdfjs.ts). */
  thread?: boolean | undefined;
  /** Leave out the glyphs painted white (see unseen-glyphs.ts); the document counts them. */
  hideUnseenGlyphs?: boolean;
}

interface RawItem {
  str: string;
  x0: number;
  x1: number;
  /** Baseline y, top-down. */
  base: number;
  size: number;
  bold: boolean;
}

/** Pages asked of the parser thread ahead of the one being turned into lines. */
export const PAGES_AHEAD = 4;

export async function readPdf(bytes: Uint8Array, opts: PdfReadOptions): Promise<LayoutDocument> {
  const doc = await openPdf(bytes, opts.password, { thread: opts.thread ?? false });
  const stopped = parserStopped(doc);
  // With a parser thread, the next pages' text is asked for before this page's is read into
  // lines; they are read in page order all the same.
  const asked = new Map<number, ReturnType<typeof pageText>>();
  const ask = (n: number) => {
    if (n > doc.numPages || asked.has(n)) return;
    const text = stopped ? Promise.race([pageText(doc, n), stopped]) : pageText(doc, n);
    text.catch(() => {}); // a page asked ahead that fails is reported when its turn comes
    asked.set(n, text);
  };
  try {
    const pages: LayoutPage[] = [];
    const textless: TextlessPage[] = [];
    const textWords: string[] = [];
    let unseen = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      if (Date.now() > opts.deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
      for (let k = n; k <= n + (stopped ? PAGES_AHEAD : 0); k++) ask(k);
      const { page, content } = await (asked.get(n) as ReturnType<typeof pageText>);
      asked.delete(n);
      const viewport = page.getViewport({ scale: 1 });
      const items: RawItem[] = [];
      // Only a page that paints some glyph white needs its items walked against its glyphs.
      const painted = opts.hideUnseenGlyphs ? await paintedGlyphs(page) : null;
      const glyphs = painted?.some((g) => !g.shown) ? painted : null;
      const walk = { i: 0 };
      for (const it of content.items) {
        if (!('str' in it) || !it.str.trim()) continue;
        const shown = glyphs ? shownText(it.str, glyphs, walk) : null;
        if (shown) unseen += it.str.length - shown.text.length;
        const str = shown ? shown.text : it.str;
        if (!str.trim()) continue;
        // Placed as a viewer shows the page: a page turned by its /Rotate entry prints its text
        // turned the other way in PDF space, level once the page is turned (y then runs down).
        const [a, b, c, d, e, f] = multiply(viewport.transform as Matrix, it.transform as Matrix);
        // Skip rotated text (watermarks, vertical margins): tables are horizontal.
        if (Math.abs(b) > 0.01 || Math.abs(c) > 0.01) continue;
        const size = Math.abs(d) || Math.abs(a) || it.height;
        const style = content.styles[it.fontName];
        const bold = /bold|black|heavy|semibold/i.test(`${it.fontName} ${style?.fontFamily ?? ''}`);
        // Glyphs left out at the item's start or end take their share of its width with them.
        const x0 = e + it.width * (shown?.lead ?? 0);
        const x1 = e + it.width * (1 - (shown?.trail ?? 0));
        items.push({ str, x0, x1, base: f, size, bold });
      }
      const text = items.map((it) => it.str).join(' ');
      const verdict = judgeTextLayer(text);
      if (verdict.usable) textWords.push(...text.split(/\s+/));
      else if (verdict.lowerCaseReads) textWords.push(...text.split(/\s+/).filter((w) => /^\p{Ll}+$/u.test(w)));
      if (!verdict.usable) textless.push({ page: n, ocr: true, why: verdict.why ?? 'unreadable text' });
      page.cleanup();
      pages.push({
        number: n,
        width: viewport.width,
        height: viewport.height,
        lines: buildLines(items),
        source: 'pdf',
      });
    }
    // In a PDF with text, a page without any is only worth OCR when it paints something that could
    // hold text (a scan is all pages of images: asking would decode each page's image once more).
    if (textless.length < pages.length)
      for (const t of textless) {
        if (t.why !== NO_TEXT_LAYER) continue;
        const page = await doc.getPage(t.page);
        const why = await whyOcrTextless(page);
        page.cleanup();
        Object.assign(t, why ? { why } : { ocr: false, why: `${NO_TEXT_LAYER}; nothing drawn to read` });
      }
    const scans = textless.filter((t) => t.ocr).map((t) => t.page);
    if (scans.length) {
      if (!opts.ocrPages) {
        if (scans.length === pages.length)
          throw new AppError('NEEDS_OCR', 'This PDF is a scan without a text layer; it needs OCR.');
      } else {
        // OCR draws its pages in this thread: from a document parsed here.
        const drawn = stopped ? await openPdf(bytes, opts.password) : doc;
        try {
          const ocr = await opts.ocrPages(drawn, scans, textWords);
          for (const p of ocr) pages[p.number - 1] = p;
        } finally {
          if (drawn !== doc) await drawn.destroy();
        }
      }
    }
    return { pages, ...(textless.length ? { textless } : {}), ...(unseen ? { unseenGlyphs: unseen } : {}) };
  } finally {
    await doc.destroy();
  }
}

/**
 * Whether any of the first pages paints a glyph in white (unseen-glyphs.ts): a cheap look before
 * reading a long document again without them (a bank that hides glyphs does so on every page).
 */
export async function paintsUnseenGlyphs(bytes: Uint8Array, password: string | undefined, pages = 3): Promise<boolean> {
  const doc = await openPdf(bytes, password);
  try {
    for (let n = 1; n <= Math.min(pages, doc.numPages); n++) {
      const page = await doc.getPage(n);
      const glyphs = await paintedGlyphs(page);
      page.cleanup();
      if (glyphs.some((g) => !g.shown && g.text.trim())) return true;
    }
    return false;
  } finally {
    await doc.destroy();
  }
}

/** A page and its text layer; a page PDF.js cannot parse (a page tree that loops, nesting that never ends) is UNREADABLE_FILE. */
async function pageText(doc: PDFDocumentProxy, n: number) {
  try {
    const page = await doc.getPage(n);
    return { page, content: await page.getTextContent({ disableNormalization: false }) };
  } catch (e) {
    throw e instanceof AppError ? e : unreadable(e);
  }
}

/** Groups items into lines by baseline, then into runs split at column-sized gaps. */
export function buildLines(items: RawItem[]): LayoutLine[] {
  const sorted = items.flatMap(splitAtSpaceRuns).sort((p, q) => p.base - q.base || p.x0 - q.x0);
  const rows: RawItem[][] = [];
  for (const it of sorted) {
    const row = rows[rows.length - 1];
    const ref = row?.[0];
    if (
      row &&
      ref &&
      Math.abs(it.base - ref.base) <= Math.max(1.5, 0.35 * Math.min(ref.size, it.size)) &&
      !overprints(row, it)
    )
      row.push(it);
    else rows.push([it]);
  }
  const lines: LayoutLine[] = [];
  for (const row of joinCentredCells(rows)) {
    row.sort((p, q) => p.x0 - q.x0);
    const runs: TextRun[] = [];
    let cur: Joined | null = null;
    for (const it of row) {
      const str = it.str.replace(/\s+/g, ' ').trim();
      if (cur && canJoin(cur, it)) {
        joinItem(cur, it, str);
      } else {
        if (cur) runs.push(toRun(cur));
        // A literal, not a spread of the item (its six fields): a spread per item was most of this
        // function's time on the 100-page bench.
        cur = {
          str,
          x0: it.x0,
          x1: it.x1,
          base: it.base,
          size: it.size,
          bold: it.bold,
          last: it.str,
          spans: [{ start: 0, end: str.length, x0: it.x0, x1: it.x1 }],
        };
      }
    }
    if (cur) runs.push(toRun(cur));
    const kept = runs.filter((r) => r.text);
    if (!kept.length) continue;
    lines.push({
      runs: kept,
      y0: Math.min(...kept.map((r) => r.y0)),
      y1: Math.max(...kept.map((r) => r.y1)),
    });
  }
  return lines;
}

/**
 * A table cell set in the middle of a row two lines high (a balance printed between the row's
 * description lines) stands on a baseline of its own, half a line under the row's first line,
 * reaching into both lines. Such an item belongs to the line it overlaps by more than half its
 * height, where it takes no place another item of that line takes; else it stays a line of its own. Rows are sorted by
 * baseline; `rows` is not changed.
 */
function joinCentredCells(rows: RawItem[][]): RawItem[][] {
  const box = (r: RawItem) => ({ top: r.base - r.size * 0.8, bottom: r.base + r.size * 0.2 });
  const out = rows.map((r) => [...r]);
  const gone = new Set<number>();
  for (let i = 0; i < out.length; i++) {
    const row = out[i] as RawItem[];
    const prevIndex = i - 1;
    const nextIndex = i + 1;
    const share = (other: RawItem[] | undefined) => {
      if (!other?.length) return 0;
      const o = box(other[0] as RawItem);
      return Math.min(
        ...row.map((it) => {
          const b = box(it);
          return (Math.min(b.bottom, o.bottom) - Math.max(b.top, o.top)) / (b.bottom - b.top);
        }),
      );
    };
    const free = (other: RawItem[]) => row.every((it) => other.every((o) => it.x1 <= o.x0 || it.x0 >= o.x1));
    const candidates = [prevIndex, nextIndex]
      .filter((k) => k >= 0 && k < out.length && !gone.has(k))
      .map((k) => ({ k, share: share(out[k]) }))
      .filter((c) => c.share > 0.5 && free(out[c.k] as RawItem[]))
      .sort((a, b) => b.share - a.share);
    const target = candidates[0];
    if (!target || row.length > (out[target.k] as RawItem[]).length) continue;
    // Set between two lines: it reaches into the other neighbour too (a line on its own baseline,
    // however tight the leading, stays clear of the line beyond).
    const other = target.k === prevIndex ? nextIndex : prevIndex;
    if (gone.has(other) || share(out[other]) < 0.2) continue;
    (out[target.k] as RawItem[]).push(...row);
    gone.add(i);
  }
  return out.filter((_, i) => !gone.has(i));
}

/**
 * Text of one line never covers itself: an item drawn over another of the row at another height
 * (a page's footer note printed across its last row) is a line of its own. The same text drawn
 * twice a hair apart (bold by overprinting) stays one line.
 */
function overprints(row: RawItem[], it: RawItem): boolean {
  return row.some(
    (r) =>
      Math.abs(r.base - it.base) > 0.5 &&
      Math.min(r.x1, it.x1) - Math.max(r.x0, it.x0) > 0.5 * Math.min(r.size, it.size) &&
      r.str.trim() !== it.str.trim(),
  );
}

function canJoin(a: RawItem, b: RawItem): boolean {
  const gap = b.x0 - a.x1;
  // A word space is about 0.25-0.33 em; columns are separated by much more.
  return gap < 0.75 * Math.max(a.size, b.size) && gap > -0.5 * a.size;
}

/** Appends an item to the run being joined (which the loop owns: it changes in place). */
function joinItem(prev: Joined, it: RawItem, str: string): void {
  const gap = it.x0 - prev.x1;
  const spaced = gap > 0.15 * prev.size || /\s$/.test(prev.last) || /^\s/.test(it.str);
  const start = prev.str.length + (spaced ? 1 : 0);
  prev.str = `${prev.str}${spaced ? ' ' : ''}${str}`;
  prev.x1 = Math.max(prev.x1, it.x1);
  prev.bold = prev.bold && it.bold;
  prev.last = it.str;
  prev.spans.push({ start, end: start + str.length, x0: it.x0, x1: it.x1 });
}

/** Items joined into one run, with each item's place in the run's text. */
interface Joined extends RawItem {
  /** The last item's text as drawn (its spaces tell whether the next one follows a space). */
  last: string;
  spans: TextSpan[];
}

function toRun(it: Joined): TextRun {
  const run: TextRun = {
    text: it.str,
    x0: it.x0,
    x1: it.x1,
    y0: it.base - it.size * 0.8,
    y1: it.base + it.size * 0.2,
    size: it.size,
    bold: it.bold,
  };
  if (it.spans.length > 1) run.spans = it.spans;
  return run;
}

/** An item whose text holds runs of spaces (monospaced layouts) is split there, x estimated per character. */
function splitAtSpaceRuns(it: RawItem): RawItem[] {
  if (!/\S\s{2,}\S/.test(it.str)) return [it];
  const perChar = (it.x1 - it.x0) / Math.max(1, it.str.length);
  const out: RawItem[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(it.str); m; m = re.exec(it.str)) {
    const x0 = it.x0 + m.index * perChar;
    out.push({ ...it, str: m[0], x0, x1: x0 + m[0].length * perChar });
  }
  return out;
}

/**
 * The one layout model every reader feeds: pages -> lines -> runs with boxes.
 * Later stages (table finding, rows, values) do not care where text came from:
 * a PDF text layer, OCR, a spreadsheet grid or a fixed-width text file.
 *
 * Coordinates: origin top-left, y grows downwards, units are PDF points for PDFs,
 * pixels for OCR, and a synthetic grid for tables and text (see GRID below).
 */
import type { PageFault } from '../ocr/quality';

export interface TextRun {
  /** Text of the run, trimmed; a run never spans a column gap (readers split at gaps). */
  text: string;
  x0: number;
  x1: number;
  /** Top and bottom of the run. */
  y0: number;
  y1: number;
  /** Font size (height) in the page's units. */
  size: number;
  bold?: boolean;
  /** OCR: 0..1 recognition confidence. */
  confidence?: number;
  /** OCR: 0..1 confidence of the least sure word holding a digit (a date's day beside its month name). */
  digitConfidence?: number;
  /**
   * The pieces a reader joined into this run (a PDF's text items, drawn one by one), as ranges
   * of `text` with their exact x; without them positions inside the run are estimated per character.
   */
  spans?: TextSpan[];
}

export interface TextSpan {
  start: number;
  end: number;
  x0: number;
  x1: number;
}

/**
 * The x of a character offset of a text drawn from x0 to x1: exact at the edges of its spans,
 * per character inside a span (or inside the whole text when it has none). `edge` says whether
 * the offset starts something (a word's first character) or ends it (after its last one).
 */
export function textX(
  box: { text: string; x0: number; x1: number; spans?: TextSpan[] | undefined },
  offset: number,
  edge: 'start' | 'end',
): number {
  const span = box.spans?.find((s) =>
    edge === 'start' ? offset >= s.start && offset < s.end : offset > s.start && offset <= s.end,
  ) ?? { start: 0, end: box.text.length, x0: box.x0, x1: box.x1 };
  const perChar = (span.x1 - span.x0) / Math.max(1, span.end - span.start);
  return span.x0 + (offset - span.start) * perChar;
}

/** The spans of `text.slice(start, end)`, relative to that slice (undefined when it lies in one span or none). */
export function sliceSpans(spans: TextSpan[] | undefined, start: number, end: number): TextSpan[] | undefined {
  const inside = spans
    ?.filter((s) => s.end > start && s.start < end)
    .map((s) => {
      const perChar = (s.x1 - s.x0) / Math.max(1, s.end - s.start);
      const a = Math.max(s.start, start);
      const b = Math.min(s.end, end);
      return {
        start: a - start,
        end: b - start,
        x0: s.x0 + (a - s.start) * perChar,
        x1: s.x0 + (b - s.start) * perChar,
      };
    });
  return inside && inside.length > 1 ? inside : undefined;
}

export interface LayoutLine {
  /** Runs sorted by x0. */
  runs: TextRun[];
  y0: number;
  y1: number;
  /** OCR: where the letters stand, from words without descenders (box edges move with the letters). */
  baseline?: number;
}

export type PageSource = 'pdf' | 'ocr' | 'grid' | 'text';

/** A horizontal rule drawn on the page (a table's row separator, an underline), in page units. */
export interface HorizontalRule {
  y: number;
  x0: number;
  x1: number;
}

export interface LayoutPage {
  /** 1-based page, sheet or image number (what `Transaction.page` reports). */
  number: number;
  width: number;
  height: number;
  /** Lines sorted top to bottom. */
  lines: LayoutLine[];
  source: PageSource;
  /** Horizontal rules where the reader sees them (OCR: the rules removed before reading). */
  rules?: HorizontalRule[];
  /** OCR pages: what keeps the page from being read when its figures say so (ocr/quality.ts). */
  fault?: PageFault;
}

export interface LayoutDocument {
  pages: LayoutPage[];
  /**
   * PDF pages whose text layer was not used, whether OCR read them instead, and why (a page
   * without text that paints nothing to read is left as it is). For `--trace` and the bench.
   */
  textless?: TextlessPage[];
  /** PDF read without the glyphs a viewer does not show (painted white): how many were left out. */
  unseenGlyphs?: number;
}

export interface TextlessPage {
  page: number;
  ocr: boolean;
  why: string;
}

/**
 * Synthetic geometry for sources without real coordinates, so they share the
 * table finder with PDFs: grid cell c spans [c*CELL, c*CELL + CELL - GAP];
 * text line n sits at y = n*LINE; fixed-width text uses CHAR units per character.
 */
export const GRID = { CELL: 100, GAP: 10, LINE: 12, CHAR: 6, SIZE: 10 } as const;

/** Builds a grid page from rows of cells (CSV, XLSX, DOCX/RTF tables). Empty cells are left out. */
export function gridPage(number: number, rows: string[][], startLine = 0): LayoutPage {
  const lines: LayoutLine[] = [];
  let width = 0;
  rows.forEach((cells, i) => {
    const y0 = (startLine + i) * GRID.LINE;
    const y1 = y0 + GRID.SIZE;
    const runs: TextRun[] = [];
    cells.forEach((cell, c) => {
      const text = cell.replace(/\s+/g, ' ').trim();
      if (!text) return;
      const x0 = c * GRID.CELL;
      runs.push({ text, x0, x1: x0 + GRID.CELL - GRID.GAP, y0, y1, size: GRID.SIZE });
      width = Math.max(width, x0 + GRID.CELL);
    });
    if (runs.length) lines.push({ runs, y0, y1 });
  });
  return { number, width, height: (startLine + rows.length) * GRID.LINE, lines, source: 'grid' };
}

/**
 * Builds a page from fixed-width text lines: runs are split at two or more spaces
 * (and at tabs), x comes from the character column.
 */
export function textPage(number: number, textLines: string[]): LayoutPage {
  const lines: LayoutLine[] = [];
  let width = 0;
  textLines.forEach((raw, i) => {
    const text = expandTabs(raw);
    const y0 = i * GRID.LINE;
    const y1 = y0 + GRID.SIZE;
    const runs: TextRun[] = [];
    const re = /\S+(?: \S+)*/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const x0 = m.index * GRID.CHAR;
      runs.push({ text: m[0], x0, x1: x0 + m[0].length * GRID.CHAR, y0, y1, size: GRID.SIZE });
    }
    width = Math.max(width, text.length * GRID.CHAR);
    if (runs.length) lines.push({ runs, y0, y1 });
  });
  return { number, width, height: textLines.length * GRID.LINE, lines, source: 'text' };
}

function expandTabs(s: string, tab = 8): string {
  if (!s.includes('\t')) return s;
  let out = '';
  for (const ch of s) {
    if (ch === '\t') out += ' '.repeat(Math.max(2, tab - (out.length % tab)));
    else out += ch;
  }
  return out;
}

/** Shared helpers for the document readers: text decoding and unreadable-file errors. */
import { AppError } from '@statemint/shared';
import { unzipSync } from 'fflate';
import { GRID, gridPage, type LayoutPage, type TextRun } from '../layout/model';
import { checkRows } from './limits';

/**
 * Decodes a text file: a BOM decides (UTF-8, UTF-16LE/BE); without one, UTF-16 is recognised
 * by its zero bytes, then strict UTF-8 is tried, and anything else is read as Windows-1252
 * (the code page of Western bank exports, a superset of Latin-1's printable range).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = sniffUtf16(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

// Node 20's TextDecoder('windows-1252') decodes as Latin-1 (0x80 is not the euro sign),
// so the 32 characters where the two differ are mapped here.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const part = bytes.subarray(i, i + CHUNK);
    const codes = Array.from(part, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** Decodes bytes in a Windows code page (falls back to Windows-1252 for pages Node cannot decode). */
export function decodeCodePage(bytes: Uint8Array, cp: number): string {
  const label = codePageLabel(cp);
  if (!label || label === 'windows-1252') return decodeWindows1252(bytes);
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** UTF-16 without a BOM: mostly-ASCII text leaves every other byte zero. */
export function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.6 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.6 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Control characters other than tab, line breaks and form feed are noise in extracted text. */
export function stripControls(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || c === 127) {
      out += `${s.slice(from, i)} `;
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * An ISO 8601 date-time cell ("2025-03-05T00:00:00", "2025-03-05T14:22:10.000Z", as exports
 * from databases and APIs write them) in the reader's neutral notation: the date, then the time
 * after a space, as the XLSX reader writes date-times. The offset is dropped: the printed local
 * date is the booking date. Other text is returned unchanged.
 */
export function isoDateTimeCell(cell: string): string {
  const m = /^\s*(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?\s*$/.exec(cell);
  if (!m) return cell;
  const time = m[2] as string;
  return /^00:00(:00)?$/.test(time) ? (m[1] as string) : `${m[1]} ${time}`;
}

const COMPACT_DATE_RE = /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

/**
 * Exports that print dates as YYYYMMDD ("20250303") get them as YYYY-MM-DD. Eight digits can
 * as well be an account or reference number, so a column converts only where it holds at
 * least three such dates and (nearly) all its all-digit cells are dates.
 */
export function compactDateColumns(rows: string[][]): string[][] {
  const dates = new Map<number, number>();
  const digits = new Map<number, number>();
  for (const row of rows)
    row.forEach((cell, c) => {
      const t = cell.trim();
      if (!/^\d+$/.test(t)) return;
      digits.set(c, (digits.get(c) ?? 0) + 1);
      if (COMPACT_DATE_RE.test(t)) dates.set(c, (dates.get(c) ?? 0) + 1);
    });
  const columns = new Set([...dates].filter(([c, n]) => n >= 3 && n >= (digits.get(c) ?? 0) * 0.9).map(([c]) => c));
  if (!columns.size) return rows;
  return rows.map((row) =>
    row.map((cell, c) => {
      const t = cell.trim();
      return columns.has(c) && COMPACT_DATE_RE.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6)}` : cell;
    }),
  );
}

const PLAIN_NUMBER_RE = /^[-+]?\d{1,7}(?:([.,])\d{1,2})?$/;

/**
 * Machine-written exports print numbers minimally ("2540", "-12.5"): in a column of such
 * numbers where some carry decimals, the whole ones get the column's decimal mark and ".00",
 * so they read as the amounts they are. Columns of whole numbers (references) stay as they are.
 */
export function wholeAmountColumns(rows: string[][]): string[][] {
  const stats = new Map<number, { filled: number; plain: number; marks: Set<string> }>();
  for (const row of rows)
    row.forEach((cell, c) => {
      const t = cell.trim();
      if (!t) return;
      const st = stats.get(c) ?? { filled: 0, plain: 0, marks: new Set<string>() };
      st.filled++;
      const m = PLAIN_NUMBER_RE.exec(t);
      if (m) {
        st.plain++;
        if (m[1]) st.marks.add(m[1]);
      }
      stats.set(c, st);
    });
  const columns = new Map<number, string>();
  for (const [c, st] of stats)
    if (st.marks.size === 1 && st.plain >= 3 && st.plain >= st.filled * 0.5) columns.set(c, [...st.marks][0] as string);
  if (!columns.size) return rows;
  return rows.map((row) =>
    row.map((cell, c) => {
      const mark = columns.get(c);
      const t = cell.trim();
      return mark && /^[-+]?\d{1,7}$/.test(t) ? `${t}${mark}00` : cell;
    }),
  );
}

export function unreadable(what: string, cause?: unknown): AppError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message.slice(0, 200)})` : '';
  return new AppError(
    'UNREADABLE_FILE',
    `This ${what} file could not be read: it is damaged, truncated or not really a ${what} file.${detail}`,
    cause === undefined ? undefined : { cause },
  );
}

/** TextDecoder label for a Windows code page number (as RTF's \\ansicpg and \\fcharset name them). */
export function codePageLabel(cp: number): string | null {
  if (cp >= 1250 && cp <= 1258) return `windows-${cp}`;
  switch (cp) {
    case 874:
      return 'windows-874';
    case 932:
      return 'shift_jis';
    case 936:
      return 'gbk';
    case 949:
      return 'euc-kr';
    case 950:
      return 'big5';
    case 10000:
      return 'macintosh';
    case 65001:
      return 'utf-8';
    default:
      return null;
  }
}

/**
 * Refuses a ZIP-based document (XLSX, DOCX) whose entries would inflate beyond `limit`
 * bytes, before a library inflates all of it into memory. Sizes come from the ZIP directory.
 */
export function checkZipSize(bytes: Uint8Array, what: string, limit: number): void {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        return false;
      },
    });
  } catch (e) {
    throw unreadable(what, e);
  }
  if (total > limit)
    throw new AppError(
      'UNREADABLE_FILE',
      `This ${what} file is too large to read: its contents would exceed ${Math.round(limit / 1048576)} MB.`,
    );
}

/** Rows of a word-processing page: table rows, and paragraphs (which a reader splits at tabs). */
export interface RowsPage {
  rows: string[][];
  /** Whether row i is a paragraph rather than a table row. */
  paragraph: boolean[];
}

export function newRowsPage(): RowsPage {
  return { rows: [], paragraph: [] };
}

/**
 * A grid page from word-processing rows. A paragraph without tabs is laid out like a line of
 * fixed-width text: split at wide spaces ("Opening balance 1.00    Closing balance 2.00"),
 * indentation kept, so space-aligned columns line up as in a TXT report. A paragraph with
 * tabs keeps one cell per tab stop, each split at wide spaces within its cell; table cells
 * stay whole.
 */
export function documentPage(number: number, page: RowsPage): LayoutPage {
  checkRows(page.rows);
  const out = gridPage(number, page.rows);
  for (const line of out.lines) {
    const i = Math.round(line.y0 / GRID.LINE);
    if (!page.paragraph[i]) continue;
    const cells = page.rows[i] ?? [];
    if (cells.length === 1) {
      const first = line.runs[0] as TextRun;
      line.runs = [...(cells[0] as string).matchAll(/\S+(?: \S+)*/g)].map((m) => ({
        ...first,
        text: m[0],
        x0: m.index * GRID.CHAR,
        x1: (m.index + m[0].length) * GRID.CHAR,
      }));
      out.width = Math.max(out.width, (line.runs.at(-1)?.x1 ?? 0) + GRID.CHAR);
      continue;
    }
    line.runs = line.runs.flatMap((run) => splitAtGaps(run, cells[Math.round(run.x0 / GRID.CELL)] ?? ''));
  }
  return out;
}

function splitAtGaps(run: TextRun, raw: string): TextRun[] {
  const text = raw.trim();
  const parts = [...text.matchAll(/\S+(?: \S+)*/g)];
  if (parts.length < 2) return [run];
  const scale = (run.x1 - run.x0) / text.length;
  const at = (offset: number) => Math.round((run.x0 + offset * scale) * 100) / 100;
  return parts.map((m) => ({ ...run, text: m[0], x0: at(m.index), x1: at(m.index + m[0].length) }));
}

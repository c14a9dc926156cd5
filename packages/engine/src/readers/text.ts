/**
 * CSV and plain-text readers. They only deliver the document's cells and lines in reading
 * order (preamble lines included, since statement facts live there); the extraction pipeline
 * decides what is a transaction.
 */
import { parse } from 'csv-parse/sync';
import { gridPage, type LayoutDocument, type LayoutPage, textPage } from '../layout/model';
import { compactDateColumns, decodeText, isoDateTimeCell, stripControls, wholeAmountColumns } from './decode';

export type CsvDelimiter = ',' | ';' | '\t' | '|';
const DELIMITERS: CsvDelimiter[] = [',', ';', '\t', '|'];

export async function readCsv(bytes: Uint8Array): Promise<LayoutDocument> {
  return { pages: [gridPage(1, parseCsvText(decodeText(bytes)))] };
}

/** Rows of cells from CSV text, with the delimiter detected (or named by a `sep=` first line). */
export function parseCsvText(input: string): string[][] {
  let text = stripControls(input).replace(/\f/g, '\n');
  let delimiter: CsvDelimiter | null = null;
  // Excel writes `sep=;` as a first line to name the delimiter.
  const sep = /^sep=(.)\r?\n/i.exec(text);
  if (sep && DELIMITERS.includes(sep[1] as CsvDelimiter)) {
    delimiter = sep[1] as CsvDelimiter;
    text = text.slice(sep[0].length);
  }
  if (!text.trim()) return [];
  delimiter ??= detectDelimiter(text);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    });
  } catch {
    // A damaged quote (for example a file cut off inside a quoted field) must not lose the file.
    rows = splitRecords(text, delimiter).map((r) => r.fields);
  }
  const cells = rows.map((row) => row.map((c) => isoDateTimeCell(fillerless(unwrapFormula(c)))));
  return wholeAmountColumns(compactDateColumns(cells));
}

/** Placeholder cells ("*", "***", "==") say nothing, and would otherwise join the description. */
function fillerless(cell: string): string {
  return /^\s*[*=~_#]+\s*$/.test(cell) ? '' : cell;
}

/** Exports write ="000123" so that spreadsheets keep leading zeros: the text is the value. */
function unwrapFormula(cell: string): string {
  const m = /^\s*="(.*)"\s*$/s.exec(cell);
  return m ? (m[1] as string).replace(/""/g, '"') : cell;
}

/**
 * The delimiter that splits the most records into the same number (>= 2) of fields.
 * Preamble lines (account, period) have fewer fields and do not disturb the vote; quoted
 * fields are respected, so commas inside quoted descriptions do not count.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: CsvDelimiter = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const r of splitRecords(sample, d, 200)) {
      if (r.fields.length < 2) continue;
      counts.set(r.fields.length, (counts.get(r.fields.length) ?? 0) + 1);
    }
    let score = 0;
    for (const [fields, n] of counts) {
      // Consistent rows dominate; more fields break ties (a tab file with commas in text).
      const s = n * 1000 + fields;
      if (s > score) score = s;
    }
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

interface CsvRecord {
  fields: string[];
}

/**
 * Quote-aware record splitter (RFC 4180 with leniency: a quote only opens a field at its
 * start, a stray quote elsewhere is text). Used to vote on delimiters and as a fallback parser.
 */
function splitRecords(text: string, delimiter: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let atFieldStart = true;
  let blank = true;
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const ch = text[i] as string;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += ch;
      continue;
    }
    if (ch === '"' && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
      blank = false;
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = '';
      atFieldStart = true;
      blank = false;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ fields: blank ? [] : fields });
      fields = [];
      field = '';
      atFieldStart = true;
      blank = true;
      continue;
    }
    field += ch;
    atFieldStart = false;
    if (ch !== ' ') blank = false;
  }
  if (!blank || field) {
    fields.push(field);
    records.push({ fields });
  }
  return records;
}

export async function readTxt(bytes: Uint8Array): Promise<LayoutDocument> {
  const text = decodeText(bytes);
  // Some banks name a delimited export ".txt": read it as the CSV it is.
  if (looksDelimited(text)) return { pages: [gridPage(1, parseCsvText(text))] };
  const records = recordRows(text);
  if (records) return { pages: [gridPage(1, records)] };
  return { pages: textPages(text) };
}

const FIELD_RE = /^\s*([\p{L}][\p{L}\p{N} .'/()#&-]{0,39}?)\s*:\s*(.*?)\s*$/u;

/**
 * Exports that write each transaction as a block of "Field: value" lines ("Date: 03/03/2025",
 * "Description: ...", "Amount: -45.12") become a table: the fields are the header, each block
 * one row. Lines outside the blocks (the account and period above them) stay one cell each.
 * Null when the text is not made of at least three blocks with the same fields.
 */
export function recordRows(input: string): string[][] | null {
  if (input.includes('\f')) return null;
  const lines = stripControls(input).split(/\r\n|\r|\n/);
  // Blocks: runs of consecutive field lines, ended by any other line.
  const blocks: { start: number; fields: [string, string][] }[] = [];
  let cur: { start: number; fields: [string, string][] } | null = null;
  lines.forEach((line, i) => {
    const m = FIELD_RE.exec(line);
    if (!m) {
      cur = null;
      return;
    }
    if (!cur) {
      cur = { start: i, fields: [] };
      blocks.push(cur);
    }
    cur.fields.push([(m[1] as string).trim(), m[2] as string]);
  });
  const signature = (b: (typeof blocks)[number]) => b.fields.map(([k]) => k.toLowerCase()).join('\n');
  const counts = new Map<string, number>();
  for (const b of blocks) if (b.fields.length >= 3) counts.set(signature(b), (counts.get(signature(b)) ?? 0) + 1);
  const [sig, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (n < 3) return null;
  const record = new Set(blocks.filter((b) => signature(b) === sig));
  const first = blocks.find((b) => record.has(b)) as (typeof blocks)[number];
  const rows: string[][] = [];
  let headerDone = false;
  for (let i = 0; i < lines.length; i++) {
    const block = blocks.find((b) => b.start === i);
    if (block && record.has(block)) {
      if (!headerDone) rows.push(first.fields.map(([k]) => k));
      headerDone = true;
      rows.push(block.fields.map(([, v]) => v));
      i += block.fields.length - 1;
      continue;
    }
    // Blank lines between blocks would only space the table out.
    const line = lines[i] as string;
    if (line.trim() || !headerDone) rows.push([line.trim()]);
  }
  return rows;
}

/**
 * Delimited rather than fixed-width: most lines split into the same number (>= 3) of fields
 * and hardly any line has the wide gaps that align fixed-width columns. Page breaks mean a
 * printed report.
 */
export function looksDelimited(text: string): boolean {
  if (text.includes('\f')) return false;
  const sample = text.slice(0, 64 * 1024);
  const lines = sample.split(/\r\n|\r|\n/).filter((l) => l.trim());
  if (lines.length < 2) return false;
  if (lines.filter((l) => / {3,}/.test(l)).length > lines.length * 0.1) return false;
  const delimiter = detectDelimiter(sample);
  const counts = new Map<number, number>();
  for (const r of splitRecords(sample, delimiter, 200)) {
    if (r.fields.length) counts.set(r.fields.length, (counts.get(r.fields.length) ?? 0) + 1);
  }
  const records = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts].some(([fields, n]) => fields >= 3 && n >= records * 0.6);
}

/**
 * Pages of a plain-text document: form feeds separate pages; fixed-width lines keep their
 * character columns. A file whose lines are mostly tab-separated is read as grid rows instead.
 */
const RULE_CHARS = new Set(['|', '\u2502', '\u2503', '\u2551', '\u00a6']);

/**
 * Vertical rules drawn between fixed-width columns ('|', '│') are layout, not text: where
 * most lines have one at the same column, it becomes a space, so the columns split into
 * runs as they do in reports without rules. A '|' elsewhere is kept.
 */
function eraseColumnRules(pageLines: string[][]): void {
  const counts = new Map<number, number>();
  let lines = 0;
  for (const page of pageLines)
    for (const line of page) {
      if (!line.trim()) continue;
      lines++;
      for (let c = 0; c < line.length; c++)
        if (RULE_CHARS.has(line[c] as string)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  const columns = new Set([...counts].filter(([, n]) => n >= 3 && n >= lines * 0.5).map(([c]) => c));
  if (!columns.size) return;
  for (const page of pageLines)
    page.forEach((line, i) => {
      let out = '';
      for (let c = 0; c < line.length; c++) {
        const ch = line[c] as string;
        out += columns.has(c) && RULE_CHARS.has(ch) ? ' ' : ch;
      }
      page[i] = out.replace(/\s+$/, '');
    });
}

export function textPages(input: string): LayoutPage[] {
  const text = stripControls(input);
  const chunks = text.split('\f');
  // A form feed at the very end (after the last page) does not open an empty page.
  while (chunks.length > 1 && !(chunks[chunks.length - 1] as string).trim()) chunks.pop();
  const pageLines = chunks.map((c) => {
    const lines = c.split(/\r\n|\r|\n/);
    // The line break that ended the previous page's last line lands in front of the form feed;
    // a break right after the form feed is the usual printer convention: drop one of each.
    if (lines.length > 1 && lines[0] === '') lines.shift();
    return lines.map((l) => l.replace(/\s+$/, ''));
  });
  const nonEmpty = pageLines.flat().filter((l) => l.trim());
  const tabbed = nonEmpty.filter((l) => l.includes('\t')).length;
  const asGrid = nonEmpty.length > 0 && tabbed > nonEmpty.length / 2;
  if (!asGrid) eraseColumnRules(pageLines);
  return pageLines.map((lines, i) =>
    asGrid
      ? gridPage(
          i + 1,
          lines.map((l) => l.split('\t')),
        )
      : textPage(i + 1, lines),
  );
}

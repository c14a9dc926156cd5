/**
 * Legacy Word (.doc) reader. word-extractor finds the document's text pieces; its public
 * text turns cell marks, row ends, page breaks and paragraph marks into the same tabs and
 * newlines, which loses the table rows and pages. So the raw main-document text (Word's own
 * control characters still in it) is taken from the extractor and laid out here: \r ends a
 * paragraph, \x07 ends a table cell, \n ends a table row (the extractor writes it for the
 * row-end mark it finds in the paragraph properties; without those, a row ends with one more
 * \x07), \x0c breaks the page, \x0b breaks the line, and of a field (\x13 code \x14 result
 * \x15) the result is kept.
 */
import { createRequire } from 'node:module';
import type { LayoutDocument } from '../layout/model';
import { documentPage, newRowsPage, type RowsPage, unreadable } from './decode';

interface Piece {
  startCp: number;
  endCp: number;
  text: string;
}

interface OleExtractor {
  extract(reader: unknown): Promise<{ getBody(options?: { filterUnicode?: boolean }): string }>;
  buildDocument(): unknown;
  _pieces?: Piece[];
  _boundaries?: { ccpText?: number };
}

type OleExtractorClass = new () => OleExtractor;

const require = createRequire(import.meta.url);

export async function readDoc(bytes: Uint8Array): Promise<LayoutDocument> {
  const raw = await rawBodyText(bytes);
  return { pages: docTextPages(raw).map((rows, i) => documentPage(i + 1, rows)) };
}

async function rawBodyText(bytes: Uint8Array): Promise<string> {
  // word-extractor is CommonJS without types; its OLE extractor is used directly so the raw
  // text can be read before the library flattens it (pinned version, see package.json).
  const WordOleExtractor: OleExtractorClass = require('word-extractor/lib/word-ole-extractor');
  const BufferReader: new (b: Buffer) => unknown = require('word-extractor/lib/buffer-reader');
  checkCompoundFile(bytes);
  let raw: string | null = null;
  class RawExtractor extends WordOleExtractor {
    override buildDocument(): unknown {
      const pieces = this._pieces;
      const end = this._boundaries?.ccpText;
      if (Array.isArray(pieces) && typeof end === 'number') raw = textRange(pieces, 0, end);
      return super.buildDocument();
    }
  }
  try {
    const extractor = new RawExtractor();
    const doc = await extractor.extract(
      new BufferReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    );
    // Should the internals ever change, the flattened text still beats no text.
    return raw ?? doc.getBody({ filterUnicode: false });
  } catch (e) {
    throw unreadable('DOC', e);
  }
}

/**
 * word-extractor follows sector chains without a loop guard (beyond a sector pointing at
 * itself), so a damaged file with a chain cycle would hang it and exhaust memory. The
 * allocation tables are checked here first, the way word-extractor reads them.
 */
function checkCompoundFile(bytes: Uint8Array): void {
  const fail = (why: string) => unreadable('DOC', new Error(why));
  if (bytes.length < 1024) throw fail('too short for a Word document');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(30, true);
  if (shift !== 9 && shift !== 12) throw fail('bad sector size');
  const secSize = 1 << shift;
  const sectorCount = Math.ceil(bytes.length / secSize);
  const satSize = view.getInt32(44, true);
  const msatSize = view.getInt32(72, true);
  const ssatSize = view.getInt32(64, true);
  if (
    satSize < 0 ||
    satSize > sectorCount ||
    msatSize < 0 ||
    msatSize > sectorCount ||
    ssatSize < 0 ||
    ssatSize > sectorCount
  )
    throw fail('bad allocation table sizes');
  const readInt = (sector: number, k: number) => {
    const at = (sector + 1) * secSize + k * 4;
    return sector >= 0 && at + 4 <= bytes.length ? view.getInt32(at, true) : 0;
  };
  const msat: number[] = [];
  for (let k = 0; k < 109; k++) msat.push(view.getInt32(76 + k * 4, true));
  let next = view.getInt32(68, true);
  for (let m = 0; m < msatSize && msat.length < satSize; m++) {
    for (let k = 0; k < secSize / 4 - 1; k++) msat.push(readInt(next, k));
    next = readInt(next, secSize / 4 - 1);
  }
  const table = (sectors: number[]) => {
    const t: number[] = [];
    for (const sector of sectors) for (let k = 0; k < secSize / 4; k++) t.push(readInt(sector, k));
    return t;
  };
  const sat = table(msat.slice(0, satSize));
  if (hasCycle(sat)) throw fail('a sector chain loops');
  const ssatSectors: number[] = [];
  for (
    let id = view.getInt32(60, true);
    id >= 0 && id < sat.length && ssatSectors.length < ssatSize;
    id = sat[id] as number
  )
    ssatSectors.push(id);
  if (hasCycle(table(ssatSectors))) throw fail('a short sector chain loops');
}

/** Whether following `next` pointers from some entry comes back to an entry on the way (longer than one step). */
function hasCycle(next: number[]): boolean {
  // 0 unvisited, 1 on the current path, 2 done.
  const state = new Uint8Array(next.length);
  for (let start = 0; start < next.length; start++) {
    if (state[start]) continue;
    const path: number[] = [];
    let id = start;
    while (id >= 0 && id < next.length && state[id] === 0) {
      state[id] = 1;
      path.push(id);
      const to = next[id] as number;
      if (to === id) break;
      id = to;
    }
    if (id >= 0 && id < next.length && state[id] === 1 && next[id] !== id) return true;
    for (const p of path) state[p] = 2;
  }
  return false;
}

/** The characters between two character positions, across the document's pieces. */
function textRange(pieces: Piece[], start: number, end: number): string {
  const out: string[] = [];
  for (const piece of pieces) {
    if (piece.endCp <= start || piece.startCp >= end) continue;
    const from = Math.max(start, piece.startCp) - piece.startCp;
    const to = Math.min(end, piece.endCp) - piece.startCp;
    out.push(piece.text.substring(from, to));
  }
  return out.join('');
}

interface Unit {
  text: string;
  end: '\r' | '\x07' | '\n' | '\f' | '';
}

/** Rows (of cells) per page from Word's raw text. */
export function docTextPages(rawText: string): RowsPage[] {
  const units = toUnits(cleanFields(rawText));
  const pages: RowsPage[] = [newRowsPage()];
  let page = pages[0] as RowsPage;
  const push = (cells: string[], paragraph: boolean) => {
    page.rows.push(cells);
    page.paragraph.push(paragraph);
  };
  let i = 0;
  while (i < units.length) {
    const u = units[i] as Unit;
    if (u.end === '\x07') {
      const endOfTable = tableEnd(units, i);
      for (const row of tableRows(units.slice(i, endOfTable))) push(row, false);
      i = endOfTable;
      continue;
    }
    for (const line of u.text.split('\x0b')) push(line.split('\t'), true);
    if (u.end === '\f') {
      page = newRowsPage();
      pages.push(page);
    }
    i++;
  }
  while (pages.length > 1 && (pages[pages.length - 1] as RowsPage).rows.every((r) => r.every((c) => !c.trim())))
    pages.pop();
  // A paragraph mark ends the document's text: it does not make an empty last line.
  for (const p of pages)
    while (p.rows.length && (p.rows[p.rows.length - 1] as string[]).every((c) => !c.trim())) {
      p.rows.pop();
      p.paragraph.pop();
    }
  return pages;
}

const KEPT_CONTROLS = new Set([0x07, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]);

/** Field results without their codes (fields nest), special hyphens and spaces, no other controls. */
function cleanFields(s: string): string {
  // One entry per open field: whether its result part has begun.
  const fields: boolean[] = [];
  let hiddenFields = 0;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x13) {
      fields.push(false);
      hiddenFields++;
      continue;
    }
    if (c === 0x14) {
      if (fields.length && !fields[fields.length - 1]) {
        fields[fields.length - 1] = true;
        hiddenFields--;
      }
      continue;
    }
    if (c === 0x15) {
      if (fields.length && !fields.pop()) hiddenFields--;
      continue;
    }
    if (hiddenFields > 0) continue;
    if (c === 0x1e) out += '-';
    else if (c === 0xa0) out += ' ';
    else if (c >= 32 || KEPT_CONTROLS.has(c)) out += s[i];
  }
  return out;
}

function toUnits(s: string): Unit[] {
  const units: Unit[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\r' || ch === '\n' || ch === '\x07' || ch === '\f') {
      units.push({ text: s.slice(from, i), end: ch });
      from = i + 1;
    }
  }
  if (from < s.length) units.push({ text: s.slice(from), end: '' });
  return units;
}

/**
 * The unit after a table: the table runs over cell ends, and over paragraphs that are
 * followed by a cell end (paragraphs inside a cell) before any page break.
 */
function tableEnd(units: Unit[], start: number): number {
  let i = start;
  let last = start;
  while (i < units.length) {
    const u = units[i] as Unit;
    if (u.end === '\x07' || u.end === '\n') {
      last = i;
      i++;
      continue;
    }
    if (u.end !== '\r') break;
    let j = i;
    while (j < units.length && (units[j] as Unit).end === '\r' && j - i < 20) j++;
    if (j < units.length && (units[j] as Unit).end === '\x07') {
      i = j;
      continue;
    }
    break;
  }
  return last + 1;
}

/**
 * Cells and rows of one table. With row ends marked, they split the rows. Otherwise every
 * row is its cells' ends plus one more (empty) end, and the number of cells per row is the
 * smallest that puts an empty end at every row's close (header rows have no empty cells).
 */
function tableRows(units: Unit[]): string[][] {
  const cells: string[] = [];
  let buffer: string[] = [];
  if (units.some((u) => u.end === '\n')) {
    const rows: string[][] = [];
    let row: string[] = [];
    for (const u of units) {
      if (u.end === '\n') {
        rows.push(row);
        row = [];
        buffer = [];
        continue;
      }
      buffer.push(u.text.split('\x0b').join(' ').split('\t').join(' '));
      if (u.end === '\x07') {
        row.push(buffer.join(' ').trim());
        buffer = [];
      }
    }
    if (row.length) rows.push(row);
    return rows;
  }
  for (const u of units) {
    buffer.push(u.text.split('\x0b').join(' ').split('\t').join(' '));
    if (u.end === '\x07') {
      cells.push(buffer.join(' ').trim());
      buffer = [];
    }
  }
  const width = rowWidth(cells);
  const rows: string[][] = [];
  if (width) {
    for (let r = 0; r < cells.length; r += width + 1) rows.push(cells.slice(r, r + width));
    return rows;
  }
  // Irregular rows (merged cells): an empty end right after another end closes the row.
  let row: string[] = [];
  cells.forEach((c, k) => {
    if (c === '' && k > 0 && row.length > 0 && cells[k - 1] !== '') {
      rows.push(row);
      row = [];
    } else row.push(c);
  });
  if (row.length) rows.push(row);
  return rows;
}

function rowWidth(cells: string[]): number | null {
  // At least two rows: one row fits any width, and the fallback reads it as well.
  for (let n = 1; n < Math.min(cells.length / 2, 64); n++) {
    if (cells.length % (n + 1) !== 0) continue;
    let ok = true;
    for (let k = n; k < cells.length; k += n + 1) {
      if (cells[k] !== '') {
        ok = false;
        break;
      }
    }
    if (ok) return n;
  }
  return null;
}

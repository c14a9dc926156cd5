/**
 * RTF reader: a small tokenizer over the RTF 1.x grammar (groups, control words and symbols,
 * \'hh bytes in the document's code page, \uN characters) that keeps the body text and drops
 * the destinations that are not body text (font and colour tables, style sheet, document info,
 * pictures, headers and footers, field instructions, anything marked \*).
 *
 * Output is grid rows: a paragraph is split into cells at its tabs (tab-stop layouts put each
 * column after the same number of tabs), a table row gives one cell per \cell. \page, \pagebb
 * and page-starting section breaks start a new page.
 */
import type { LayoutDocument } from '../layout/model';
import { decodeCodePage, documentPage, newRowsPage, type RowsPage, unreadable } from './decode';

export async function readRtf(bytes: Uint8Array): Promise<LayoutDocument> {
  return { pages: rtfPages(bytes).map((rows, i) => documentPage(i + 1, rows)) };
}

/** Destinations whose text is not body text; their whole group is skipped. */
const SKIPPED = new Set([
  'annotation',
  'atnauthor',
  'atndate',
  'atnid',
  'author',
  'colortbl',
  'colorschememapping',
  'comment',
  'company',
  'datastore',
  'docvar',
  'doccomm',
  'filetbl',
  'footer',
  'footerf',
  'footerl',
  'footerr',
  'footnote',
  'generator',
  'info',
  'keywords',
  'latentstyles',
  'listoverridetable',
  'listtable',
  'listtext',
  'nonesttables',
  'nonshppict',
  'object',
  'operator',
  'pict',
  'pn',
  'pntext',
  'private',
  'revtbl',
  'rsidtbl',
  'shp',
  'shpinst',
  'stylesheet',
  'subject',
  'tc',
  'template',
  'themedata',
  'title',
  'txe',
  'userprops',
  'xe',
  'xmlnstbl',
]);

/** Characters some control words stand for. */
const SYMBOLS: Record<string, string> = {
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
  zwj: '',
  zwnj: '',
};

/** \fcharset values and the Windows code pages they mean. */
const CHARSET_CP: Record<number, number> = {
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

interface GroupState {
  skip: boolean;
  fontTable: boolean;
  /** Characters to skip after a \uN (its ANSI stand-in). */
  uc: number;
  font: number;
  hidden: boolean;
  /** Inside a page header group (its text is kept apart, for the top of the first page). */
  header: boolean;
}

const HEADERS = new Set(['header', 'headerf', 'headerl', 'headerr']);

/** Rows (of cells) per page. */
export function rtfPages(bytes: Uint8Array): RowsPage[] {
  // One char per byte: the tokenizer works on bytes; text is decoded per code page below.
  const s = latin1(bytes);
  if (!s.startsWith('{\\rtf')) throw unreadable('RTF', new Error('it does not start with {\\rtf'));

  let ansiCp = 1252;
  let defaultFont = -1;
  const fontCp = new Map<number, number>();
  let tableFont = -1;

  const pages: RowsPage[] = [newRowsPage()];
  let page = pages[0] as RowsPage;
  let line = '';
  let lineHasContent = false;
  let cell = '';
  let row: string[] = [];
  let inTable = false;
  let pendingSection = false;

  const newPage = () => {
    page = newRowsPage();
    pages.push(page);
  };
  const push = (cells: string[], paragraph: boolean) => {
    page.rows.push(cells);
    page.paragraph.push(paragraph);
  };
  const beforeContent = () => {
    if (pendingSection && !state.header) {
      pendingSection = false;
      newPage();
    }
  };
  const flushLine = () => {
    push(line || lineHasContent ? line.split('\t') : [], true);
    line = '';
    lineHasContent = false;
  };

  let state: GroupState = { skip: false, fontTable: false, uc: 1, font: -1, hidden: false, header: false };
  // Page headers are read into their own rows; the body's place is kept meanwhile.
  const headers = new Map<string, RowsPage>();
  let titlePage = false;
  let saved: {
    page: RowsPage;
    line: string;
    lineHasContent: boolean;
    cell: string;
    row: string[];
    inTable: boolean;
  } | null = null;
  const startHeader = (kind: string) => {
    saved = { page, line, lineHasContent, cell, row, inTable };
    page = newRowsPage();
    headers.set(kind, page);
    line = '';
    lineHasContent = false;
    cell = '';
    row = [];
    inTable = false;
    state.header = true;
  };
  const endHeader = () => {
    if (!saved) return;
    if (line || lineHasContent) flushLine();
    if (row.length || cell) push([...row, cell], false);
    ({ page, line, lineHasContent, cell, row, inTable } = saved);
    saved = null;
  };
  const stack: GroupState[] = [];
  let skipChars = 0;
  let pendingBytes: number[] = [];

  const emit = (text: string) => {
    if (state.skip || state.hidden || !text) return;
    beforeContent();
    if (inTable) cell += text;
    else {
      line += text;
      lineHasContent = true;
    }
  };
  const flushBytes = () => {
    if (!pendingBytes.length) return;
    const cp = fontCp.get(state.font >= 0 ? state.font : defaultFont) ?? ansiCp;
    const text = decodeCodePage(Uint8Array.from(pendingBytes), cp);
    pendingBytes = [];
    emit(text);
  };
  const emitByte = (b: number) => {
    if (skipChars > 0) {
      skipChars--;
      return;
    }
    if (state.skip || state.hidden) return;
    pendingBytes.push(b);
  };

  const n = s.length;
  let i = 0;
  let depth = 0;
  let closed = false;
  const TEXT = /[^\\{}\r\n\t\u0080-\u00ff]+/y;
  const WORD = /([a-zA-Z]{1,32})(-?\d{1,10})? ?/y;

  while (i < n) {
    const c = s[i] as string;
    if (c === '{') {
      flushBytes();
      stack.push(state);
      state = { ...state };
      depth++;
      i++;
      continue;
    }
    if (c === '}') {
      flushBytes();
      const leaving = state;
      state = stack.pop() ?? state;
      if (leaving.header && !state.header) endHeader();
      skipChars = 0;
      depth--;
      i++;
      if (depth <= 0) {
        closed = true;
        break;
      }
      continue;
    }
    if (c === '\\') {
      const next = s[i + 1];
      if (next === undefined) break;
      if (next === "'") {
        const hex = s.slice(i + 2, i + 4);
        i += 4;
        if (/^[0-9a-fA-F]{2}$/.test(hex)) emitByte(Number.parseInt(hex, 16));
        continue;
      }
      WORD.lastIndex = i + 1;
      const m = WORD.exec(s);
      if (!m) {
        // Control symbol.
        i += 2;
        if (next === '*') {
          flushBytes();
          state.skip = true;
          continue;
        }
        let text = '';
        if (next === '\\' || next === '{' || next === '}') text = next;
        else if (next === '~') text = ' ';
        else if (next === '_') text = '-';
        else if (next === '\r' || next === '\n') {
          flushBytes();
          control('par', null);
          continue;
        } else continue;
        if (skipChars > 0) {
          skipChars--;
          continue;
        }
        flushBytes();
        emit(text);
        continue;
      }
      i = WORD.lastIndex;
      const word = m[1] as string;
      const param = m[2] === undefined ? null : Number(m[2]);
      if (word === 'bin') {
        // Binary data: skip its bytes whatever they contain.
        i += Math.max(0, param ?? 0);
        continue;
      }
      if (word === 'u' && param !== null) {
        flushBytes();
        if (skipChars > 0) {
          skipChars--;
          continue;
        }
        emit(String.fromCharCode(param < 0 ? param + 65536 : param));
        skipChars = state.uc;
        continue;
      }
      if (skipChars > 0 && !state.skip) {
        // A control word stands for one skipped character only when it produces text.
        if (word in SYMBOLS || word === 'tab') {
          skipChars--;
          continue;
        }
      }
      flushBytes();
      control(word, param);
      continue;
    }
    if (c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c === '\t') {
      i++;
      flushBytes();
      control('tab', null);
      continue;
    }
    const code = c.charCodeAt(0);
    if (code >= 0x80) {
      emitByte(code);
      i++;
      continue;
    }
    TEXT.lastIndex = i;
    const t = TEXT.exec(s);
    const chunk = t ? t[0] : c;
    i += chunk.length;
    if (state.skip || state.hidden) continue;
    let from = 0;
    while (skipChars > 0 && from < chunk.length) {
      skipChars--;
      from++;
    }
    flushBytes();
    emit(chunk.slice(from));
  }
  flushBytes();
  if (!closed) throw unreadable('RTF', new Error('the document ends before its last group is closed'));
  if (line || lineHasContent) flushLine();
  if (row.length || cell) push([...row, cell], false);

  while (pages.length > 1 && (pages[pages.length - 1] as RowsPage).rows.every((r) => r.every((x) => !x.trim())))
    pages.pop();
  // Bank name and account details often sit in the page header: it opens the first page.
  const header =
    (titlePage && headers.get('headerf')) || headers.get('header') || headers.get('headerr') || headers.get('headerl');
  if (header && pages[0]) {
    while (header.rows.length && (header.rows[header.rows.length - 1] as string[]).every((x) => !x.trim())) {
      header.rows.pop();
      header.paragraph.pop();
    }
    pages[0].rows.unshift(...header.rows);
    pages[0].paragraph.unshift(...header.paragraph);
  }
  return pages;

  function control(word: string, param: number | null) {
    if (state.fontTable) {
      if (word === 'f' && param !== null) tableFont = param;
      else if (word === 'fcharset' && param !== null && CHARSET_CP[param]) fontCp.set(tableFont, CHARSET_CP[param]);
      else if (word === 'cpg' && param !== null && param > 0) fontCp.set(tableFont, param);
      return;
    }
    if (word === 'fonttbl') {
      state.fontTable = true;
      state.skip = true;
      return;
    }
    if (SKIPPED.has(word)) {
      state.skip = true;
      return;
    }
    if (state.skip) return;
    if (HEADERS.has(word)) {
      if (state.header || headers.has(word)) state.skip = true;
      else startHeader(word);
      return;
    }
    const symbol = SYMBOLS[word];
    if (symbol !== undefined) {
      emit(symbol);
      return;
    }
    switch (word) {
      case 'ansicpg':
        if (param && param > 0) ansiCp = param;
        break;
      case 'mac':
        ansiCp = 10000;
        break;
      case 'deff':
        if (param !== null) defaultFont = param;
        break;
      case 'f':
        if (param !== null) state.font = param;
        break;
      case 'plain':
        state.font = defaultFont;
        state.hidden = false;
        break;
      case 'uc':
        if (param !== null && param >= 0 && param < 10) state.uc = param;
        break;
      case 'v':
        state.hidden = param !== 0;
        break;
      case 'tab':
        if (state.hidden) break;
        if (inTable) emit(' ');
        else {
          beforeContent();
          line += '\t';
        }
        break;
      case 'par':
      case 'line':
      case 'lbr':
        if (state.hidden) break;
        if (inTable) emit(' ');
        else {
          beforeContent();
          flushLine();
        }
        break;
      case 'pard':
        inTable = false;
        break;
      case 'intbl':
        inTable = true;
        break;
      case 'cell':
        beforeContent();
        // Writers that leave out \intbl still end cells: the text since the last cell is the cell's.
        if (!inTable && (line || lineHasContent)) {
          cell += line.split('\t').join(' ');
          line = '';
          lineHasContent = false;
        }
        row.push(cell);
        cell = '';
        break;
      case 'nestcell':
      case 'nestrow':
        emit(' ');
        break;
      case 'row':
        beforeContent();
        if (cell) row.push(cell);
        push(row, false);
        row = [];
        cell = '';
        break;
      case 'titlepg':
        titlePage = true;
        break;
      case 'page':
        if (state.header) break;
        if (line || lineHasContent) flushLine();
        newPage();
        break;
      case 'pagebb':
        if (state.header) break;
        if (!line && !lineHasContent && page.rows.length > 0) newPage();
        break;
      case 'sect':
        if (state.header) break;
        if (line || lineHasContent) flushLine();
        pendingSection = true;
        break;
      case 'sbknone':
      case 'sbkcol':
        pendingSection = false;
        break;
    }
  }
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return out;
}

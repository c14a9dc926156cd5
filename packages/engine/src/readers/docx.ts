/**
 * DOCX reader: the main document part's paragraphs and tables, in document order, as grid
 * rows. A table row gives one cell per column (grid spans respected); a paragraph gives one
 * row, split into cells at its tabs. Explicit page breaks (a page break character, "page
 * break before", a section that starts on a new page) start a new page, which is the page
 * number the statement's rows report.
 */
import { AppError } from '@statemint/shared';
import { unzipSync } from 'fflate';
import type { LayoutDocument } from '../layout/model';
import { decodeText, documentPage, newRowsPage, type RowsPage, unreadable } from './decode';

/**
 * The XML of one document part is never this large in a real statement (a table row is about 1 KB
 * of it); beyond it, refuse. 90 MB of short paragraphs took 1.6 GB to read (issue 29, N6).
 */
const MAX_PART_BYTES = 48 * 1024 * 1024;

export async function readDocx(bytes: Uint8Array): Promise<LayoutDocument> {
  const main = mainPartName(bytes);
  const relsName = main.replace(/([^/]*)$/, '_rels/$1.rels');
  const parts = unzipParts(bytes, (n) => n === main || n === relsName);
  const part = parts[main];
  if (!part) throw unreadable('DOCX', new Error(`${main} is missing`));
  const xml = decodeText(part);
  const pages = docxPages(xml);
  // Bank name and account details often sit in the page header: it opens the first page.
  const header = firstPageHeader(bytes, xml, main, parts[relsName]);
  if (header && pages[0]) {
    pages[0].rows.unshift(...header.rows);
    pages[0].paragraph.unshift(...header.paragraph);
  }
  return { pages: pages.map((rows, i) => documentPage(i + 1, rows)) };
}

function unzipParts(bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, {
      filter: (f) => {
        if (!wanted(f.name)) return false;
        if (f.originalSize > MAX_PART_BYTES)
          throw new AppError(
            'FILE_TOO_LARGE',
            `This DOCX file is too large to read: its text part would exceed ${MAX_PART_BYTES / 1048576} MB. Please split it into smaller files.`,
          );
        return true;
      },
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreadable('DOCX', e);
  }
}

/** The package relationships name the main part; it is almost always word/document.xml. */
function mainPartName(bytes: Uint8Array): string {
  const rels = unzipParts(bytes, (n) => n === '_rels/.rels')['_rels/.rels'];
  const target = rels ? relationshipTarget(decodeText(rels), (rel) => /Type="[^"]*\/officeDocument"/.test(rel)) : null;
  return target ? target.replace(/^\//, '') : 'word/document.xml';
}

function relationshipTarget(rels: string, match: (relationship: string) => boolean): string | null {
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    if (match(m[0])) return /\bTarget="([^"]+)"/.exec(m[0])?.[1] ?? null;
  }
  return null;
}

/** The header the first page shows (the first section's "first" header when it has one, else its default). */
function firstPageHeader(bytes: Uint8Array, xml: string, main: string, rels: Uint8Array | undefined): RowsPage | null {
  if (!rels) return null;
  const sect = /<w:sectPr\b[\s\S]*?<\/w:sectPr>/.exec(xml)?.[0];
  if (!sect) return null;
  const refs = new Map<string, string>();
  for (const m of sect.matchAll(/<w:headerReference\b[^>]*>/g)) {
    const type = /\bw:type="([^"]+)"/.exec(m[0])?.[1] ?? 'default';
    const id = /\br:id="([^"]+)"/.exec(m[0])?.[1];
    if (id) refs.set(type, id);
  }
  const titlePage = /<w:titlePg(?:\s*\/>|\s+w:val="(?:1|true|on)")/.test(sect);
  const id = (titlePage && refs.get('first')) || refs.get('default');
  if (!id) return null;
  const target = relationshipTarget(decodeText(rels), (rel) => rel.includes(`Id="${id}"`));
  if (!target) return null;
  const name = target.startsWith('/') ? target.slice(1) : main.replace(/[^/]*$/, '') + target;
  const part = unzipParts(bytes, (n) => n === name)[name];
  if (!part) return null;
  const rows = newRowsPage();
  for (const page of docxPages(decodeText(part))) {
    rows.rows.push(...page.rows);
    rows.paragraph.push(...page.paragraph);
  }
  // Empty header paragraphs add nothing.
  while (rows.rows.length && (rows.rows[rows.rows.length - 1] as string[]).every((c) => !c.trim())) {
    rows.rows.pop();
    rows.paragraph.pop();
  }
  return rows.rows.length ? rows : null;
}

interface Paragraph {
  /** Output rows of this paragraph: a line break starts a new one; 'page' marks a page break. */
  segments: (string | 'page')[];
  text: string;
  pageBreakBefore: boolean;
  sectionEnd: boolean;
}

interface Cell {
  parts: string[];
  span: number;
}

interface Row {
  cells: string[];
  col: number;
}

// Word escapes '>' inside attribute values, so a tag ends at the first '>'.
const TAG = /<(\/?)([^\s/>]+)([^>]*)>/y;

/** Rows (of cells) per page, from WordprocessingML. */
export function docxPages(xml: string): RowsPage[] {
  const sectionTypes = [...xml.matchAll(/<w:sectPr\b[^>]*?(?:\/>|>([\s\S]*?)<\/w:sectPr>)/g)].map(
    (m) => /<w:type\b[^>]*w:val="([^"]+)"/.exec(m[1] ?? '')?.[1] ?? 'nextPage',
  );
  let sectionIndex = 0;

  const pages: RowsPage[] = [newRowsPage()];
  let page = pages[0] as RowsPage;
  const newPage = () => {
    page = newRowsPage();
    pages.push(page);
  };
  const push = (cells: string[], paragraph: boolean) => {
    page.rows.push(cells);
    page.paragraph.push(paragraph);
  };

  const paragraphs: Paragraph[] = [];
  const cells: Cell[] = [];
  const rows: Row[] = [];
  let tableDepth = 0;
  let runDepth = 0;
  let inRunProps = false;
  let inParaProps = false;
  let hiddenRun = false;
  let inText = false;
  let skipDepth = 0;
  let skipName = '';

  const para = () => paragraphs[paragraphs.length - 1];
  const addText = (s: string) => {
    const p = para();
    if (p && !hiddenRun) p.text += s;
  };
  const breakLine = (kind: 'line' | 'page') => {
    const p = para();
    if (!p) return;
    if (tableDepth > 0) {
      p.text += ' ';
      return;
    }
    p.segments.push(p.text);
    p.text = '';
    if (kind === 'page') p.segments.push('page');
  };
  const closeParagraph = () => {
    const p = paragraphs.pop();
    if (!p) return;
    p.segments.push(p.text);
    if (tableDepth > 0) {
      const cell = cells[cells.length - 1];
      const text = p.segments.filter((s) => s !== 'page').join(' ');
      if (cell && text.trim()) cell.parts.push(text);
      return;
    }
    if (p.pageBreakBefore && page.rows.length > 0) newPage();
    for (const s of p.segments) {
      if (s === 'page') newPage();
      else push(s.split('\t'), true);
    }
    if (p.sectionEnd) {
      const next = sectionTypes[++sectionIndex];
      if (next !== 'continuous' && next !== 'nextColumn') newPage();
    }
  };

  const len = xml.length;
  let pos = 0;
  while (pos < len) {
    const lt = xml.indexOf('<', pos);
    const end = lt < 0 ? len : lt;
    if (inText && skipDepth === 0 && end > pos) addText(decodeEntities(xml.slice(pos, end)));
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) {
      const close = xml.indexOf('-->', lt + 4);
      pos = close < 0 ? len : close + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const close = xml.indexOf(']]>', lt + 9);
      if (inText && skipDepth === 0) addText(xml.slice(lt + 9, close < 0 ? len : close));
      pos = close < 0 ? len : close + 3;
      continue;
    }
    if (xml.startsWith('<?', lt) || xml.startsWith('<!', lt)) {
      const close = xml.indexOf('>', lt);
      pos = close < 0 ? len : close + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(xml);
    if (!m) throw unreadable('DOCX', new Error('malformed XML in the document part'));
    pos = TAG.lastIndex;
    const closing = m[1] === '/';
    const name = m[2] as string;
    const attrs = m[3] ?? '';
    const selfClosing = attrs.endsWith('/');

    if (skipDepth > 0) {
      // Inside alternative content that duplicates what was already read (mc:Fallback).
      if (name === skipName) skipDepth += closing ? -1 : selfClosing ? 0 : 1;
      continue;
    }
    if (name === 'mc:Fallback' && !closing && !selfClosing) {
      skipDepth = 1;
      skipName = name;
      continue;
    }
    if (!name.startsWith('w:')) continue;
    const local = name.slice(2);

    if (closing) {
      switch (local) {
        case 'p':
          closeParagraph();
          break;
        case 'r':
          runDepth = Math.max(0, runDepth - 1);
          hiddenRun = false;
          break;
        case 'rPr':
          inRunProps = false;
          break;
        case 'pPr':
          inParaProps = false;
          break;
        case 't':
          inText = false;
          break;
        case 'tc': {
          const cell = cells.pop();
          const text = cell ? cell.parts.join(' ') : '';
          if (tableDepth > 1) {
            // A nested table's text belongs to the enclosing cell.
            if (text) cells[cells.length - 1]?.parts.push(text);
          } else {
            const row = rows[rows.length - 1];
            if (row) {
              row.cells[row.col] = text;
              row.col += cell?.span ?? 1;
            }
          }
          break;
        }
        case 'tr': {
          const row = rows.pop();
          if (row && tableDepth === 1)
            push(
              Array.from(row.cells, (c) => c ?? ''),
              false,
            );
          break;
        }
        case 'tbl':
          tableDepth = Math.max(0, tableDepth - 1);
          break;
      }
      continue;
    }

    switch (local) {
      case 'p':
        if (!selfClosing) paragraphs.push({ segments: [], text: '', pageBreakBefore: false, sectionEnd: false });
        else if (tableDepth === 0) push([], true);
        break;
      case 'pPr':
        if (!selfClosing) inParaProps = true;
        break;
      case 'pageBreakBefore':
        if (inParaProps && para() && !isOff(attrs)) (para() as Paragraph).pageBreakBefore = true;
        break;
      case 'sectPr':
        if (inParaProps && para()) (para() as Paragraph).sectionEnd = true;
        break;
      case 'r':
        if (!selfClosing) runDepth++;
        break;
      case 'rPr':
        if (runDepth > 0 && !selfClosing) inRunProps = true;
        break;
      case 'vanish':
        if (inRunProps && !isOff(attrs)) hiddenRun = true;
        break;
      case 't':
        if (!selfClosing) inText = true;
        break;
      case 'tab':
      case 'ptab':
        // Tab stops in paragraph properties are also w:tab; only a run's tab is text.
        if (runDepth > 0 && !inParaProps) addText(tableDepth > 0 ? ' ' : '\t');
        break;
      case 'br':
        if (runDepth > 0) {
          const type = /\bw:type="([^"]+)"/.exec(attrs)?.[1];
          if (type === 'column') addText(' ');
          else breakLine(type === 'page' ? 'page' : 'line');
        }
        break;
      case 'cr':
        if (runDepth > 0) breakLine('line');
        break;
      case 'noBreakHyphen':
        if (runDepth > 0) addText('-');
        break;
      case 'tbl':
        if (!selfClosing) tableDepth++;
        break;
      case 'tr':
        if (!selfClosing) rows.push({ cells: [], col: 0 });
        break;
      case 'gridBefore': {
        const row = rows[rows.length - 1];
        if (row && row.col === 0) row.col = intAttr(attrs) ?? 0;
        break;
      }
      case 'tc':
        if (!selfClosing) cells.push({ parts: [], span: 1 });
        break;
      case 'gridSpan': {
        const cell = cells[cells.length - 1];
        if (cell) cell.span = Math.max(1, intAttr(attrs) ?? 1);
        break;
      }
    }
  }
  // A page break after the last content does not make a page of its own.
  while (pages.length > 1 && (pages[pages.length - 1] as RowsPage).rows.every((r) => r.every((c) => !c.trim())))
    pages.pop();
  return pages;
}

function isOff(attrs: string): boolean {
  const v = /\bw:val="([^"]*)"/.exec(attrs)?.[1];
  return v === '0' || v === 'false' || v === 'off';
}

function intAttr(attrs: string): number | null {
  const v = /\bw:val="(\d+)"/.exec(attrs)?.[1];
  return v ? Math.min(1000, Number(v)) : null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(Number.parseInt(ref.slice(2), 16), whole);
    if (ref.startsWith('#')) return safeCodePoint(Number.parseInt(ref.slice(1), 10), whole);
    return NAMED[ref] ?? whole;
  });
}

function safeCodePoint(cp: number, fallback: string): string {
  return Number.isFinite(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : fallback;
}

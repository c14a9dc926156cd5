/**
 * Stage 2, tables: regions found by geometry on every page, their columns, and regions on
 * following pages with the same columns joined into one table. Roles of date, text and sign
 * columns are decided here from their cells and labels; roles of money columns are decided by
 * reconciliation in the ledger stage.
 */
import type { HorizontalRule, LayoutDocument, LayoutLine, LayoutPage } from '../../layout/model';
import { repairLeadingDate } from '../../ocr/repair';
import type { DecimalMark } from '../../values/amount';
import { parseDate } from '../../values/dates';
import { passEnabled } from '../passes';
import { type Token, type TokenLine, type TokenOptions, tokeniseLine } from '../tokens/tokenise';
import type { Tracer } from '../trace';
import { languageScores, normaliseWords, rankReadings } from '../vocabulary';
import { findColumns, type RegionColumns } from './columns';
import type { Column, Region, Table } from './model';
import { repairOcrCells } from './ocr';
import { findRegions } from './regions';
import { undatedContinuation } from './undated-pages';

export interface PageLines {
  page: LayoutPage;
  lines: TokenLine[];
}

export interface TableScan {
  pages: PageLines[];
  tables: Table[];
  /** Each region's cells: per body line, tokens by column. */
  cells: Map<Region, Token[][][]>;
  /** Lines in no table (statement facts live there), with how many tables started before them. */
  otherLines: { page: number; line: TokenLine; beforeTable: number }[];
}

export function tokenisePages(doc: LayoutDocument, opts: TokenOptions): PageLines[] {
  return doc.pages.map((page) => ({
    page,
    lines: page.lines.map((line, index) => ({
      page: page.number,
      index,
      y0: line.y0,
      y1: line.y1,
      line,
      tokens: tokeniseWithRepairs(line, opts),
    })),
  }));
}

/**
 * A line's tokens; on OCR lines first `ocr-split-dates`, then `ocr-leading-date`: the date that
 * starts a line, as OCR damaged it ("[21.08.2023 |LASTSCHRIFT", "O6-NOVEMBRE-2023", "030CT 24"),
 * repaired before the line is tokenised, so the line is a dated row. Evidence: the repaired start
 * parses as a date.
 */
function tokeniseWithRepairs(input: LayoutLine, opts: TokenOptions): Token[] {
  const line = ocrSplitDates(input);
  const first = line.runs[0];
  const fixed =
    first?.confidence !== undefined && passEnabled('ocr-leading-date') ? repairLeadingDate(first.text) : null;
  if (!first || !fixed) return tokeniseLine(line, opts);
  const tokens = tokeniseLine({ ...line, runs: [{ ...first, text: fixed }, ...line.runs.slice(1)] }, opts);
  const date = tokens.find((t) => t.run === 0 && t.kind === 'date');
  if (date) Object.assign(date, { repaired: first.text.split(/[\s|]+/).find(Boolean), repairPass: 'ocr-leading-date' });
  return tokens;
}

/**
 * `ocr-split-dates` (OCR lines only): OCR cut a date into words of their own ("15" "Nov" "2024"
 * where the page's word spaces are wide): neighbouring runs closer than two line heights join
 * where together, and not alone, they read as a date.
 */
function ocrSplitDates(line: LayoutLine): LayoutLine {
  const runs = line.runs;
  if (runs.length < 2 || runs[0]?.confidence === undefined || !passEnabled('ocr-split-dates')) return line;
  const out: LayoutLine['runs'] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as LayoutLine['runs'][number];
    let best = 0;
    if (!parseDate(run.text) && /^\d{1,4}[.,]?$|^\p{L}{3,}\.?$/u.test(run.text)) {
      for (let j = i + 1; j < Math.min(runs.length, i + 3); j++) {
        const prev = runs[j - 1] as LayoutLine['runs'][number];
        const next = runs[j] as LayoutLine['runs'][number];
        if (next.x0 - prev.x1 > Math.max(prev.size, next.size) * 2) break;
        const text = runs
          .slice(i, j + 1)
          .map((r) => r.text)
          .join(' ');
        if (parseDate(text)) best = j;
      }
    }
    if (!best) {
      out.push(run);
      continue;
    }
    const parts = runs.slice(i, best + 1);
    out.push({
      ...run,
      text: parts.map((r) => r.text).join(' '),
      x1: Math.max(...parts.map((r) => r.x1)),
      y0: Math.min(...parts.map((r) => r.y0)),
      y1: Math.max(...parts.map((r) => r.y1)),
      confidence: Math.min(...parts.map((r) => r.confidence ?? 1)),
    });
    i = best;
  }
  return out.length === runs.length ? line : { ...line, runs: out };
}

const letters = (t: Token[]) => t.reduce((n, x) => n + (x.text.match(/\p{L}/gu)?.length ?? 0), 0);

/**
 * A transaction table has a date column, a money column and a text column with words; an export
 * without descriptions qualifies when its header names a date and an amount (a rate table, with
 * dates and balances but no text, does not).
 */
function isTransactionRegion(columns: Column[], cells: Token[][][], seeds: number, carried = false): boolean {
  if (!columns.some((c) => c.kind === 'date') || !columns.some((c) => c.kind === 'money')) return false;
  // One dated line with amounts (a summary sentence) is no table unless a header names its columns,
  // or it carries on the table of the pages before in the same columns (a last page's few rows).
  const role = (c: Column) => c.readings[0]?.role ?? '';
  const named =
    carried ||
    (columns.some(
      (c) => c.kind === 'date' && ['date', 'postingDate', 'transactionDate', 'valueDate'].includes(role(c)),
    ) &&
      columns.some((c) => c.kind === 'money' && ['amount', 'debit', 'credit', 'balance'].includes(role(c))));
  if (seeds < 2 && !named) return false;
  const words = columns.some(
    (c, i) =>
      c.kind === 'text' && cells.filter((row) => letters(row[i] ?? []) >= 2).length >= Math.min(2, cells.length),
  );
  if (words) return true;
  const dated = columns.some((c) => c.kind === 'date' && ['date', 'postingDate', 'transactionDate'].includes(role(c)));
  const amounts = columns.some((c) => c.kind === 'money' && ['amount', 'debit', 'credit'].includes(role(c)));
  return dated && amounts && cells.length >= 2;
}

const kinds = (r: Region) =>
  r.columns
    .filter((c) => c.kind !== 'empty')
    .map((c) => c.kind)
    .join(',');

/** A label's words, without the marks between them OCR reads differently ("Withdrawals! Subtractions"). */
const labelKey = (label: string) =>
  normaliseWords(label)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A region continues the table before it: same kinds of columns, or the same labels. */
function continues(prev: Region, next: Region): boolean {
  if (next.header.length && prev.header.length) {
    // A label over two columns on one page (type codes and details under "Payment type and
    // details") is still one label of the table.
    // Columns without a label of their own (a document number some pages print) are no part of
    // the header.
    const labels = (r: Region) =>
      r.columns
        .map((c) => labelKey(c.label))
        .filter(Boolean)
        .filter((l, i, all) => i === 0 || l !== all[i - 1])
        .join('|');
    const a = labels(prev);
    const b = labels(next);
    if (a === b) return true;
    // The same labels less one another page joined into its neighbour (see alignMergedLabels).
    const own = new Set(prev.columns.map((c) => labelKey(c.label)).filter(Boolean));
    const theirs = next.columns.map((c) => labelKey(c.label)).filter(Boolean);
    if (theirs.length >= 3 && theirs.length < own.size && theirs.every((l) => own.has(l))) return true;
    if (halfTheLabelsInPlace(prev, next)) return true;
  }
  return kinds(prev) === kinds(next) || (!next.header.length && sameMoneyColumns(prev, next));
}

/**
 * The same columns where they stand, half of their labels or more the same: OCR garbled the
 * others ("nam] Amount" for "Debit Amount").
 */
function halfTheLabelsInPlace(prev: Region, next: Region): boolean {
  if (prev.columns.length !== next.columns.length) return false;
  const inPlace = prev.columns.every((c, i) => {
    const d = next.columns[i] as Column;
    return Math.min(c.x1, d.x1) - Math.max(c.x0, d.x0) > 0 || Math.abs(c.x1 - d.x1) < prev.size * 2;
  });
  const same = prev.columns.filter((c, i) => c.label && labelKey(c.label) === labelKey(next.columns[i]?.label ?? ''));
  return inPlace && same.length * 2 >= prev.columns.length;
}

/** Most of a header-less region's money columns line up with money columns (or money labels) of the table. */
function sameMoneyColumns(a: Region, b: Region): boolean {
  const ma = a.columns.filter((c) => c.kind === 'money' || (c.kind === 'empty' && c.label));
  const mb = b.columns.filter((c) => c.kind === 'money');
  const aligned = mb.filter((c) =>
    ma.some((d) => Math.abs(d.x1 - c.x1) < a.size * 2 || Math.min(d.x1, c.x1) - Math.max(d.x0, c.x0) > 0),
  );
  return mb.length > 0 && aligned.length * 3 >= mb.length * 2;
}

/**
 * A header-less region on a later page stands in the table's own columns: its dates in the table's
 * date column, its amounts under the table's money columns, its text in the table's text columns.
 */
function linesUp(table: Region, next: Region): boolean {
  const overlaps = (a: Column, b: Column) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;
  const used = next.columns.filter((c) => c.kind !== 'empty');
  return (
    used.some((c) => c.kind === 'date') &&
    sameMoneyColumns(table, next) &&
    used.every((c) =>
      table.columns.some(
        (t) =>
          (t.kind === c.kind || (c.kind === 'money' && t.kind === 'empty' && t.label !== '')) &&
          (overlaps(t, c) || (c.kind === 'money' && Math.abs(t.x1 - c.x1) < table.size * 2)),
      ),
    )
  );
}

/**
 * `merged-labels`: a money column of a later page whose label is the table's label of that column
 * joined to a neighbour's ("TIPO DE CAMBIO CANTIDAD" where the rate column is empty on that page)
 * is that column: it takes the table's label, so its amounts are read with the table's.
 */
function alignMergedLabels(table: Region, next: Region, trace: Tracer): void {
  if (!passEnabled('merged-labels')) return;
  for (const c of next.columns) {
    if (c.kind !== 'money' || !c.label) continue;
    const own = normaliseWords(c.label);
    const match = table.columns.find(
      (t) =>
        t.kind === 'money' &&
        t.label &&
        normaliseWords(t.label) !== own &&
        own.includes(normaliseWords(t.label)) &&
        Math.abs(t.x1 - c.x1) < table.size * 2,
    );
    if (!match) continue;
    trace.note('merged-labels', 'label', c.label, match.label, `page ${next.page}: the table's column under it`);
    c.label = match.label;
    c.readings = match.readings;
  }
}

/** A continuation region without a header takes the labels of the table's columns it lines up with. */
function inheritLabels(prev: Region, next: Region): void {
  if (next.header.length) return;
  for (const c of next.columns) {
    if (c.label) continue;
    const match = prev.columns.find((p) =>
      c.kind === 'money' ? Math.abs(p.x1 - c.x1) < prev.size * 2 : Math.min(p.x1, c.x1) - Math.max(p.x0, c.x0) > 0,
    );
    if (match) {
      c.label = match.label;
      c.readings = match.readings;
    }
  }
}

export function findTables(pages: PageLines[], trace: Tracer, decimal: DecimalMark = '.'): TableScan {
  const tables: Table[] = [];
  const cells = new Map<Region, Token[][][]>();
  const inTable = new Set<TokenLine>();
  const tableStartLine = new Map<TokenLine, number>();
  for (const { page, lines } of pages) {
    for (const r of findRegions(page, lines)) {
      const whole = findColumns(r);
      const halves = sideBySide(whole, r.header);
      if (halves.length > 1) {
        trace.note('side-by-side', 'table', null, `page ${r.page}`, 'two lists of dates and amounts side by side');
        // The page's lines are the table's, whichever half holds their words.
        for (const l of [...r.header, ...whole.lines]) inTable.add(l);
      }
      for (const found of halves) {
        const header = halves.length > 1 ? (found.header ?? []) : r.header;
        const title = titleAbove(lines, r.header[0] ?? whole.lines[0], r.pitch);
        const region: Region = {
          page: r.page,
          ...(title ? { title } : {}),
          header,
          lines: found.lines,
          columns: found.columns,
          pitch: r.pitch,
          size: r.size,
          source: page.source,
        };
        const across = rulesAcross(page.rules, found.columns, r.size);
        if (across.length) region.rules = across;
        repairOcrCells(region, found.cells, decimal);
        const prevTable = tables[tables.length - 1];
        const prev = prevTable?.regions[prevTable.regions.length - 1];
        const head = prevTable?.regions.find((r) => r.header.length) ?? prev;
        if (head && region.header.length && head.page < region.page) alignMergedLabels(head, region, trace);
        const carried =
          passEnabled('carried-region') &&
          !!head &&
          !!prev &&
          prev.page < region.page &&
          !region.header.length &&
          linesUp(head, region);
        if (!isTransactionRegion(found.columns, found.cells, r.seeds.length, carried)) continue;
        cells.set(region, found.cells);
        if (r.headerLed)
          trace.note(
            'header-led',
            'table',
            null,
            `page ${r.page}`,
            'no line dated and with an amount: amount lines under a header',
          );
        if (carried && r.seeds.length < 2)
          trace.note('carried-region', 'table', null, `page ${r.page}`, "one dated row in the table's own columns");
        for (const label of found.undividedLabels)
          trace.note(
            'text-under-labels',
            'label',
            label,
            null,
            `page ${r.page}: the text under it runs through its start at random words; no column starts there`,
          );
        for (const n of found.notes) trace.note(n.pass, 'table', null, `page ${r.page}`, n.text);
        for (const amount of found.wrappedAmounts)
          trace.note('wrapped-amounts', 'amount', amount, null, `page ${r.page}: its last digits on the line under it`);
        for (const tail of found.joinedTails)
          trace.note('tail-amounts-as-text', 'description', tail, null, `page ${r.page}: no money column under it`);
        if (
          prevTable &&
          prev &&
          (continues(prev, region) || (head && !region.header.length && continues(head, region)))
        ) {
          inheritLabels(prev, region);
          prevTable.regions.push(region);
        } else {
          tables.push({ id: tables.length, regions: [region] });
          tableStartLine.set(region.header[0] ?? (region.lines[0] as TokenLine), tables.length - 1);
          trace.note('table', 'table', null, `${tables.length}`, `page ${r.page}: columns ${describe(region)}`);
        }
        for (const l of [...region.header, ...region.lines]) inTable.add(l);
      }
    }
    if (!tables.some((t) => t.regions.some((r) => r.page === page.number))) {
      const prevTable = tables[tables.length - 1];
      const prev = prevTable?.regions[prevTable.regions.length - 1];
      const head = prevTable?.regions.find((r) => r.header.length) ?? prev;
      const r = undatedContinuation(page.number, lines, head, prev);
      if (r && prevTable && prev && head) {
        const found = findColumns(r);
        const region: Region = {
          page: r.page,
          header: [],
          lines: found.lines,
          columns: found.columns,
          pitch: r.pitch,
          size: r.size,
          source: page.source,
        };
        if (sameMoneyColumns(head, region)) {
          repairOcrCells(region, found.cells, decimal);
          inheritLabels(prev, region);
          cells.set(region, found.cells);
          prevTable.regions.push(region);
          for (const l of region.lines) inTable.add(l);
          trace.note(
            'undated-pages',
            'table',
            null,
            `page ${r.page}`,
            "no date, no header: amounts in the table's own columns",
          );
        }
      }
    }
  }
  // Label readings ranked for the document's languages.
  const languages = languageScores(tables.flatMap((t) => t.regions.flatMap((r) => r.columns.map((c) => c.label))));
  for (const t of tables)
    for (const r of t.regions) for (const c of r.columns) c.readings = rankReadings(c.readings, languages);
  const otherLines: TableScan['otherLines'] = [];
  let started = 0;
  for (const { page, lines } of pages) {
    for (const line of lines) {
      const t = tableStartLine.get(line);
      if (t !== undefined) started = t + 1;
      if (!inTable.has(line)) otherLines.push({ page: page.number, line, beforeTable: started });
    }
  }
  return { pages, tables, cells, otherLines };
}

/**
 * `side-by-side`: a card bill may print two lists next to each other, each with its dates, its
 * descriptions and its amounts. Where a region's columns are two runs that each start with a date
 * column and hold a money column, the second starting right of the first's last money column, the
 * region is two lists: the left one read first, then the right one (the order the page is read
 * in). Before, the left list's dates took the right list's amounts and descriptions. Geometry
 * only: the kinds and places of the columns.
 */
function sideBySide(found: RegionColumns, header: TokenLine[]): (RegionColumns & { header?: TokenLine[] })[] {
  if (!passEnabled('side-by-side')) return [found];
  const cols = found.columns;
  const dates = cols.filter((c) => c.kind === 'date');
  if (dates.length < 2) return [found];
  for (const second of dates.slice(1)) {
    const k = second.index;
    const left = cols.slice(0, k);
    const right = cols.slice(k);
    const leftMoney = left.filter((c) => c.kind === 'money');
    const lastLeftMoney = leftMoney[leftMoney.length - 1];
    if (!lastLeftMoney || !right.some((c) => c.kind === 'money')) continue;
    if (!left.some((c) => c.kind === 'date') || cols[0]?.kind === 'money') continue;
    // Each list has descriptions of its own: a value-date column between an amount and a balance
    // ("Date | Details | Amount | Value date | Balance") is no second list.
    if (!left.some((c) => c.kind === 'text') || !right.some((c) => c.kind === 'text')) continue;
    // The left list ends with its money: no text of its own after it before the right list's dates.
    if (left.slice(lastLeftMoney.index + 1).some((c) => c.kind !== 'empty')) continue;
    // Both lists fill their dates on most lines that have any of their amounts.
    const filled = (list: Column[], kind: Column['kind']) =>
      found.cells.filter((row) => list.some((c) => c.kind === kind && (row[c.index]?.length ?? 0) > 0)).length;
    if (filled(right, 'date') < 2 || filled(right, 'money') < 2 || filled(left, 'money') < 2) continue;
    const cut = (lastLeftMoney.x1 + second.x0) / 2;
    const half = (list: Column[], keep: (x: number) => boolean) => {
      const offset = list[0]?.index ?? 0;
      const columns = list.map((c) => ({ ...c, index: c.index - offset }));
      const lines: TokenLine[] = [];
      const cells: Token[][][] = [];
      found.lines.forEach((l, i) => {
        const row = (found.cells[i] ?? []).slice(offset, offset + list.length);
        if (!row.some((t) => t.length)) return;
        lines.push({ ...l, tokens: l.tokens.filter((t) => keep((t.x0 + t.x1) / 2)) });
        cells.push(row);
      });
      const head = header
        .map((l) => ({ ...l, tokens: l.tokens.filter((t) => keep((t.x0 + t.x1) / 2)) }))
        .filter((l) => l.tokens.length);
      return { ...found, columns, lines, cells, header: head };
    };
    return [half(left, (x) => x < cut), half(right, (x) => x >= cut)];
  }
  return [found];
}

/**
 * The page's rules that span most of the width of these columns: pieces at one height (a rule
 * cut by vertical rules or a photo's blur) count together.
 */
function rulesAcross(rules: HorizontalRule[] | undefined, columns: Column[], size: number): HorizontalRule[] {
  if (!rules?.length || !columns.length) return [];
  const x0 = (columns[0] as Column).x0;
  const x1 = (columns[columns.length - 1] as Column).x1;
  const sorted = [...rules].sort((a, b) => a.y - b.y);
  const out: HorizontalRule[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && (sorted[j] as HorizontalRule).y - (sorted[i] as HorizontalRule).y <= size * 0.5) j++;
    const pieces = sorted
      .slice(i, j)
      .map((r) => [Math.max(r.x0, x0), Math.min(r.x1, x1)] as const)
      .filter(([a, b]) => b > a)
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let reach = x0;
    for (const [a, b] of pieces) {
      covered += Math.max(0, b - Math.max(a, reach));
      reach = Math.max(reach, b);
    }
    if (covered >= (x1 - x0) * 0.6) {
      const group = sorted.slice(i, j);
      out.push({
        y: group.reduce((sum, r) => sum + r.y, 0) / group.length,
        x0: Math.min(...group.map((r) => r.x0)),
        x1: Math.max(...group.map((r) => r.x1)),
      });
    }
    i = j;
  }
  return out;
}

/**
 * The title right above a region (its header, else its first line): a short text line of its own
 * within two pitches ("DEPOSITS AND ADDITIONS", "Checks paid"), which may sign a section.
 */
function titleAbove(lines: TokenLine[], first: TokenLine | undefined, pitch: number): string | undefined {
  if (!first) return undefined;
  const at = lines.indexOf(first);
  for (let i = at - 1; i >= 0 && i >= at - 2; i--) {
    const l = lines[i] as TokenLine;
    if (first.y0 - l.y1 > pitch * 2.5) return undefined;
    const text = l.tokens.map((t) => t.text).join(' ');
    if (l.tokens.some((t) => t.kind === 'money' || t.kind === 'date')) return undefined;
    if (l.tokens.length <= 2 && text.split(/\s+/).length <= 8) return text;
  }
  return undefined;
}

function describe(r: Region): string {
  return r.columns.map((c) => `${c.kind}${c.label ? ` "${c.label}"` : ''}`).join(', ');
}

/**
 * Rows of every table: each band of lines becomes a raw row holding its cells per column (the
 * tokens of all its lines, top to bottom) and the box it covers on the page. Lines at the top of
 * a page that continue the last row of the page before join that row.
 */

import { passEnabled } from '../passes';
import type { TableScan } from '../table/index';
import type { Region, Table } from '../table/model';
import type { Token } from '../tokens/tokenise';
import { headingDirection, rowLabels } from '../vocabulary';
import { type BandModel, type Bands, labelRowsAlone, segmentRows } from './bands';

export interface RawRow {
  id: number;
  table: number;
  region: Region;
  page: number;
  /** Indexes of the region's lines in this row. */
  lines: number[];
  /** Index of the anchor line (the one with the amounts). */
  anchor: number;
  /** Tokens per column index of the region, top to bottom. */
  cells: Token[][];
  /** Box around all the row's tokens, in page units. */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** The section the row stands in: under a region's title or a heading line inside the table. */
  section: { key: string; heading: string | null };
}

export interface RowScan {
  rows: RawRow[];
  /** The band model each region was read with (for the trace). */
  models: Map<Region, BandModel>;
  /** Table lines that belong to no row: statement facts printed inside the table's frame. */
  unused: TableScan['otherLines'];
  /** Lines label-rows moved from a total's or balance's band to the row before (for the trace). */
  relabelled: { page: number; text: string }[];
  /** Regions read in the direction the table's pages before told (for the trace). */
  inherited: Region[];
  /** Table lines balance-lines or table-foot made statement facts (for the trace). */
  facts: { pass: 'balance-lines' | 'table-foot'; page: number; text: string }[];
}

/**
 * `balance-lines`: a line under a row's amounts that names a balance or a total and prints a
 * figure ("Ending balance on 01/05: $1,474.94", "CLOSING BALANCE : 5,357.19") is a statement
 * fact, not more of the row's description.
 */
function isBalanceLine(tokens: Token[], text: string): boolean {
  if (!passEnabled('balance-lines')) return false;
  if (!tokens.some((t) => t.kind === 'money' || t.alsoMoney)) return false;
  const labels = rowLabels(text);
  return labels.includes('opening') || labels.includes('closing') || labels.includes('total');
}

function boxOf(tokens: Token[]): RawRow['box'] {
  return {
    x0: Math.min(...tokens.map((t) => t.x0)),
    y0: Math.min(...tokens.map((t) => t.y0)),
    x1: Math.max(...tokens.map((t) => t.x1)),
    y1: Math.max(...tokens.map((t) => t.y1)),
  };
}

/** Text-only lines inside a region that start left of its description and name a direction: section headings. */
function headingLines(region: Region, cells: Token[][][]): Map<number, string> {
  const desc = region.columns.find((c) => c.role === 'description');
  const out = new Map<number, string>();
  if (!desc) return out;
  region.lines.forEach((line, i) => {
    const tokens = (cells[i] ?? []).flat();
    if (!tokens.length || tokens.some((t) => t.kind === 'money' || t.kind === 'date')) return;
    const first = Math.min(...tokens.map((t) => t.x0));
    if (first >= desc.x0 - region.size) return;
    const text = line.tokens.map((t) => t.text).join(' ');
    if (headingDirection(text) !== null) out.set(i, text);
  });
  return out;
}

/**
 * The direction a page's rows tell the table's next pages: hugging rows tell it, and so does a page
 * read 'below' whose rows ran on under their amounts (lines after an anchor, none before the
 * first): lines at the top of the next page continue this page's last row ("REF 99999999" of a
 * row cut by the page break).
 */
function told(found: Bands): 'allAbove' | 'below' | null {
  const ranOnBelow =
    found.model === 'below' && !found.leading.length && found.bands.some((b) => b.lines.some((i) => i > b.anchor));
  return found.direction ?? (ranOnBelow ? 'below' : null);
}

function laterDirection(regions: Region[], scan: TableScan): 'allAbove' | 'below' | null {
  for (const region of regions) {
    const direction = told(segmentRows(region, scan.cells.get(region) ?? [], null));
    if (direction) return direction;
  }
  return null;
}

export function assembleRows(scan: TableScan): RowScan {
  const rows: RawRow[] = [];
  const models = new Map<Region, BandModel>();
  const unused: TableScan['otherLines'] = [];
  const relabelled: RowScan['relabelled'] = [];
  const inherited: Region[] = [];
  const facts: RowScan['facts'] = [];
  for (const table of scan.tables) {
    let lastOfTable: RawRow | null = null;
    // Lines at the foot of a page that start the description of the next page's first row.
    let carried: { region: Region; lines: number[] } | null = null;
    let section = { key: `${table.id}`, heading: null as string | null };
    // The direction descriptions run in, as the table's pages before told it.
    let direction: 'allAbove' | 'below' | null = null;
    for (const [k, region] of table.regions.entries()) {
      const cells = scan.cells.get(region) ?? [];
      let found = segmentRows(region, cells, passEnabled('table-direction') ? direction : null);
      // The table's first page with lines both before its first amounts and after its last reads
      // 'above' or 'below' alike (a row cut by the page break either way); the table's later pages
      // are the same layout, so the first of them that tells a direction decides.
      if (k === 0 && found.model === 'above' && passEnabled('table-direction')) {
        const later = laterDirection(table.regions.slice(1), scan);
        if (later) found = { ...segmentRows(region, cells, later), inherited: true };
      }
      direction = told(found) ?? (passEnabled('table-direction') ? direction : null);
      if (found.inherited) inherited.push(region);
      for (const i of labelRowsAlone(region, cells, found))
        relabelled.push({ page: region.page, text: region.lines[i]?.tokens.map((t) => t.text).join(' ') ?? '' });
      const { leading, trailing, model } = found;
      // A region under a title of its own starts a section; one without continues the section before.
      if (region.title) section = { key: `${table.id}:${region.page}:${region.title}`, heading: region.title };
      // Heading lines inside the table ("Withdrawals and other debits") start sections and belong to no row.
      const headings = headingLines(region, cells);
      const descIndex = region.columns.findIndex((c) => c.role === 'description');
      const usedHeadings = new Set<number>();
      // `table-foot`: under the table's last row, a line set apart from it by more than the rows'
      // pitch that starts left of the descriptions with no date ("Frais sur compte: 23,00 $") is
      // printed after the table, not more of that row; so is every line after it.
      const footFrom = (band: { lines: number[]; anchor: number }): number => {
        if (!passEnabled('table-foot') || descIndex < 0) return Number.POSITIVE_INFINITY;
        const desc = region.columns[descIndex] as Region['columns'][number];
        // The closest two lines of the region stand: the spacing inside a row.
        const ys = region.lines.map((l) => l.y1);
        const spacing = Math.min(
          ...ys
            .slice(1)
            .map((y, k) => y - (ys[k] as number))
            .filter((d) => d > region.size / 2),
        );
        for (const i of band.lines) {
          if (i <= band.anchor) continue;
          const tokens = (cells[i] ?? []).flat();
          if (!tokens.length || tokens.some((t) => t.kind === 'date')) continue;
          if (Math.min(...tokens.map((t) => t.x0)) >= desc.x0 - region.size) continue;
          const above = region.lines[i - 1];
          const line = region.lines[i];
          if (above && line && line.y1 - above.y1 >= spacing * 1.1) return i;
        }
        return Number.POSITIVE_INFINITY;
      };
      const factLine = (i: number, anchor: number) => {
        if (i <= anchor) return false;
        const line = region.lines[i];
        if (!line || !isBalanceLine((cells[i] ?? []).flat(), line.tokens.map((t) => t.text).join(' '))) return false;
        unused.push({ page: region.page, line, beforeTable: table.id + 1 });
        facts.push({ pass: 'balance-lines', page: region.page, text: line.tokens.map((t) => t.text).join(' ') });
        return true;
      };
      const lastBand = found.bands[found.bands.length - 1];
      const foot =
        region === table.regions[table.regions.length - 1] && lastBand ? footFrom(lastBand) : Number.POSITIVE_INFINITY;
      for (const i of lastBand?.lines ?? [])
        if (i >= foot) {
          const line = region.lines[i];
          if (!line) continue;
          unused.push({ page: region.page, line, beforeTable: table.id + 1 });
          facts.push({ pass: 'table-foot', page: region.page, text: line.tokens.map((t) => t.text).join(' ') });
        }
      const bands = found.bands
        .map((b) => ({
          ...b,
          lines: b.lines.filter((i) => !headings.has(i) && !factLine(i, b.anchor) && !(b === lastBand && i >= foot)),
        }))
        .filter((b) => b.lines.length > 0);
      models.set(region, model);
      // Lines continuing the previous page's last row.
      if (leading.length && lastOfTable) {
        const prev: RawRow = lastOfTable;
        if (prev.region !== region) {
          for (const i of leading) {
            (cells[i] ?? []).forEach((tokens, c) => {
              // Column indexes differ between regions: match by position.
              const target = nearestColumn(prev.region, region, c);
              if (target >= 0) prev.cells[target]?.push(...tokens);
            });
          }
        }
      }
      bands.forEach((band, k) => {
        for (const [line, text] of headings) {
          if (line < (band.lines[0] as number) && !usedHeadings.has(line)) {
            usedHeadings.add(line);
            section = { key: `${table.id}:${region.page}:${line}:${text}`, heading: text };
          }
        }
        const rowCells = region.columns.map((): Token[] => []);
        for (const i of band.lines) {
          (cells[i] ?? []).forEach((tokens, c) => {
            for (const t of tokens) {
              // Text in a date column is details wrapped from the left edge ("AUTH CODE 777662"): the description's.
              const spill =
                region.columns[c]?.role === 'date' &&
                t.kind === 'text' &&
                !t.damagedDate &&
                /\p{L}{2}/u.test(t.text) &&
                descIndex >= 0;
              rowCells[spill ? descIndex : c]?.push(t);
            }
          });
        }
        const own = rowCells.flat();
        if (k === 0 && carried) {
          const from = carried;
          const moved: Token[][] = region.columns.map(() => []);
          for (const i of from.lines) {
            (scan.cells.get(from.region)?.[i] ?? []).forEach((tokens, c) => {
              const target = nearestColumn(region, from.region, c);
              if (target >= 0) moved[target]?.push(...tokens);
            });
          }
          moved.forEach((tokens, c) => {
            rowCells[c]?.unshift(...tokens);
          });
          carried = null;
        }
        if (!own.length) return;
        const row: RawRow = {
          id: rows.length,
          table: table.id,
          region,
          page: region.page,
          lines: band.lines,
          anchor: band.anchor,
          cells: rowCells,
          // The box on the row's own page (a description carried from the page before is not in it).
          box: boxOf(own),
          section,
        };
        rows.push(row);
        lastOfTable = row;
      });
      carried = trailing.length ? { region, lines: trailing } : null;
    }
  }
  return { rows, models, unused, relabelled, inherited, facts };
}

/** The column of `to` at the position of column `c` of `from`. */
function nearestColumn(to: Region, from: Region, c: number): number {
  const col = from.columns[c];
  if (!col) return -1;
  let best = -1;
  let most = 0;
  to.columns.forEach((t, i) => {
    const o = Math.min(t.x1, col.x1) - Math.max(t.x0, col.x0);
    if (o > most) {
      most = o;
      best = i;
    }
  });
  return best;
}

export type { Table };

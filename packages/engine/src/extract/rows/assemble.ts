/**
 * Rows of every table: each band of lines becomes a raw row holding its cells per column (the
 * tokens of all its lines, top to bottom) and the box it covers on the page. Lines at the top of
 * a page that continue the last row of the page before join that row.
 */

import type { TableScan } from '../table/index';
import type { Region, Table } from '../table/model';
import type { Token } from '../tokens/tokenise';
import { type BandModel, segmentRows } from './bands';

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
}

export interface RowScan {
  rows: RawRow[];
  /** The band model each region was read with (for the trace). */
  models: Map<Region, BandModel>;
}

function boxOf(tokens: Token[]): RawRow['box'] {
  return {
    x0: Math.min(...tokens.map((t) => t.x0)),
    y0: Math.min(...tokens.map((t) => t.y0)),
    x1: Math.max(...tokens.map((t) => t.x1)),
    y1: Math.max(...tokens.map((t) => t.y1)),
  };
}

export function assembleRows(scan: TableScan): RowScan {
  const rows: RawRow[] = [];
  const models = new Map<Region, BandModel>();
  for (const table of scan.tables) {
    let lastOfTable: RawRow | null = null;
    // Lines at the foot of a page that start the description of the next page's first row.
    let carried: { region: Region; lines: number[] } | null = null;
    for (const region of table.regions) {
      const cells = scan.cells.get(region) ?? [];
      const { bands, leading, trailing, model } = segmentRows(region, cells);
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
        const rowCells = region.columns.map((_, c) => band.lines.flatMap((i) => cells[i]?.[c] ?? []));
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
        };
        rows.push(row);
        lastOfTable = row;
      });
      carried = trailing.length ? { region, lines: trailing } : null;
    }
  }
  return { rows, models };
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

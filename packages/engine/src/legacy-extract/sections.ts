/**
 * Sectioned statements (common in the US) list deposits, checks, card withdrawals and fees
 * in separate tables, each under a heading, with every amount printed unsigned: the
 * heading gives the sign. A table without a heading of its own (a section continued on
 * the next page under a repeated header) keeps the direction of the table before it.
 */
import { parseAmount } from '../values/amount';
import type { FactLine } from './facts';
import { type Direction, headingDirection } from './header';
import type { TableModel } from './rows';
import { isFooterText } from './rows';

export type { Direction } from './header';

/** Per table id: the sign its heading gives unsigned amounts. */
export function sectionDirections(tables: TableModel[], otherLines: FactLine[]): Map<number, Direction> {
  const out = new Map<number, Direction>();
  let prev: { dir: Direction | null; roles: string; page: number | undefined } | null = null;
  for (const table of tables) {
    const roles = table.columns.map((c) => c.role).join(',');
    let dir: Direction | null = null;
    let seen = 0;
    // The nearest few lines above the header on its page, skipping value lines (summary boxes).
    const before = otherLines.filter(
      (l) => l.beforeTable === table.id && l.page === table.page && l.line.y1 <= (table.headerY ?? 0),
    );
    for (let k = before.length - 1; k >= 0 && seen < 3; k--) {
      const text = (before[k] as FactLine).line.runs.map((r) => r.text).join(' ');
      if (isFooterText(text)) continue;
      seen++;
      if ((before[k] as FactLine).line.runs.some((r) => parseAmount(r.text) || parseAmount(r.text, ','))) continue;
      dir = headingDirection(text);
      if (dir) break;
    }
    // The same columns again on a later page without a heading: the section continues.
    if (!dir && prev && prev.roles === roles && prev.page !== table.page) dir = prev.dir;
    if (dir) out.set(table.id, dir);
    prev = { dir, roles, page: table.page };
  }
  return out;
}

/**
 * Sectioned statements (common in the US) list deposits, checks, card withdrawals and fees
 * in separate tables, each under a heading, with every amount printed unsigned: the
 * heading gives the sign. A table without a heading of its own (a section continued on
 * the next page under a repeated header) keeps the direction of the table before it.
 */
import { parseAmount } from '../values/amount';
import type { FactLine } from './facts';
import type { TableModel } from './rows';
import { isFooterText } from './rows';

export type Direction = 1 | -1;

// "Payments" is left out: on a card account payments are credits, on a bank account debits.
const CREDIT_RE =
  /\b(deposits?|additions?|credits?|receipts?|incoming|money in|paid in|interest (paid|earned|credited)|dividends?|refunds?|einzahlungen|gutschriften|eingänge|versements|crédits|credits|dépôts|ingresos|abonos|depósitos|depositos|entradas|créditos|creditos|accrediti|entrate|versamenti|bijschrijvingen|ontvangsten)\b/i;
const DEBIT_RE =
  /\b(withdrawals?|subtractions?|debits?|checks?|cheques?|purchases?|fees?|charges?|atm|debit card|outgoing|money out|paid out|auszahlungen|lastschriften|belastungen|abbuchungen|ausgänge|retraits|débits|prélèvements|prelevements|frais|cargos|retiros|comisiones|débitos|debitos|saques|tarifas|addebiti|uscite|prelievi|commissioni|afschrijvingen|kosten)\b/i;

/** The direction a heading names, or null (no direction word, or words of both kinds). */
export function headingDirection(text: string): Direction | null {
  const t = text.trim();
  // Headings are short labels, not sentences or value lines.
  if (!t || t.split(/\s+/).length > 8 || /\d[.,]\d\d\b/.test(t)) return null;
  const credit = CREDIT_RE.test(t);
  const debit = DEBIT_RE.test(t);
  if (credit === debit) return null;
  return credit ? 1 : -1;
}

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

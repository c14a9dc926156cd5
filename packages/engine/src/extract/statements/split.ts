/**
 * Statements, not pages: a document may hold several accounts, each its own statement (SCHEMA's
 * array). A table region starts a new statement when the lines between it and the region before
 * name a different account number than the statement so far (the second account of a
 * two-account PDF, under the same column header).
 *
 * Evidence: account numbers printed between regions (not header words).
 */
import { findAccountNumber } from '../facts/account';
import type { TableScan } from '../table/index';
import type { Region } from '../table/model';
import type { TokenLine } from '../tokens/tokenise';

export interface StatementPart {
  regions: Region[];
  /** Lines outside the tables that belong to this statement (its header, summary, furniture). */
  lines: TokenLine[];
  account: string | null;
  /** Every account number the statement's lines name (an account, its IBAN, its card number). */
  accounts: Set<string>;
}

/** An account number's letters and digits, masks kept as '*' ("5897 **** **** 3453" -> "5897********3453"). */
const keyOf = (a: string) =>
  a
    .replace(/[•·]/g, '*')
    .replace(/[^0-9A-Za-z*]/g, '')
    .toUpperCase();

/**
 * Whether an account number names one the statement named already: the same last four digits, or
 * one holding the other (an IBAN holds its account number; a number wrapped onto a second line
 * reads as its first part, "5897 **** ****" of "5897 **** **** 3453").
 */
const lastFour = (k: string) => (/\d{4}$/.test(k) ? k.slice(-4) : null);
const unmasked = (k: string) => k.replace(/\*/g, '');

function known(accounts: Set<string>, account: string): boolean {
  const a = keyOf(account);
  const four = lastFour(a);
  for (const b of accounts) {
    if (four !== null && four === lastFour(b)) return true;
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    if (unmasked(short).length >= 8 && unmasked(long).includes(unmasked(short))) return true;
    // Cut after its masked middle: the visible start of the other.
    if (short.endsWith('*') && /^\d{4}/.test(short) && long.startsWith(short)) return true;
  }
  return false;
}

export function splitStatements(scan: TableScan): StatementPart[] {
  const regions = scan.tables.flatMap((t) => t.regions);
  // Lines outside tables, in document order, with the index of the next region after them.
  const order = new Map<TokenLine, number>();
  let k = 0;
  for (const { lines } of scan.pages) for (const l of lines) order.set(l, k++);
  const firstLine = (r: Region) => order.get(r.header[0] ?? (r.lines[0] as TokenLine)) ?? 0;
  const other = scan.otherLines.map((o) => o.line);
  const parts: StatementPart[] = [];
  let current: StatementPart | null = null;
  let prevEnd = -1;
  regions.forEach((region, i) => {
    const start = firstLine(region);
    const between = other.filter((l) => {
      const at = order.get(l) ?? 0;
      return at > prevEnd && at < start;
    });
    // The account named nearest above the region.
    let account: string | null = null;
    let accountAt = -1;
    for (let j = between.length - 1; j >= 0 && !account; j--) {
      account = findAccountNumber([between[j] as TokenLine]);
      if (account) accountAt = j;
    }
    // A number the statement has named already (page headers repeat it) continues it.
    if (!current || (account && current.accounts.size && !known(current.accounts, account))) {
      // Lines before the new account's line (a summary printed after the last table) stay with the statement before.
      if (current) current.lines.push(...between.slice(0, accountAt));
      current = { regions: [], lines: current ? between.slice(accountAt) : [...between], account, accounts: new Set() };
      parts.push(current);
      for (const l of current.lines) {
        const a = findAccountNumber([l]);
        if (a) current.accounts.add(keyOf(a));
      }
    } else current.lines.push(...between);
    if (account) current.accounts.add(keyOf(account));
    current.account ??= account;
    current.regions.push(region);
    const last = region.lines[region.lines.length - 1] as TokenLine;
    prevEnd = order.get(last) ?? start;
    if (i === regions.length - 1) {
      // Lines after the last table (closing summaries) belong to the last statement.
      current.lines.push(...other.filter((l) => (order.get(l) ?? 0) > prevEnd));
    }
  });
  return parts;
}

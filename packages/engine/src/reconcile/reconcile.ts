/**
 * Reconciliation: every printed running balance (previous + amount = balance) and
 * opening + sum = closing. All arithmetic in integer cents.
 */
import type { Reconciliation, ReconciliationMismatch } from '@statemint/shared';

export interface LedgerRow {
  /** Signed amount in cents; null when the sign is not known yet. */
  cents: number;
  /** Absolute amount, for sign recovery. */
  abs: number;
  signKnown: boolean;
  balance: number | null;
}

interface Stretch {
  /** Indexes of the rows between two printed balances. */
  rows: number[];
  /** The balance before them (the opening for the first stretch), null where unknown. */
  from: number | null;
  /** The printed balance that ends them. */
  to: number;
}

/**
 * The stretches of rows between printed balances, in order. With `closing`, the rows after
 * the last printed balance form a stretch ending at it. Bounds come from printed balances
 * only, so callers may change amounts inside a stretch while iterating.
 */
function* stretches(rows: LedgerRow[], opening: number | null, closing: number | null = null): Generator<Stretch> {
  let from = opening;
  let segment: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    segment.push(i);
    const to = (rows[i] as LedgerRow).balance;
    if (to === null) continue;
    yield { rows: segment, from, to };
    from = to;
    segment = [];
  }
  if (segment.length && closing !== null) yield { rows: segment, from, to: closing };
}

/** What a stretch is off by: its end balance against its start plus its rows' amounts. */
function offBy(rows: LedgerRow[], s: Stretch & { from: number }): number {
  return s.to - s.from - s.rows.reduce((sum, k) => sum + (rows[k] as LedgerRow).cents, 0);
}

const known = (s: Stretch): s is Stretch & { from: number } => s.from !== null;

/**
 * Decides unknown signs from the running balances: between two printed balances the
 * unknown rows must make up the difference (a small subset-sum search).
 */
export function recoverSigns(rows: LedgerRow[], opening: number | null): void {
  for (const s of stretches(rows, opening)) if (known(s)) solveSegment(rows, s.rows, s.to - s.from);
}

function solveSegment(rows: LedgerRow[], idx: number[], delta: number): void {
  const unknown = idx.filter((i) => !(rows[i] as LedgerRow).signKnown);
  if (!unknown.length || unknown.length > 16) return;
  const known = idx
    .filter((i) => (rows[i] as LedgerRow).signKnown)
    .reduce((s, i) => s + (rows[i] as LedgerRow).cents, 0);
  const target = delta - known;
  let found = -1;
  for (let mask = 0; mask < 1 << unknown.length; mask++) {
    let sum = 0;
    unknown.forEach((i, k) => {
      const abs = (rows[i] as LedgerRow).abs;
      sum += mask & (1 << k) ? abs : -abs;
    });
    if (sum === target) {
      if (found !== -1) return; // ambiguous: leave as it is
      found = mask;
    }
  }
  if (found === -1) return;
  unknown.forEach((i, k) => {
    const row = rows[i] as LedgerRow;
    row.cents = found & (1 << k) ? row.abs : -row.abs;
    row.signKnown = true;
  });
}

/**
 * Where a stretch between two printed balances is off by exactly twice one row's amount,
 * that row's sign was read wrong (e.g. an amount under the wrong column): flip it.
 * Only unique fixes are applied. Returns the indexes flipped.
 */
export function fixSingleSignErrors(rows: LedgerRow[], opening: number | null): number[] {
  const flipped: number[] = [];
  for (const s of stretches(rows, opening)) {
    if (!known(s)) continue;
    const diff = offBy(rows, s);
    if (diff === 0) continue;
    const candidates = s.rows.filter((k) => (rows[k] as LedgerRow).cents * -2 === diff);
    if (candidates.length !== 1) continue;
    const k = candidates[0] as number;
    (rows[k] as LedgerRow).cents *= -1;
    flipped.push(k);
  }
  return flipped;
}

export function reconcile(rows: LedgerRow[], opening: number | null, closing: number | null): Reconciliation {
  const mismatches: ReconciliationMismatch[] = [];
  let checks = 0;
  let running = opening;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as LedgerRow;
    if (running !== null) running += row.cents;
    if (row.balance !== null) {
      if (running !== null) {
        checks++;
        if (running !== row.balance) mismatches.push({ row: i, expected: running / 100, printed: row.balance / 100 });
      }
      running = row.balance;
    }
  }
  if (opening !== null && closing !== null) {
    checks++;
    const total = opening + rows.reduce((s, r) => s + r.cents, 0);
    if (total !== closing) mismatches.push({ row: -1, expected: total / 100, printed: closing / 100 });
  }
  return { status: checks === 0 ? 'unknown' : mismatches.length ? 'unbalanced' : 'balanced', mismatches };
}

/**
 * OCR only: a row whose amount could not be read (`missing`) takes the amount the balances
 * prove, where it is the only such row of its stretch between two printed balances (the first
 * stretch needs a printed opening balance, the last one a printed closing balance) and every
 * other row of the stretch has a known sign.
 * Returns the indexes restored; rows still missing are the caller's to drop.
 */
export function restoreAmountsByBalance(
  rows: (LedgerRow & { missing?: boolean })[],
  opening: number | null,
  closing: number | null = null,
): number[] {
  const restored: number[] = [];
  for (const s of stretches(rows, opening, closing)) {
    const missing = s.rows.filter((k) => rows[k]?.missing);
    if (!known(s) || missing.length !== 1 || !s.rows.every((k) => rows[k]?.missing || rows[k]?.signKnown)) continue;
    // A missing row holds 0 cents until restored, so the stretch is off by exactly its amount.
    const diff = offBy(rows, s);
    if (diff === 0) continue;
    const r = rows[missing[0] as number] as LedgerRow & { missing?: boolean };
    r.cents = diff;
    r.abs = Math.abs(diff);
    r.signKnown = true;
    r.missing = false;
    restored.push(missing[0] as number);
  }
  return restored;
}

/**
 * OCR only: a printed balance read with one digit wrong puts the stretch before it off by some
 * amount and the stretch after it off by exactly the opposite. That balance is corrected (rather
 * than an amount on either side "repaired" to fit it). Returns the indexes whose balance changed.
 */
export function repairBalancesByNeighbours(rows: (LedgerRow & { ocr?: boolean })[], opening: number | null): number[] {
  const withBalance = rows.flatMap((r, i) => (r.balance === null ? [] : [i]));
  const fixed: number[] = [];
  const stretchSum = (from: number, to: number) => rows.slice(from, to + 1).reduce((s, r) => s + r.cents, 0);
  for (let n = 0; n + 1 < withBalance.length; n++) {
    const i = withBalance[n] as number;
    const next = withBalance[n + 1] as number;
    const prevIndex = n > 0 ? (withBalance[n - 1] as number) : -1;
    const prev = prevIndex >= 0 ? (rows[prevIndex] as LedgerRow).balance : opening;
    const row = rows[i] as LedgerRow & { ocr?: boolean };
    if (prev === null || row.balance === null || !row.ocr) continue;
    const before = row.balance - prev - stretchSum(prevIndex + 1, i);
    if (before === 0) continue;
    const after = ((rows[next] as LedgerRow).balance as number) - row.balance - stretchSum(i + 1, next);
    const truth = row.balance - before;
    if (after !== -before || !oneDigitApart(Math.abs(row.balance), Math.abs(truth))) continue;
    row.balance = truth;
    fixed.push(i);
  }
  return fixed;
}

function oneDigitApart(a: number, b: number): boolean {
  const x = String(a);
  const y = String(b);
  if (x.length !== y.length) return false;
  let diffs = 0;
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) diffs++;
  return diffs === 1;
}

/**
 * OCR only: where a stretch between two printed balances is off and exactly one of its
 * rows was read with a near-miss amount (one digit confused, or a "$" read as a leading
 * 5 or 8), that row takes the amount the balances prove. Returns the indexes changed.
 */
export function repairAmountsByBalance(rows: (LedgerRow & { ocr?: boolean })[], opening: number | null): number[] {
  const fixed: number[] = [];
  for (const s of stretches(rows, opening)) {
    if (!known(s)) continue;
    const diff = offBy(rows, s);
    if (diff === 0) continue;
    const candidates = s.rows.filter((k) => {
      const r = rows[k] as LedgerRow & { ocr?: boolean };
      const want = r.cents + diff;
      return (
        r.ocr &&
        Math.sign(want) === Math.sign(r.cents) &&
        nearMiss(Math.abs(r.cents), Math.abs(want), s.rows.length === 1)
      );
    });
    if (candidates.length !== 1) continue;
    const k = candidates[0] as number;
    const r = rows[k] as LedgerRow;
    r.cents += diff;
    r.abs = Math.abs(r.cents);
    fixed.push(k);
  }
  return fixed;
}

/**
 * A "$" read as a leading 5 or 8 is a near miss anywhere; one confused digit only where the
 * stretch has that single row (with several rows, another misread could be the cause).
 */
function nearMiss(read: number, truth: number, alone: boolean): boolean {
  const a = String(read);
  const b = String(truth);
  if (a.length === b.length + 1 && /^[58]/.test(a) && a.slice(1) === b) return true;
  return alone && oneDigitApart(read, truth);
}

/**
 * Rows whose sign nothing on the row tells: each takes its section's default sign (a
 * heading's, else the document's). Where the printed opening and closing disagree with that,
 * the one assignment of a sign per section (table, or heading inside a table) that makes
 * opening + sum = closing is used instead.
 */
export function signUnknownByTable<R extends LedgerRow & { group: string }>(
  rows: R[],
  defaultSign: (row: R) => 1 | -1,
  opening: number | null,
  closing: number | null,
): void {
  const unknown = rows.filter((r) => !r.signKnown);
  for (const r of unknown) r.cents = defaultSign(r) * r.abs;
  if (!unknown.length || opening === null || closing === null) return;
  if (opening + rows.reduce((s, r) => s + r.cents, 0) === closing) return;
  const groups = [...new Set(unknown.map((r) => r.group))];
  if (groups.length > 12) return;
  const known = rows.filter((r) => r.signKnown).reduce((s, r) => s + r.cents, 0);
  const sums = groups.map((g) => unknown.filter((r) => r.group === g).reduce((s, r) => s + r.abs, 0));
  let found = -1;
  for (let mask = 0; mask < 1 << groups.length; mask++) {
    const sum = sums.reduce((s, v, k) => s + (mask & (1 << k) ? v : -v), known);
    if (opening + sum !== closing) continue;
    if (found !== -1) return; // ambiguous: keep the defaults
    found = mask;
  }
  if (found === -1) return;
  for (const r of unknown) r.cents = found & (1 << groups.indexOf(r.group)) ? r.abs : -r.abs;
}

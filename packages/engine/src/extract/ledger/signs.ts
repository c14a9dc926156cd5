/**
 * Signs of amounts nothing on their row signs:
 *
 * - `bare-sides`: a column that marks one side with a word ("300.00 Cr", "8,431.84" bare beside
 *   "583.65 Cr") prints the other side bare: its unmarked figures, balances too, are of that side
 *   (an overdrawn balance printed without "Cr");
 * - `signs-from-balances`: between two printed balances, the one assignment of signs to the
 *   unsigned amounts that makes them add up;
 * - `sign-flips`: a stretch between two printed balances off by exactly twice one row's amount
 *   has that row's sign wrong (an amount under the wrong column): it is flipped;
 * - `default-signs`: what is still unknown takes the table's convention: in a column that marks
 *   its debits (-, DR, parentheses) an unmarked amount is a credit, else a debit.
 */
import type { Draft, DraftRow } from '../draft';
import { passEnabled } from '../passes';
import { headingDirection } from '../vocabulary';
import { reconcile } from './reconcile';
import { stretches } from './stretches';

export function signsFromBalances(draft: Draft): void {
  const rows = draft.rows;
  for (const s of stretches(rows, draft.opening?.cents ?? draft.labelledOpening)) {
    if (s.from === null) continue;
    const unknown = s.rows.filter((r) => !r.signKnown && r.cents !== null);
    if (!unknown.length || unknown.length > 16) continue;
    const known = s.rows.filter((r) => r.signKnown).reduce((sum, r) => sum + (r.cents ?? 0), 0);
    const target = s.to - s.from - known;
    let found = -1;
    for (let mask = 0; mask < 1 << unknown.length; mask++) {
      let sum = 0;
      unknown.forEach((r, k) => {
        const abs = Math.abs(r.cents ?? 0);
        sum += mask & (1 << k) ? abs : -abs;
      });
      if (sum !== target) continue;
      if (found !== -1) {
        found = -2;
        break;
      }
      found = mask;
    }
    if (found < 0) continue;
    unknown.forEach((r, k) => {
      const abs = Math.abs(r.cents ?? 0);
      r.cents = found & (1 << k) ? abs : -abs;
      r.signKnown = true;
      draft.trace.change(
        'signs-from-balances',
        r.id,
        'amount',
        null,
        r.cents / 100,
        'the running balances need this sign',
      );
    });
  }
}

export function signFlips(draft: Draft): void {
  for (const s of stretches(draft.rows, draft.opening?.cents ?? draft.labelledOpening)) {
    if (s.from === null) continue;
    const diff = s.to - s.from - s.rows.reduce((sum, r) => sum + (r.cents ?? 0), 0);
    if (diff === 0) continue;
    const candidates = s.rows.filter((r) => (r.cents ?? 0) * -2 === diff);
    if (candidates.length !== 1) continue;
    const r = candidates[0] as DraftRow;
    const from = (r.cents ?? 0) / 100;
    r.cents = -(r.cents ?? 0);
    r.corrected = true;
    draft.trace.change('sign-flips', r.id, 'amount', from, r.cents / 100, 'the balances around it need the other sign');
    draft.issues.push({
      code: 'SIGN_CORRECTED',
      message: 'The sign of this row was corrected from the running balance.',
      row: r.id,
    });
  }
}

/**
 * `section-signs`: unsigned amounts take the sign of their section. Where the statement prints its
 * opening and closing, the one assignment of a sign per section that makes opening + amounts =
 * closing decides; else a section heading's words ("Deposits", "Checks paid") do.
 */
export function sectionSigns(draft: Draft): void {
  const unknown = draft.rows.filter((r) => r.kind === 'transaction' && !r.signKnown && r.cents !== null);
  if (!unknown.length) return;
  const keys = [...new Set(unknown.map((r) => r.raw.section.key))];
  const abs = keys.map((k) =>
    unknown.filter((r) => r.raw.section.key === k).reduce((s, r) => s + Math.abs(r.cents ?? 0), 0),
  );
  const o = draft.opening?.cents ?? draft.labelledOpening;
  const c = draft.closing?.cents ?? draft.labelledClosing;
  const apply = (key: string, sign: 1 | -1, why: string) => {
    for (const r of unknown) {
      if (r.raw.section.key !== key) continue;
      r.cents = sign * Math.abs(r.cents ?? 0);
      r.signKnown = true;
      draft.trace.change('section-signs', r.id, 'amount', null, r.cents / 100, why);
    }
  };
  if (o !== null && c !== null && keys.length <= 12) {
    const known = draft.rows
      .filter((r) => r.kind === 'transaction' && r.signKnown)
      .reduce((s, r) => s + (r.cents ?? 0), 0);
    let found = -1;
    for (let mask = 0; mask < 1 << keys.length; mask++) {
      const sum = abs.reduce((s, v, k) => s + (mask & (1 << k) ? v : -v), known);
      if (o + sum !== c) continue;
      if (found !== -1) {
        found = -2;
        break;
      }
      found = mask;
    }
    if (found >= 0) {
      keys.forEach((k, i) => {
        apply(k, found & (1 << i) ? 1 : -1, 'opening + amounts = closing needs this sign for the section');
      });
      return;
    }
  }
  // A minus printed under a heading of credits ("Payments, Credits and Adjustments": a card's
  // view) marks the table's credits: those rows are credits, and its bare amounts the debits.
  if (minusMarksCredits(draft))
    for (const r of draft.rows) {
      if (r.kind !== 'transaction' || r.cents === null || r.cents >= 0 || !minusMarked(r)) continue;
      r.cents = -r.cents;
      draft.trace.change(
        'section-signs',
        r.id,
        'amount',
        -r.cents / 100,
        r.cents / 100,
        'the minus marks credits: rows under a heading of credits print it',
      );
    }
  for (const k of keys) {
    const heading = unknown.find((r) => r.raw.section.key === k)?.raw.section.heading ?? null;
    const dir = heading ? headingDirection(heading) : null;
    if (dir) apply(k, dir, `the section heading "${heading}"`);
  }
}

const minusMarked = (r: DraftRow) => [...r.money.values()].some((c) => c.mark === 'minus');

/**
 * Whether the table's minus marks its credits: rows printing one stand under headings that name
 * credits, and none under a heading that names debits.
 */
function minusMarksCredits(draft: Draft): boolean {
  if (!passEnabled('section-signs')) return false;
  let credits = 0;
  let debits = 0;
  for (const r of draft.rows) {
    if (r.kind !== 'transaction' || !minusMarked(r) || !r.raw.section.heading) continue;
    const dir = headingDirection(r.raw.section.heading);
    if (dir === 1) credits++;
    else if (dir === -1) debits++;
  }
  return credits > 0 && debits === 0;
}

export function defaultSigns(draft: Draft): void {
  const unknown = draft.rows.filter((r) => r.kind === 'transaction' && !r.signKnown && r.cents !== null);
  if (!unknown.length) return;
  const marksDebits = draft.rows.some((r) =>
    [...r.money.values()].some((c) => c.mark === 'minus' || c.mark === 'debit'),
  );
  const sign = draft.card || minusMarksCredits(draft) ? -1 : marksDebits ? 1 : -1;
  // Opening + sum = closing may say the whole table runs the other way.
  const o = draft.opening?.cents ?? draft.labelledOpening;
  const c = draft.closing?.cents ?? draft.labelledClosing;
  let chosen = sign;
  if (o !== null && c !== null) {
    const known = draft.rows
      .filter((r) => r.kind === 'transaction' && r.signKnown)
      .reduce((s, r) => s + (r.cents ?? 0), 0);
    const abs = unknown.reduce((s, r) => s + Math.abs(r.cents ?? 0), 0);
    if (o + known + sign * abs !== c && o + known - sign * abs === c) chosen = -sign;
  }
  for (const r of unknown) {
    r.cents = chosen * Math.abs(r.cents ?? 0);
    r.signKnown = true;
    draft.trace.change(
      'default-signs',
      r.id,
      'amount',
      null,
      r.cents / 100,
      chosen === sign ? "the table's sign convention" : 'opening + amounts = closing needs this sign',
    );
  }
}

/**
 * `sign-convention`: the statement's sign conventions as a whole, judged by its own arithmetic. A
 * card statement may print the holder's view (purchases with a minus, payments plain) or the
 * bank's (purchases plain, payments with a minus or CR), and its balances as owed or as amounts;
 * a deposit account's export may print either as well. Where the rows as read do not reconcile,
 * the readings with every amount, or the opening or closing balance, the other way round are
 * tried; the one that passes every check (each printed running balance, opening + amounts =
 * closing) is the statement's: the amounts alone, else the only other one.
 */
export function signConvention(draft: Draft): void {
  const tx = draft.rows.filter((r) => r.kind === 'transaction' && r.cents !== null);
  if (tx.length < 2 || tx.every((r) => r.cents === 0)) return;
  const asRead = reconcile(draft, () => -1);
  if (asRead.status !== 'unbalanced') return;
  const { opening, closing } = draft;
  type Flip = { amounts: boolean; opening: boolean; closing: boolean };
  const apply = (f: Flip) => {
    if (f.amounts) for (const r of tx) r.cents = -(r.cents as number);
    if (f.opening && opening) draft.opening = { ...opening, cents: -opening.cents };
    if (f.closing && closing) draft.closing = { ...closing, cents: -closing.cents };
  };
  const undo = (f: Flip) => {
    if (f.amounts) for (const r of tx) r.cents = -(r.cents as number);
    draft.opening = opening;
    draft.closing = closing;
  };
  const flips: Flip[] = [];
  for (const amounts of [false, true])
    for (const o of opening?.cents ? [false, true] : [false])
      for (const c of closing?.cents ? [false, true] : [false])
        if (amounts || o || c) flips.push({ amounts, opening: o, closing: c });
  const fitting = flips.filter((f) => {
    apply(f);
    const ok = reconcile(draft, () => -1).status === 'balanced';
    undo(f);
    return ok;
  });
  // Every reading has its mirror (all signs the other way) that checks as well: the amounts turned
  // alone come first, as the balances' signs are read with their labels (owed, overdrawn).
  const amountsOnly = fitting.find((f) => f.amounts && !f.opening && !f.closing);
  if (!amountsOnly && fitting.length !== 1) return;
  const f = amountsOnly ?? (fitting[0] as Flip);
  apply(f);
  const why = `as read, ${asRead.mismatches.length} balance checks fail; this way round every one passes`;
  if (f.amounts)
    for (const r of tx)
      draft.trace.change('sign-convention', r.id, 'amount', -(r.cents as number) / 100, (r.cents as number) / 100, why);
  if (f.opening && opening)
    draft.trace.note('sign-convention', 'openingBalance', opening.cents / 100, -opening.cents / 100, why);
  if (f.closing && closing)
    draft.trace.note('sign-convention', 'closingBalance', closing.cents / 100, -closing.cents / 100, why);
}

export function bareSides(draft: Draft): void {
  for (const key of draft.keys) {
    // Rows that name a balance or a total may print a mark of the balance's side in an amount
    // column ("BALANCE C/F  $3,673.68 Cr" under "Paid in"): the transactions' figures decide.
    const cells = draft.rows.flatMap((r) => {
      const c = r.labels.length ? undefined : r.money.get(key);
      return c ? [c] : [];
    });
    const marks = new Set(cells.map((c) => c.mark));
    // Word marks of one side only, some figures bare, no sign characters.
    if (marks.has('minus') || marks.has('plus') || !marks.has(null)) continue;
    const side =
      marks.has('credit') && !marks.has('debit')
        ? 'debit'
        : marks.has('debit') && !marks.has('credit')
          ? 'credit'
          : null;
    if (!side) continue;
    // The marks are the column's own only where they are more than a stray few.
    const marked = cells.filter((c) => c.mark !== null).length;
    if (marked < 2) continue;
    let n = 0;
    for (const c of cells)
      if (c.mark === null && c.cents !== 0) {
        c.mark = side;
        n++;
      }
    if (n)
      draft.trace.note(
        'bare-sides',
        'column',
        key,
        side,
        `${marked} figures of the column are marked ${side === 'debit' ? 'credit' : 'debit'}; its ${n} bare ones are ${side}s`,
      );
  }
}

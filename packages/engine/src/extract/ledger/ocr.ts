/**
 * Repairs for values OCR misread, each proved by the running balances (OCR rows only):
 *
 * - `ocr-missing-amounts`: a dated row whose amount could not be read takes the amount its
 *   balances prove, where it is the only unknown of its stretch between two printed balances;
 *   else it is dropped and the statement says so;
 * - `ocr-balance-repair`: a printed balance read with one digit wrong, one too many or one lost,
 *   or with its sign alone wrong (a speck read as a minus),
 *   puts the stretch before it off by some amount and the stretch after it off by exactly the
 *   opposite: the balance is corrected (rather than the amounts around it);
 * - `ocr-amount-repair`: where a stretch is off and exactly one of its amounts is a near miss of
 *   what the balances need (a currency sign read as a leading digit, a side mark after the cents as
 *   a trailing one; one digit, where the row is alone; one digit read as one of like shape, 3 as
 *   8, among several rows), it
 *   takes the proved amount; where none is, the one set of rows whose first digit dropped (the
 *   same digit each: one glyph misread alike) makes the stretch add up;
 * - `ocr-opening`: a printed opening one character from what the first running balances prove;
 * - `ocr-closing`: a printed closing balance one character from the last running balance, where
 *   everything adds up to that balance, was misread;
 * - `ocr-labelled-balances`: a summary's opening or closing that is the table's own balance row
 *   with one leading digit more ('$81,254.53' beside 'Balance on 16/12 1,254.53': 'S$' misread) is
 *   that row's figure;
 * - `ocr-missing-balances`: a running balance OCR damaged past reading ('9.415441A', '29.744 73A')
 *   is the previous balance plus the row's amount, where the next printed balance (or the
 *   closing) agrees with it to the cent.
 */
import { type Draft, type DraftRow, ledgerPlaces } from '../draft';
import { stretches } from './stretches';

const ocr = (r: DraftRow) => r.confidence !== null;

export function ocrMissingAmounts(draft: Draft): void {
  const opening = draft.opening?.cents ?? null;
  const closing = draft.closing?.cents ?? null;
  for (const s of stretches(draft.rows, opening, closing)) {
    if (s.from === null) continue;
    const missing = s.rows.filter((r) => r.missing);
    if (missing.length !== 1 || !s.rows.every((r) => r.missing || r.signKnown)) continue;
    const diff = s.to - s.from - s.rows.reduce((sum, r) => sum + (r.cents ?? 0), 0);
    if (diff === 0) continue;
    const r = missing[0] as DraftRow;
    r.cents = diff;
    r.signKnown = true;
    r.missing = false;
    r.corrected = true;
    draft.trace.change(
      'ocr-missing-amounts',
      r.id,
      'amount',
      null,
      diff / 100,
      'the only unreadable amount between two printed balances',
    );
    draft.issues.push({
      code: 'AMOUNT_FROM_BALANCE',
      message: 'This amount could not be read; it was taken from the running balance.',
      row: r.id,
    });
  }
  let dropped = 0;
  for (const r of draft.rows) {
    if (!r.missing) continue;
    r.kind = 'none';
    r.missing = false;
    dropped++;
    draft.trace.change(
      'ocr-missing-amounts',
      r.id,
      'kind',
      'transaction',
      'none',
      'its amount is unreadable and the balances do not prove it',
    );
  }
  if (dropped)
    draft.issues.push({
      code: 'ROWS_WITHOUT_AMOUNT',
      message: `${dropped} table rows had no readable amount and were skipped.`,
    });
}

export function ocrBalanceRepair(draft: Draft): void {
  const rows = draft.rows.filter((r) => r.kind === 'transaction' || r.kind === 'balance');
  const withBalance = rows.flatMap((r, i) => (r.balance === null ? [] : [i]));
  const sum = (from: number, to: number) =>
    rows.slice(from, to + 1).reduce((s, r) => s + (r.kind === 'transaction' ? (r.cents ?? 0) : 0), 0);
  for (let n = 0; n + 1 < withBalance.length; n++) {
    const i = withBalance[n] as number;
    const next = withBalance[n + 1] as number;
    const prevIndex = n > 0 ? (withBalance[n - 1] as number) : -1;
    const prev = prevIndex >= 0 ? (rows[prevIndex] as DraftRow).balance : (draft.opening?.cents ?? null);
    const row = rows[i] as DraftRow;
    if (prev === null || row.balance === null || !ocr(row)) continue;
    const before = row.balance - prev - sum(prevIndex + 1, i);
    if (before === 0) continue;
    const after = ((rows[next] as DraftRow).balance as number) - row.balance - sum(i + 1, next);
    const truth = row.balance - before;
    // One digit misread, or one read too many or lost ('1484,30' for 484,30: a shaded row's edge),
    // or its sign alone (a speck read as a minus, a minus lost).
    const near = oneEditApart(String(Math.abs(row.balance)), String(Math.abs(truth))) || row.balance === -truth;
    if (after !== -before || !near) continue;
    draft.trace.change(
      'ocr-balance-repair',
      row.id,
      'balance',
      row.balance / 100,
      truth / 100,
      'the balances before and after it agree on this value',
    );
    row.balance = truth;
    row.corrected = true;
    draft.issues.push({
      code: 'BALANCE_CORRECTED',
      message: 'This balance was re-read from the rows around it.',
      row: row.id,
    });
  }
}

/**
 * A currency sign read as a leading digit anywhere ("$" as 5 or 8, "₹" as 3 or 2: the rest is
 * exactly what the balances need), or a side mark after the cents read as a trailing one ("37,84 D"
 * as "37840", whose decimal mark ocr-cells then put before the last two digits); one digit
 * confused, lost or doubled only where the row is alone in its stretch.
 */
function nearMiss(read: number, truth: number, alone: boolean, few: boolean): boolean {
  const a = String(read);
  const b = String(truth);
  if (a.length === b.length + 1 && (a.slice(1) === b || a.slice(0, -1) === b)) return true;
  // Alone between two printed balances, the amount is proved to the cent: one digit misread,
  // lost or doubled ('-1,45' for -11,45) is repaired.
  if (alone) return oneEditApart(a, b);
  // Among a few rows (a day's, not a statement's without running balances, where a row lost
  // would be as likely), the one amount whose one digit misread as a digit of like shape ('5.58'
  // for 5.53: a 3 closed into an 8) gives what the balances need.
  return few && lookAlike(a, b);
}

/** Digits OCR takes for each other: their glyphs differ by a stroke or a gap. */
const LOOK_ALIKE = new Set(['38', '83', '56', '65', '68', '86', '08', '80', '17', '71', '89', '98', '06', '60']);

/** The same figure but for one digit read as one of like shape. */
function lookAlike(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (diff >= 0) return false;
    diff = i;
  }
  return diff >= 0 && LOOK_ALIKE.has(`${a[diff]}${b[diff]}`);
}

export function ocrAmountRepair(draft: Draft): void {
  for (const s of stretches(draft.rows, draft.opening?.cents ?? null)) {
    if (s.from === null) continue;
    const diff = s.to - s.from - s.rows.reduce((sum, r) => sum + (r.cents ?? 0), 0);
    if (diff === 0) continue;
    const candidates = s.rows.filter((r) => {
      const want = (r.cents ?? 0) + diff;
      // An amount nothing signs may take the sign the balances need with it (the misread sign
      // glyph often takes the minus beside it along).
      return (
        ocr(r) &&
        (Math.sign(want) === Math.sign(r.cents ?? 0) || !r.signKnown) &&
        (nearMiss(Math.abs(r.cents ?? 0), Math.abs(want), s.rows.length === 1, s.rows.length <= 10) ||
          (s.rows.length === 1 && oneCentsDigit(r)))
      );
    });
    // A narrow leading 1 OCR lost ('17,75' for 117,75) explains a stretch off by a power of ten
    // as well as a digit read in front of another row: nothing tells the two apart.
    const lostOne = s.rows.some((r) => {
      const want = (r.cents ?? 0) + diff;
      return (
        ocr(r) &&
        !candidates.includes(r) &&
        Math.sign(want) === Math.sign(r.cents ?? 0) &&
        String(Math.abs(want)) === `1${Math.abs(r.cents ?? 0)}`
      );
    });
    if (candidates.length === 1 && !lostOne) {
      const r = candidates[0] as DraftRow;
      repairAmount(draft, r, (r.cents ?? 0) + diff, 'a near miss of what the running balances need');
      continue;
    }
    if (candidates.length) continue;
    // The sign glyph misread on several rows of the stretch ('₹956.11' as '2956.11', '₹2,033.00'
    // as '22,033.00'): the one set of rows whose leading digit dropped makes the stretch add up.
    const fixes = s.rows.flatMap((r) => {
      const read = Math.abs(r.cents ?? 0);
      const digits = String(read);
      if (!ocr(r) || !r.signKnown || digits.length < 4) return [];
      const want = Number(digits.slice(1)) * Math.sign(r.cents ?? 0);
      return [{ r, want, delta: want - (r.cents ?? 0), glyph: digits[0] }];
    });
    if (fixes.length > 12) continue;
    const found: (typeof fixes)[] = [];
    // One glyph misread the same way each time: the rows' dropped digits agree.
    const walk = (k: number, chosen: typeof fixes, sum: number) => {
      if (found.length > 1) return;
      if (chosen.length >= 2 && sum === diff && chosen.every((f) => f.glyph === chosen[0]?.glyph))
        found.push([...chosen]);
      if (chosen.length === 4) return;
      for (let j = k; j < fixes.length; j++) {
        const f = fixes[j] as (typeof fixes)[number];
        walk(j + 1, [...chosen, f], sum + f.delta);
      }
    };
    walk(0, [], 0);
    if (found.length !== 1) continue;
    for (const f of found[0] as typeof fixes)
      repairAmount(
        draft,
        f.r,
        f.want,
        'its first digit a misread currency sign: dropped on these rows, the balances agree',
      );
  }
}

/** The row's amount printed with one digit after its decimal mark ('6,4' for -6,11): OCR lost or merged digits. */
function oneCentsDigit(r: DraftRow): boolean {
  const amount = Math.abs(r.cents ?? 0);
  return [...r.money.values()].some(
    (c) => Math.abs(c.cents) === amount && /\d[.,]\d(?!\d)\D{0,3}$/.test(c.text.trim()),
  );
}

function repairAmount(draft: Draft, r: DraftRow, cents: number, why: string): void {
  const from = (r.cents ?? 0) / 100;
  r.cents = cents;
  r.signKnown = true;
  r.corrected = true;
  draft.trace.change('ocr-amount-repair', r.id, 'amount', from, cents / 100, why);
  draft.issues.push({
    code: 'AMOUNT_CORRECTED',
    message: 'This amount was re-read from the running balance.',
    row: r.id,
  });
}

function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, k: number) => x.slice(i + k);
  return rest(a, 1) === rest(b, 1) || rest(a, 1) === rest(b, 0) || rest(a, 0) === rest(b, 1);
}

export function ocrClosing(draft: Draft): void {
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const last = tx[tx.length - 1];
  const closing = draft.closing?.cents;
  const opening = draft.opening?.cents;
  if (!last || !ocr(last) || last.balance === null || closing === undefined || opening === undefined) return;
  if (closing === last.balance) return;
  const total = opening + tx.reduce((s, r) => s + (r.cents ?? 0), 0);
  if (total !== last.balance) return;
  if (!oneEditApart(String(Math.abs(closing) / 100), String(Math.abs(last.balance) / 100))) return;
  draft.trace.note(
    'ocr-closing',
    'closingBalance',
    closing / 100,
    last.balance / 100,
    'one character from the last running balance, which everything adds up to',
  );
  draft.closing = { cents: last.balance, source: 'the last running balance' };
}

/**
 * A printed opening OCR misread ('22,10,842.00' for '₹2,10,842.00': the currency sign read as a
 * digit), where the table's first running balance, confirmed by its second, and the amounts
 * before it come to a figure one character from it.
 */
export function ocrOpening(draft: Draft): void {
  const opening = draft.opening;
  if (opening?.source !== 'its label') return;
  const rows = draft.rows.filter((r) => r.kind === 'transaction' || r.kind === 'balance');
  if (!rows.some((r) => r.kind === 'transaction' && ocr(r))) return;
  // The first two printed balances and the amounts up to each (every sign known).
  const found: { balance: number; sum: number }[] = [];
  let sum = 0;
  for (const r of rows) {
    if (r.kind === 'transaction') {
      if (r.cents === null || !r.signKnown) return;
      sum += r.cents;
    }
    if (r.balance !== null) {
      found.push({ balance: r.balance, sum });
      if (found.length === 2) break;
    }
  }
  const [first, second] = found;
  if (!first || !second || second.balance - first.balance !== second.sum - first.sum) return;
  const chain = first.balance - first.sum;
  if (chain === opening.cents || Math.sign(chain) !== Math.sign(opening.cents)) return;
  if (!oneEditApart(String(Math.abs(opening.cents)), String(Math.abs(chain)))) return;
  draft.trace.note(
    'ocr-opening',
    'openingBalance',
    opening.cents / 100,
    chain / 100,
    'one character from what the first running balances and the amounts before them come to',
  );
  draft.opening = { cents: chain, source: 'the first running balance' };
}

/** Digits in a money column that did not read as money: a printed value OCR damaged. */
function damagedMoney(r: DraftRow): boolean {
  return r.raw.region.columns.some(
    (c) =>
      c.kind === 'money' &&
      (r.raw.cells[c.index] ?? []).some((t) => t.kind !== 'money' && (t.text.match(/\d/g)?.length ?? 0) >= 3),
  );
}

export function ocrMissingBalances(draft: Draft): void {
  if (!draft.reading?.balance) return;
  const rows = draft.rows.filter((r) => r.kind === 'transaction' || r.kind === 'balance');
  let running = draft.opening?.cents ?? null;
  rows.forEach((r, i) => {
    if (r.kind === 'transaction')
      running = running === null || r.cents === null || !r.signKnown ? null : running + r.cents;
    if (r.balance !== null) {
      running = r.balance;
      return;
    }
    if (running === null || r.kind !== 'transaction' || !ocr(r) || !damagedMoney(r)) return;
    // The next printed balance, with the amounts up to it, must come to the same figure.
    let next = running;
    let proved = false;
    for (const s of rows.slice(i + 1)) {
      if (s.kind === 'transaction') {
        if (s.cents === null || !s.signKnown) break;
        next += s.cents;
      }
      if (s.balance !== null) {
        proved = s.balance === next;
        break;
      }
    }
    if (!proved && rows.slice(i + 1).every((s) => s.balance === null)) proved = draft.closing?.cents === next;
    if (!proved) return;
    draft.trace.change(
      'ocr-missing-balances',
      r.id,
      'balance',
      null,
      running / 100,
      'its printed balance is unreadable; the balance before it plus its amount, which the next balance confirms',
    );
    r.balance = running;
    r.corrected = true;
    draft.issues.push({
      code: 'BALANCE_CORRECTED',
      message: 'This balance was re-read from the rows around it.',
      row: r.id,
    });
  });
}

export function ocrLabelledBalances(draft: Draft): void {
  const tx = draft.rows.filter((r) => r.kind === 'transaction');
  const first = tx[0];
  const last = tx[tx.length - 1];
  if (!first || !last) return;
  const rows = draft.rows.filter((r) => r.kind === 'balance' && r.balance !== null && ocr(r));
  const at = ledgerPlaces(draft);
  const before = rows.find((r) => at(r) < at(first));
  const after = rows.findLast((r) => at(r) > at(last));
  const sign = (x: number, y: number) => Math.sign(x) === Math.sign(y) || y === 0;
  for (const [field, printed, row] of [
    ['openingBalance', draft.opening, before],
    ['closingBalance', draft.closing, after],
  ] as const) {
    if (!printed || !row || printed.source !== 'its label' || row.balance === null) continue;
    const label = String(Math.abs(printed.cents));
    const own = String(Math.abs(row.balance));
    if (label.length !== own.length + 1 || label.slice(1) !== own || !sign(printed.cents, row.balance)) continue;
    draft.trace.change(
      'ocr-labelled-balances',
      row.id,
      field,
      printed.cents / 100,
      row.balance / 100,
      "the table's own balance row: the label's first digit is a misread currency sign",
    );
    const fixed = { cents: row.balance, source: `the row "${row.description}"` };
    if (field === 'openingBalance') draft.opening = fixed;
    else draft.closing = fixed;
  }
}

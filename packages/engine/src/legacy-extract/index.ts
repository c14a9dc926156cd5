/**
 * Layout model -> tables -> rows -> values -> statements -> reconciliation.
 * Document-wide decisions (decimal mark, day order, years) are made from all the
 * evidence a document prints, then applied to every row.
 */
import { AppError, type ConversionIssue, type Statement, type Transaction } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';
import { normalisePage } from '../layout/normalise';
import {
  fixSingleSignErrors,
  type LedgerRow,
  reconcile,
  recoverSigns,
  repairAmountsByBalance,
  repairBalancesByNeighbours,
  restoreAmountsByBalance,
  signUnknownByTable,
} from '../reconcile/reconcile';
import { type DecimalMark, inferDecimalMark, type ParsedAmount } from '../values/amount';
import {
  type DateToken,
  type DayOrder,
  inferDayOrder,
  isValidYMD,
  parseDateToken,
  resolveDayMonth,
  toIso,
  yearFor,
} from '../values/date';
import {
  type FactLine,
  findAccountNumber,
  findBalances,
  findBankName,
  findCurrency,
  findDatedBalances,
  findDateRange,
  findHolder,
  findLabelledPeriod,
  isCardStatement,
} from './facts';
import { type Direction, headingDirection, signWord } from './header';
import { type RawRow, rowKind, scanTables } from './rows';
import { sectionDirections } from './sections';

export interface ExtractOptions {
  deadline: number;
}

export function extractStatements(input: LayoutDocument, opts: ExtractOptions): Statement[] {
  if (Date.now() > opts.deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
  const doc: LayoutDocument = { pages: input.pages.map(normalisePage) };
  const allRuns = doc.pages.flatMap((p) => p.lines.flatMap((l) => l.runs));
  const decimal = inferDecimalMark(allRuns.flatMap((r) => [r.text, r.text.split(/\s+/).slice(-2).join(' ')]));
  const scan = scanTables(doc, decimal);

  // Day order from every numeric date the document prints.
  const dateTokens: DateToken[] = [];
  for (const r of allRuns) {
    if (!/\d[./-]\d/.test(r.text)) continue;
    for (const w of r.text.split(/\s+/)) {
      const t = parseDateToken(w.replace(/[,;]$/, ''));
      if (t) dateTokens.push(t);
    }
  }
  const allText = allRuns.map((r) => r.text);
  // Currency evidence: the statement's own facts, column headers and amounts; descriptions
  // name other currencies ("USD 57.01 @ 1.2091") and do not count.
  const currency = findCurrency([
    ...scan.otherLines.flatMap(({ line }) => line.runs.map((r) => r.text)),
    ...scan.tables.flatMap((t) => t.columns.map((c) => c.label)),
    ...scan.rows.flatMap((r) => r.money.map((m) => m.text)),
  ]);
  const order: DayOrder =
    inferDayOrder(dateTokens) ??
    (decimal === ',' || (currency && currency !== 'USD')
      ? 'DMY'
      : allText.some((t) => t.includes('$'))
        ? 'MDY'
        : 'DMY');

  const ctx: DocContext = {
    decimal,
    order,
    currency,
    fallbackYear: mostCommonYear(dateTokens) ?? new Date().getUTCFullYear(),
    docPeriod: findPeriod(scan.otherLines, order),
    bankName: findBankName(scan.otherLines),
    holder: findHolder(scan.otherLines),
    directions: sectionDirections(scan.tables, scan.otherLines),
  };
  const statements: Statement[] = [];
  for (const group of groupByAccount(scan)) {
    if (Date.now() > opts.deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
    const statement = buildStatement(group.rows, group.factLines, ctx);
    if (statement) statements.push(statement);
  }
  if (!statements.length) throw new AppError('NO_TRANSACTIONS', 'No transactions were found in this document.');
  return statements;
}

interface DocContext {
  decimal: DecimalMark;
  order: DayOrder;
  currency: string | null;
  fallbackYear: number;
  docPeriod: { start: string; end: string } | null;
  bankName: string | null;
  holder: string | null;
  /** Sign that a table's section heading gives its unsigned amounts. */
  directions: Map<number, Direction>;
}

function findPeriod(lines: FactLine[], order: DayOrder): { start: string; end: string } | null {
  for (const { line } of visualLines(lines)) {
    const period = findDateRange(line.runs.map((r) => r.text).join(' '), order);
    if (period) return period;
  }
  return findLabelledPeriod(lines, order);
}

/**
 * Lines whose boxes overlap vertically read as one line (OCR and mixed font sizes put
 * "December 13, 2022" and "- January 12, 2023" on baselines a pixel or two apart).
 */
export function visualLines(lines: FactLine[]): FactLine[] {
  const out: FactLine[] = [];
  for (const fl of lines) {
    const prev = out[out.length - 1];
    const mid = (fl.line.y0 + fl.line.y1) / 2;
    if (prev && prev.page === fl.page && mid > prev.line.y0 && mid < prev.line.y1) {
      const runs = [...prev.line.runs, ...fl.line.runs].sort((a, b) => a.x0 - b.x0);
      out[out.length - 1] = {
        ...prev,
        line: { runs, y0: Math.min(prev.line.y0, fl.line.y0), y1: Math.max(prev.line.y1, fl.line.y1) },
      };
    } else out.push(fl);
  }
  return out;
}

/**
 * A document may hold several accounts: a table whose preceding lines name a different
 * account number than the statement so far starts a new statement.
 */
function groupByAccount(scan: ReturnType<typeof scanTables>): { rows: RawRow[]; factLines: FactLine[] }[] {
  const groups: { rows: RawRow[]; factLines: FactLine[]; account: string | null; tables: Set<number> }[] = [];
  let current: (typeof groups)[number] | null = null;
  for (let t = 0; t < Math.max(1, scan.tables.length); t++) {
    const before = scan.otherLines.filter((l) => l.beforeTable === t);
    const account = findAccountNumber(before);
    if (!current || (account && current.account && normaliseAccount(account) !== normaliseAccount(current.account))) {
      current = { rows: [], factLines: [], account, tables: new Set() };
      groups.push(current);
    }
    current.account ??= account;
    current.tables.add(t);
    current.factLines.push(...before);
  }
  // Lines after the last table (closing summaries) belong to the last statement.
  const last = groups[groups.length - 1];
  if (last) last.factLines.push(...scan.otherLines.filter((l) => l.beforeTable >= Math.max(1, scan.tables.length)));
  for (const row of scan.rows) groups.find((g) => g.tables.has(row.table))?.rows.push(row);
  // Fact lines keep document order (summaries printed after a table belong to it as well).
  for (const g of groups) g.factLines.sort((a, b) => scan.otherLines.indexOf(a) - scan.otherLines.indexOf(b));
  return groups;
}

function normaliseAccount(a: string): string {
  return a.replace(/[^0-9A-Za-z]/g, '').slice(-4);
}

function buildStatement(rows: RawRow[], factLines: FactLine[], ctx: DocContext): Statement | null {
  const { decimal, order, fallbackYear, currency } = ctx;
  const issues: ConversionIssue[] = [];
  const period = findPeriod(factLines, order) ?? ctx.docPeriod;
  // Without a printed period, yearless dates are read in order: the year turns where the
  // month falls back (December -> January), and the document's usual year is the last one.
  const yearless = period ? null : chronologicalYears(rows, order, fallbackYear);
  const balances = findBalances(factLines, decimal);
  // A card account prints what is owed as a positive balance and payments with a minus (SCHEMA: owed is negative).
  const card = isCardStatement(factLines);
  const signedBalance = (v: ParsedAmount) => (card ? -printedBalance(v) : printedBalance(v));
  // "Balance as of <date>": opening when dated at the period's start, closing at its end.
  if (period) {
    for (const { date, value } of findDatedBalances(factLines, decimal)) {
      const iso = resolveDate(date, order, period, fallbackYear);
      if (!iso) continue;
      if (iso >= period.end && !balances.closing) balances.closing = value;
      else if (iso < period.start && !balances.opening) balances.opening = value;
    }
  }

  // Rows -> transactions.
  const txns: Transaction[] = [];
  const ledger: (LedgerRow & { ocr: boolean; group: string; direction: Direction | null; missing?: boolean })[] = [];
  const balanceRows: { index: number; cents: number; description: string }[] = [];
  let lastDate: string | null = null;
  let rowsWithoutAmount = 0;
  const printed = rows.map((r) =>
    r.date ? resolveDate(r.date, order, period, yearless?.get(r) ?? fallbackYear) : null,
  );
  for (const [index, row] of rows.entries()) {
    const description = row.description.join(' ').replace(/\s+/g, ' ').trim();
    const kind = rowKind(description);
    const balanceCell = row.money.find((m) => m.role === 'balance');
    const balance = balanceCell ? signedBalance(balanceCell.value) : null;
    if (kind === 'total') continue;
    if (kind === 'balance') {
      const cell = row.money[0];
      // A balance printed in the debit column, or called a debit balance, is overdrawn.
      const owed = cell && !cell.value.mark && (cell.role === 'debit' || DEBIT_BALANCE_RE.test(description));
      const v = balance ?? (cell ? (owed ? -cell.value.cents : signedBalance(cell.value)) : null);
      if (v !== null) balanceRows.push({ index: txns.length, cents: v, description });
      lastDate = printed[index] ?? lastDate;
      continue;
    }
    // OCR: a dated row whose amount could not be read keeps its place for now; the running
    // balances may prove its amount (restoreAmountsByBalance), else it is dropped below.
    const read = amountOf(row, card);
    const unread = !read && row.confidence !== null && row.date !== null && description !== '';
    const value = read ?? (unread ? { signed: 0, abs: 0, known: true } : null);
    if (!value) {
      rowsWithoutAmount++;
      continue;
    }
    let date = row.date ? printed[index] : lastDate;
    // OCR: a date read with characters lost ("0/14") or invalid: the one date between the
    // neighbours' dates whose digits are one edit from what was read; else the previous row's.
    if (row.confidence !== null && (row.damagedDate || (row.date && !date))) {
      const before = printed.slice(0, index).findLast((d) => d !== null) ?? period?.start ?? null;
      const after = printed.slice(index + 1).find((d) => d !== null) ?? period?.end ?? null;
      date = recoverDamagedDate(row.dateText, before, after, order) ?? lastDate;
      if (date && date !== lastDate) row.corrected = true;
      else if (date)
        issues.push({
          code: 'DATE_UNREADABLE',
          message: `The date of this row could not be read; the previous row's date was used: ${description}`,
          page: row.page,
        });
    }
    if (!date) {
      issues.push({
        code: 'ROW_WITHOUT_DATE',
        message: `A row without a date was skipped: ${description}`,
        page: row.page,
      });
      continue;
    }
    lastDate = date;
    txns.push({
      date,
      sourceDate: row.date || row.damagedDate ? row.dateText : '',
      description,
      credit: null,
      debit: null,
      amount: 0,
      balance: balance === null ? null : balance / 100,
      reference: row.reference,
      page: row.page,
      ...(row.confidence !== null ? { confidence: Math.round(row.confidence * 100) / 100 } : {}),
      ...(row.corrected ? { corrected: true } : {}),
    });
    ledger.push({
      cents: value.signed,
      abs: value.abs,
      signKnown: value.known,
      balance,
      ocr: row.confidence !== null,
      // Rows under a heading inside the table form their own section; else the table is the section.
      group: row.heading && headingDirection(row.heading) ? `${row.table}:${row.heading}` : `${row.table}`,
      direction: (row.heading ? headingDirection(row.heading) : null) ?? ctx.directions.get(row.table) ?? null,
      ...(unread ? { missing: true } : {}),
    });
  }
  // Opening and closing as printed: labelled values first, else a balance row before the first or
  // after the last row (taken before unreadable rows are dropped, so positions are as printed).
  const [firstBalanceRow, lastBalanceRow] = [balanceRows[0], balanceRows[balanceRows.length - 1]];
  let opening =
    balances.opening !== null
      ? signedBalance(balances.opening)
      : firstBalanceRow?.index === 0
        ? firstBalanceRow.cents
        : null;
  let closing =
    balances.closing !== null
      ? signedBalance(balances.closing)
      : lastBalanceRow?.index === txns.length
        ? lastBalanceRow.cents
        : null;
  const restored = restoreAmountsByBalance(ledger, opening, closing).map((k) => txns[k] as Transaction);
  for (const t of restored) t.corrected = true;
  for (let k = ledger.length - 1; k >= 0; k--) {
    if (!ledger[k]?.missing) continue;
    ledger.splice(k, 1);
    txns.splice(k, 1);
    rowsWithoutAmount++;
  }
  for (const t of restored) {
    issues.push({
      code: 'AMOUNT_FROM_BALANCE',
      message: 'This amount could not be read; it was taken from the running balance.',
      row: txns.indexOf(t),
    });
  }
  if (rowsWithoutAmount) {
    issues.push({
      code: 'ROWS_WITHOUT_AMOUNT',
      message: `${rowsWithoutAmount} table rows had no readable amount and were skipped.`,
    });
  }
  if (!txns.length) return null;

  // Without printed ones, opening and closing come from the running balances (below).
  recoverSigns(ledger, opening ?? inferOpening(ledger));
  const flipped = fixSingleSignErrors(ledger, opening ?? inferOpening(ledger));
  for (const k of repairBalancesByNeighbours(ledger, opening ?? inferOpening(ledger))) {
    const t = txns[k] as Transaction;
    t.balance = (ledger[k]?.balance ?? 0) / 100;
    t.corrected = true;
    issues.push({ code: 'BALANCE_CORRECTED', message: 'This balance was re-read from the rows around it.', row: k });
  }
  for (const k of repairAmountsByBalance(ledger, opening ?? inferOpening(ledger))) {
    const t = txns[k] as Transaction;
    t.corrected = true;
    issues.push({ code: 'AMOUNT_CORRECTED', message: 'This amount was re-read from the running balance.', row: k });
  }
  for (const k of flipped) {
    issues.push({
      code: 'SIGN_CORRECTED',
      message: 'The sign of this row was corrected from the running balance.',
      row: k,
    });
  }
  // Still unknown: in a column that marks its debits (-, parentheses, DR), an unmarked amount is a credit.
  const marksDebits = rows.some((r) =>
    r.money.some((m) => m.role === 'amount' && (m.value.mark === 'minus' || m.value.mark === 'debit')),
  );
  // A section heading ("Deposits and additions", "Checks paid") signs its table's unsigned amounts;
  // opening + sum = closing confirms the headings or, where they disagree, decides each table's sign.
  signUnknownByTable(ledger, (row) => row.direction ?? (marksDebits ? 1 : -1), opening, closing);
  if (opening === null) opening = inferOpening(ledger);
  if (closing === null) {
    const lastWithBalance = [...ledger].reverse().find((r) => r.balance !== null);
    if (lastWithBalance && ledger[ledger.length - 1]?.balance !== null) closing = lastWithBalance.balance;
    else if (opening !== null && ledger.every((r) => r.signKnown)) closing = null;
  }
  // OCR: a printed closing balance one character away from the last row's balance, where that
  // balance is what the opening and every row add up to, was misread ("2,741.4" for "2,741.04").
  const last = ledger[ledger.length - 1];
  if (closing !== null && opening !== null && last?.ocr && last.balance !== null && closing !== last.balance) {
    const total = opening + ledger.reduce((sum, r) => sum + r.cents, 0);
    if (total === last.balance && oneEditApart(String(Math.abs(closing) / 100), String(Math.abs(last.balance) / 100)))
      closing = last.balance;
  }

  ledger.forEach((row, i) => {
    const t = txns[i] as Transaction;
    t.amount = row.cents / 100;
    t.credit = row.cents > 0 ? row.cents / 100 : null;
    t.debit = row.cents <= 0 ? -row.cents / 100 : null;
  });
  const reconciliation = reconcile(ledger, opening, closing);

  const statement: Statement = {
    statement: {
      bankName: findBankName(factLines) ?? ctx.bankName,
      accountHolder: findHolder(factLines) ?? ctx.holder,
      accountNumber: findAccountNumber(factLines),
      currency,
      periodStart: period?.start ?? null,
      periodEnd: period?.end ?? null,
      openingBalance: opening === null ? null : opening / 100,
      closingBalance: closing === null ? null : closing / 100,
    },
    transactions: txns,
    reconciliation,
  };
  if (issues.length) statement.issues = issues;
  return statement;
}

/**
 * OCR: the one date from `from` to `to` (either order; at most two months) whose printed digits
 * (day and month in the document's order, with or without the year) are at most one edit away
 * from the digits read, else null.
 */
function recoverDamagedDate(text: string, from: string | null, to: string | null, order: DayOrder): string | null {
  if (!from || !to) return null;
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  const read = text
    .replace(/[Oo]/g, '0')
    .replace(/[IilL|]/g, '1')
    .replace(/[sS]/g, '5')
    .replace(/[bB]/g, '8')
    .replace(/[zZ]/g, '2')
    .replace(/\D/g, '');
  if (read.length < 2) return null;
  const found: string[] = [];
  const end = Date.parse(hi);
  for (let t = Date.parse(lo), n = 0; t <= end && n < 62 && found.length < 2; t += 86_400_000, n++) {
    const iso = new Date(t).toISOString().slice(0, 10);
    const [y, m, d] = iso.split('-') as [string, string, string];
    const dm = order === 'MDY' ? `${m}${d}` : `${d}${m}`;
    if ([dm, dm + y.slice(2), dm + y].some((f) => f === read || oneEditApart(read, f))) found.push(iso);
  }
  return found.length === 1 ? (found[0] as string) : null;
}

/** One character inserted, deleted or replaced. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, k: number) => x.slice(i + k);
  return rest(a, 1) === rest(b, 1) || rest(a, 1) === rest(b, 0) || rest(a, 0) === rest(b, 1);
}

const DEBIT_BALANCE_RE = /\b(débiteur|debiteur|debit balance|overdrawn|saldo deudor|saldo devedor|saldo a debito)\b/i;

function printedBalance(v: ParsedAmount): number {
  return v.mark === 'minus' || v.mark === 'debit' ? -v.cents : v.cents;
}

/** Signed amount of a row: debit/credit columns, else the amount's own sign, else a Dr/Cr column. */
function amountOf(row: RawRow, card: boolean): { signed: number; abs: number; known: boolean } | null {
  const debit = row.money.find((m) => m.role === 'debit');
  const credit = row.money.find((m) => m.role === 'credit');
  if (debit && !credit) return { signed: -debit.value.cents, abs: debit.value.cents, known: true };
  if (credit && !debit) {
    const neg = credit.value.mark === 'minus' || credit.value.mark === 'debit';
    return { signed: neg ? -credit.value.cents : credit.value.cents, abs: credit.value.cents, known: true };
  }
  if (debit && credit) {
    const net = credit.value.cents - debit.value.cents;
    return { signed: net, abs: Math.abs(net), known: true };
  }
  const amount = row.money.find((m) => m.role === 'amount');
  if (!amount) return null;
  const abs = amount.value.cents;
  const mark = amount.value.mark;
  // On a card statement charges are unmarked and payments or refunds carry the minus.
  if (card && mark === 'minus') return { signed: abs, abs, known: true };
  if (card && mark === null && !row.drcr) return { signed: -abs, abs, known: true };
  if (mark === 'minus' || mark === 'debit') return { signed: -abs, abs, known: true };
  if (mark === 'plus' || mark === 'credit') return { signed: abs, abs, known: true };
  const sign = row.drcr ? signWord(row.drcr) : null;
  if (sign === 'debit') return { signed: -abs, abs, known: true };
  if (sign === 'credit') return { signed: abs, abs, known: true };
  return { signed: abs, abs, known: false };
}

/** Opening balance implied by the first printed running balance. */
function inferOpening(ledger: LedgerRow[]): number | null {
  let sum = 0;
  for (const row of ledger) {
    if (!row.signKnown) return null;
    sum += row.cents;
    if (row.balance !== null) return row.balance - sum;
  }
  return null;
}

function resolveDate(
  token: DateToken,
  order: DayOrder,
  period: { start: string; end: string } | null,
  fallbackYear: number,
): string | null {
  const { y, m, d } = resolveDayMonth(token, order);
  const year = y ?? yearFor(m, d, { start: period?.start ?? null, end: period?.end ?? null }, fallbackYear);
  if (!isValidYMD(year, m, d)) return null;
  return toIso(year, m, d);
}

function chronologicalYears(rows: RawRow[], order: DayOrder, endYear: number): Map<RawRow, number> {
  const dated = rows.filter((r) => r.date && r.date.year === null);
  const months = dated.map((r) => resolveDayMonth(r.date as DateToken, order).m);
  let turns = 0;
  for (let i = 1; i < months.length; i++) if ((months[i] as number) < (months[i - 1] as number) - 6) turns++;
  const years = new Map<RawRow, number>();
  let year = endYear - turns;
  dated.forEach((r, i) => {
    if (i > 0 && (months[i] as number) < (months[i - 1] as number) - 6) year++;
    years.set(r, year);
  });
  return years;
}

function mostCommonYear(tokens: DateToken[]): number | null {
  const counts = new Map<number, number>();
  for (const t of tokens) if (t.year) counts.set(t.year, (counts.get(t.year) ?? 0) + 1);
  let best: number | null = null;
  let n = 0;
  for (const [y, c] of counts) {
    if (c > n) {
      best = y;
      n = c;
    }
  }
  return best;
}

/**
 * Builds one statement: its rows read through the table's roles, its facts, the ledger passes
 * in order, and the result as the shared Statement shape with its trace.
 */
import {
  emptyStatementFacts,
  rowsOutsidePeriod,
  type Statement,
  type TraceEntry,
  type Transaction,
  totalsChecks,
} from '@statemint/shared';
import type { DecimalMark } from '../../values/amount';
import type { DateToken, DayOrder } from '../../values/dates';
import { dayMonth, daysBetween, isValidYMD, toIso } from '../../values/dates';
import type { Draft, DraftRow, Pass } from '../draft';
import { findAccountNumber, findBankName, findHolder } from '../facts/account';
import { findLabelledBalances, findPrintedTotals } from '../facts/balances';
import { findCurrency } from '../facts/currency';
import type { Period } from '../facts/period';
import { amountLinesInRows } from '../ledger/amount-lines-in-rows';
import { amountColumnBalances, balancesBySum, inferredBalances, printedBalances } from '../ledger/balances';
import {
  ocrAmountRepair,
  ocrBalanceRepair,
  ocrClosing,
  ocrLabelledBalances,
  ocrMissingAmounts,
  ocrMissingBalances,
  ocrOpening,
} from '../ledger/ocr';
import type { MoneyCell } from '../ledger/readings';
import { reconcile } from '../ledger/reconcile';
import { applyReading, moneyRoles, newestFirst } from '../ledger/roles';
import { sharedBalances } from '../ledger/shared-balances';
import { bareSides, defaultSigns, sectionSigns, signConvention, signFlips, signsFromBalances } from '../ledger/signs';
import {
  afterClosing,
  bracketingBalanceRows,
  labelledBalanceRows,
  repeatedTotalRows,
  summaryTables,
  totalRows,
} from '../ledger/special-rows';
import { type PassName, passEnabled } from '../passes';
import type { RawRow } from '../rows/assemble';
import type { Column, Region } from '../table/model';
import { lineText, type Token, type TokenLine } from '../tokens/tokenise';
import { Tracer } from '../trace';
import { recoverDamagedDates, resolveDates } from '../values/dates';
import { ocrLookAlikeDates, ocrPostedBeforeSold, unreadableOcrDates } from '../values/ocr-dates';
import { factPhrases, type LabelReading, normaliseWords, rowLabels } from '../vocabulary';
import { ledgerBreaks } from './ledger-breaks';
import type { StatementPart } from './split';
import { keepTables } from './tables';

/** The ledger stage's passes, in order. */
export const LEDGER_PASSES: [PassName, Pass][] = [
  ['bare-sides', bareSides],
  ['labelled-balance-rows', labelledBalanceRows],
  // Repeated subtotals first: the sums total-rows checks must not count them.
  ['repeated-total-rows', repeatedTotalRows],
  ['total-rows', totalRows],
  ['bracketing-balance-rows', bracketingBalanceRows],
  ['money-roles', moneyRoles],
  ['apply-reading', applyReading],
  ['summary-tables', summaryTables],
  ['after-closing', afterClosing],
  ['amount-lines-in-rows', amountLinesInRows],
  ['printed-balances', printedBalances],
  ['amount-column-balances', amountColumnBalances],
  ['ocr-labelled-balances', ocrLabelledBalances],
  ['ocr-missing-amounts', ocrMissingAmounts],
  ['signs-from-balances', signsFromBalances],
  ['sign-flips', signFlips],
  ['ocr-balance-repair', ocrBalanceRepair],
  ['ocr-amount-repair', ocrAmountRepair],
  ['section-signs', sectionSigns],
  ['default-signs', defaultSigns],
  ['shared-balances', sharedBalances],
  ['ocr-missing-balances', ocrMissingBalances],
  ['balances-by-sum', balancesBySum],
  ['inferred-balances', inferredBalances],
  ['ocr-opening', ocrOpening],
  ['ocr-closing', ocrClosing],
  ['sign-convention', signConvention],
];

function runLedgerPasses(draft: Draft): void {
  for (const [name, pass] of LEDGER_PASSES) if (passEnabled(name)) pass(draft);
}

interface LedgerRun {
  draft: Draft;
  trace: Tracer;
  check: ReturnType<typeof reconcile>;
}

/** A ledger run's score for comparing readings: -1 where it balances, else its mismatches. */
const misses = (c: LedgerRun) => (c.check.status === 'balanced' ? -1 : c.check.mismatches.length);
/** What a ledger run came to, in words for the trace. */
const outcome = (c: LedgerRun) =>
  c.check.status === 'balanced' ? 'it balances' : `it has ${c.check.mismatches.length} mismatches`;

/**
 * The ledger passes on a copy of the draft's rows, in printed order or reversed, and its
 * reconciliation. `inside`: only the dated rows turn; undated lines before and after them (an
 * opening balance printed above a newest-first list, the closing one under it) stay where they are.
 */
function runLedger(draft: Draft, reverse: 'no' | 'all' | 'inside'): LedgerRun {
  const trace = new Tracer();
  let rows = draft.rows.map((r) => ({
    ...r,
    labels: [...r.labels],
    money: new Map([...r.money].map(([k, c]) => [k, { ...c }])),
  }));
  if (reverse === 'all') rows.reverse();
  if (reverse === 'inside') {
    const first = rows.findIndex((r) => r.dateToken);
    const last = rows.findLastIndex((r) => r.dateToken);
    if (first >= 0) rows = [...rows.slice(0, first), ...rows.slice(first, last + 1).reverse(), ...rows.slice(last + 1)];
  }
  const copy: Draft = { ...draft, rows, issues: [...draft.issues], trace };
  runLedgerPasses(copy);
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return { draft: copy, trace, check: reconcile(copy, (id) => order.get(id) ?? -1) };
}

/**
 * `balance-labels-judged`: a row whose text starts with a balance label of some language is read
 * as a balance row ("Transport" carries a balance forward in Danish and Swedish, and starts
 * "Transport For Nsw-Opal Chippendale AU" on an Australian card). Where the statement does not
 * add up so, the candidate with those rows read as transactions is built, and taken where it
 * balances.
 */
function balanceLabelsJudged(draft: Draft): LedgerRun {
  const asLabelled = runLedger(draft, 'no');
  if (asLabelled.check.status === 'balanced' || !passEnabled('balance-labels-judged')) return asLabelled;
  const named = new Set(
    asLabelled.trace.entries.flatMap((e) =>
      e.pass === 'labelled-balance-rows' && e.rowId !== undefined ? [e.rowId] : [],
    ),
  );
  if (!named.size) return asLabelled;
  const rows = draft.rows.map((r) => (named.has(r.id) ? { ...r, labels: [] } : r));
  const asRows = runLedger({ ...draft, rows }, 'no');
  // Only a reading the balances prove: with its balance rows gone, a statement may have no check
  // left, and so no mismatch (two accounts' opening rows read as amounts).
  // ... and one that keeps every transaction: read as amounts, a second account's opening rows
  // let after-closing drop that account's rows, and what is left balances.
  const kept = new Set(asRows.draft.rows.flatMap((r) => (r.kind === 'transaction' ? [r.id] : [])));
  const lost = asLabelled.draft.rows.some((r) => r.kind === 'transaction' && !!r.cents && !kept.has(r.id));
  if (asRows.check.status !== 'balanced' || lost) return asLabelled;
  for (const r of draft.rows)
    if (named.has(r.id))
      asRows.trace.change(
        'balance-labels-judged',
        r.id,
        'kind',
        'balance',
        'transaction',
        `"${r.text}": read as a transaction ${outcome(asRows)}; as a balance ${outcome(asLabelled)}`,
      );
  return asRows;
}

const MONEY_LABEL_ROLES = new Set(['debit', 'credit', 'amount', 'balance']);

/** Money columns of a region: columns of amounts, and empty columns whose label names an amount. */
export function moneyColumns(region: Region): Column[] {
  return region.columns.filter(
    (c) => c.kind === 'money' || (c.kind === 'empty' && MONEY_LABEL_ROLES.has(c.readings[0]?.role ?? '')),
  );
}

/** A money column's key within its region: its label, else its place. */
function ownKey(region: Region, column: Column): string {
  const money = moneyColumns(region);
  const label = normaliseWords(column.label);
  const same = money.filter((c) => normaliseWords(c.label) === label);
  if (label && same.length === 1) return label;
  return `#${money.indexOf(column) + 1}`;
}

const keyCache = new WeakMap<Column, string>();

/**
 * Money-column keys the same on every page of a table: a later page's column takes the key of the
 * first page's column with its label, else of the one it lines up with (an OCR-damaged label
 * names the same column), else its own.
 */
export function assignMoneyKeys(regions: Region[], tableOf: (r: Region) => number): void {
  // Per table, its first region's columns are the canon; labels match across tables (sections of
  // one statement print the same header), positions only within a table.
  const canons = new Map<number, { c: Column; key: string }[]>();
  for (const region of regions) {
    const t = tableOf(region);
    const canon = canons.get(t);
    if (!canon) {
      const keys = moneyColumns(region).map((c) => ({ c, key: ownKey(region, c) }));
      for (const { c, key } of keys) keyCache.set(c, key);
      canons.set(t, keys);
      continue;
    }
    for (const c of moneyColumns(region)) {
      const own = ownKey(region, c);
      // A key by place ("#2": the page's second money column) names no column of the canon: a page
      // without the first page's credit column has its balance second.
      const byLabel = own.startsWith('#') ? undefined : canon.find((k) => k.key === own);
      const byPlace = canon.find(
        (k) => Math.abs(k.c.x1 - c.x1) < region.size * 2 || Math.min(k.c.x1, c.x1) - Math.max(k.c.x0, c.x0) > 0,
      );
      keyCache.set(c, byLabel?.key ?? (own.startsWith('#') || !byPlace ? (byPlace?.key ?? own) : byPlace.key));
    }
  }
}

export function moneyKey(region: Region, column: Column): string {
  return keyCache.get(column) ?? ownKey(region, column);
}

/** The posting-date column of a region (decided by the table stage's posting-date-column pass). */
export function postingDateColumn(region: Region): Column | null {
  return region.postingDate !== undefined ? (region.columns[region.postingDate] ?? null) : null;
}

const text = (tokens: Token[]) =>
  tokens
    .map((t) => t.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

function moneyCell(tokens: Token[]): MoneyCell | null {
  const m = tokens.find((t) => t.kind === 'money' || t.alsoMoney);
  const value = m?.money ?? m?.alsoMoney;
  if (!m || !value) return null;
  const cell: MoneyCell = {
    cents: value.cents,
    mark: value.mark,
    text: m.text,
    ...(value.suffix ? { suffix: value.suffix } : {}),
  };
  // A sign word printed apart from its amount in the same column ("1,234.56   CR").
  const sign = tokens.find((t) => t.kind === 'sign' && t.x0 >= m.x1 - 1);
  if (sign && !cell.mark) {
    const w = sign.text.toLowerCase().replace(/\.$/, '');
    if (/^(dr|d|db|od|s|-)$/.test(w)) cell.mark = 'debit';
    else if (/^(cr|c|h|\+)$/.test(w)) cell.mark = 'credit';
    cell.suffix = sign.text;
  }
  return cell;
}

/**
 * The row's sign column text. OCR's reading of a cell that is no sign word, in a column of sign
 * words ('8' for 'B'), is no sign: the balances decide the row's sign as for an unsigned amount.
 */
function signText(col: Column | undefined, raw: RawRow): string | null {
  const t = col ? raw.cells[col.index]?.[0] : undefined;
  if (!col || !t) return null;
  if (t.confidence !== undefined && col.kind === 'sign' && t.kind !== 'sign') return null;
  return t.text;
}

export function draftRow(raw: RawRow): DraftRow {
  const region = raw.region;
  const dateCol = postingDateColumn(region);
  const dateTok = dateCol ? raw.cells[dateCol.index]?.find((t) => t.kind === 'date' && t.date) : undefined;
  const damaged = !dateTok && dateCol ? raw.cells[dateCol.index]?.find((t) => t.damagedDate) : undefined;
  const description = text(region.columns.flatMap((c) => (c.role === 'description' ? (raw.cells[c.index] ?? []) : [])));
  const refs = region.columns.flatMap((c) => (c.role === 'reference' ? (raw.cells[c.index] ?? []) : []));
  const signCol = region.columns.find((c) => c.role === 'sign');
  const money = new Map<string, MoneyCell>();
  for (const c of moneyColumns(region)) {
    const cell = moneyCell(raw.cells[c.index] ?? []);
    if (cell) money.set(moneyKey(region, c), cell);
  }
  const conf = raw.cells.flat().filter((t) => t.confidence !== undefined);
  const rowText = text(
    region.columns.flatMap((c) =>
      c.kind === 'money' ? [] : (raw.cells[c.index] ?? []).filter((t) => t.kind === 'text'),
    ),
  );
  return {
    id: raw.id,
    raw,
    kind: 'transaction',
    dateToken: dateTok?.date ?? null,
    dateText: dateTok?.text ?? '',
    date: null,
    description,
    reference: refs.length ? text(refs) : null,
    money,
    sign: signText(signCol, raw),
    text: rowText,
    // What the row says it is, from all its text (a balance label may sit in the date column).
    labels: rowLabels(description || rowText),
    cents: null,
    signKnown: false,
    balance: null,
    confidence: conf.length ? Math.min(...conf.map((t) => t.confidence as number)) : null,
    corrected: false,
    ...(damaged ? { damagedDate: damaged.text } : {}),
  };
}

/**
 * A card statement names at least two card facts as labels ("Minimum payment due", "Credit
 * limit", "Payment due date"); words in running text (an advertisement for a credit card) are no
 * such evidence.
 */
export function cardEvidence(lines: TokenLine[]): boolean {
  // Running text without figures (an advertisement: "Apply for our credit card with no minimum
  // payment...") is no evidence; labels, and summary lines of labels and amounts, are.
  const short = lines.filter(
    (l) => l.tokens.some((t) => t.kind === 'money') || l.tokens.every((t) => t.text.split(/\s+/).length <= 8),
  );
  const texts = short.map(lineText);
  // A card number printed masked in the statement's own lines ("4776 XXXX XXXX 3334") names a
  // card in any language (an account statement prints its account number instead), on any line
  // (one that goes on with the bank's address too).
  const masked = lines.some((l) => MASKED_CARD.test(lineText(l))) ? 1 : 0;
  return factPhrases(texts, 'card').size + masked >= 2;
}

// First group shown or masked too ("XXXX XXXX XXXX 6308"); OCR may drop a mask character
// ("5316 **** *** 2819").
const MASKED_CARD = /(?:\b\d{4}|(?<![\p{L}\d])[X*•]{3,4})[ -]?(?:[X*•]{3,4}[ -]?){2}\d{4}\b/iu;

export interface DocumentFacts {
  order: DayOrder;
  decimal: DecimalMark;
  period: Period | null;
  /** The date the statement labels as its own ("Statement date", "as at"), if any. */
  statementDate: string | null;
  reference: string | null;
  fallbackYear: number;
  bankName: string | null;
  holder: string | null;
  currency: string | null;
  /** The document names card-statement facts (for parts that print none themselves). */
  card: boolean;
}

export function buildStatement(
  part: StatementPart,
  rows: RawRow[],
  doc: DocumentFacts,
  partPeriod: Period | null,
  trace: Tracer,
  breaks: RawRow[] = [],
): Statement | null {
  const period = partPeriod ?? doc.period;
  const regions = new Set(part.regions);
  const raws = rows.filter((r) => regions.has(r.region));
  if (!raws.length) return null;
  const tableOf = new Map(rows.map((r) => [r.region, r.table]));
  assignMoneyKeys(part.regions, (r) => tableOf.get(r) ?? 0);
  let draftRows = futureTables(raws.map(draftRow), period?.end ?? doc.reference, doc.order, trace);
  // OCR repairs made in the cells (table stage), recorded against their rows.
  for (const r of draftRows) {
    for (const t of r.raw.cells.flat()) {
      if (t.repaired === undefined) continue;
      r.corrected = true;
      trace.change(
        t.repairPass ?? 'ocr-cells',
        r.id,
        t.kind === 'date' ? 'date' : 'amount',
        t.repaired,
        t.text,
        t.repairPass ? 'the date that starts the line, as OCR damaged it' : `read as ${t.kind} in its ${t.kind} column`,
      );
    }
  }
  // Dates, resolved in order (yearless dates from the period).
  const tokens: (DateToken | null)[] = draftRows.map((r) => r.dateToken);
  const isos = resolveDates(tokens, {
    order: doc.order,
    period,
    reference: doc.reference,
    fallbackYear: doc.fallbackYear,
  });
  draftRows.forEach((r, i) => {
    r.date = isos[i] ?? null;
  });
  const dateIssues: Draft['issues'] = [];
  unreadableOcrDates(draftRows);
  recoverDamagedDates(draftRows, doc.order, period, trace, dateIssues);
  ocrLookAlikeDates(draftRows, period, doc.order, trace);
  ocrPostedBeforeSold(draftRows, period, doc.order, trace);
  // A card statement names at least two of its own facts (minimum payment, credit limit, due date...);
  // one phrase alone may be an advertisement. Pages of the statement without its summary follow the document.
  const card = cardEvidence(part.lines) || doc.card;
  const labelled = findLabelledBalances(part.lines, period, doc.order, doc.decimal);
  const signed = (cell: { cents: number; mark: string | null } | undefined) => {
    if (!cell) return null;
    const v = cell.mark === 'minus' || cell.mark === 'debit' ? -cell.cents : cell.cents;
    return card ? -v : v;
  };
  const keys: string[] = [];
  const labels = new Map<string, LabelReading[]>();
  for (const region of part.regions) {
    for (const c of moneyColumns(region)) {
      const k = moneyKey(region, c);
      if (!keys.includes(k)) keys.push(k);
      if (!labels.has(k) || (!labels.get(k)?.length && c.readings.length)) labels.set(k, c.readings);
    }
  }
  // Printed totals of credits and debits: they judge readings and check the result.
  const totals = passEnabled('printed-totals') ? findPrintedTotals(part.lines, doc.decimal) : null;
  const labelledOpening = signed(labelled.find((b) => b.kind === 'opening')?.value);
  const labelledClosing = signed(labelled.find((b) => b.kind === 'closing')?.value);
  if (passEnabled('secondary-tables'))
    draftRows = keepTables(
      draftRows,
      { keys, labels, opening: labelledOpening, closing: labelledClosing, card },
      trace,
    );
  const draft: Draft = {
    table: raws[0]?.table ?? 0,
    rows: draftRows,
    keys,
    labels,
    reading: null,
    period,
    opening: null,
    closing: null,
    labelledOpening,
    labelledClosing,
    labelledAlternatives: {
      opening: (labelled.find((b) => b.kind === 'opening')?.alternatives ?? []).map((v) => signed(v) as number),
      closing: (labelled.find((b) => b.kind === 'closing')?.alternatives ?? []).map((v) => signed(v) as number),
    },
    printedTotals: totals,
    factFigures: part.lines.flatMap((l) =>
      l.tokens.flatMap((t) => (t.kind === 'money' && t.money ? [signed(t.money) as number] : [])),
    ),
    card,
    source: part.regions[0]?.source ?? 'pdf',
    issues: dateIssues,
    trace,
  };
  // `newest-first`: a statement printed newest first (each row's balance after its amount, the
  // older rows below) chains its running balances read oldest first. Both orders are candidates
  // where the dates run back: the ledger runs on each, and the one whose balances and totals hold
  // better wins (ties: as printed). Its transactions stay in printed order either way.
  let reversed = false;
  const printedAt = new Map(draft.rows.map((r, i) => [r.id, i]));
  if (passEnabled('newest-first') && newestFirst(draft)) {
    const asPrinted = runLedger(draft, 'no');
    // Where two hold alike, the order whose running balances are read proves more rows (as
    // printed, a newest-first table's balances chain nowhere; its opening and closing still add up).
    const proven = (c: LedgerRun) => c.draft.rows.filter((r) => r.kind === 'transaction' && r.balance !== null).length;
    const better = (a: LedgerRun, b: LedgerRun) =>
      misses(a) < misses(b) || (misses(a) === misses(b) && proven(a) > proven(b));
    let won = asPrinted;
    for (const candidate of [runLedger(draft, 'all'), runLedger(draft, 'inside')])
      if (better(candidate, won)) won = candidate;
    reversed = won !== asPrinted;
    Object.assign(draft, won.draft, { trace });
    trace.entries.push(...won.trace.entries);
    if (reversed)
      trace.note(
        'newest-first',
        'order',
        null,
        'oldest first',
        `its dates run back; read oldest first ${outcome(won)}; as printed ${outcome(asPrinted)}`,
      );
  } else {
    const won = balanceLabelsJudged(draft);
    Object.assign(draft, won.draft, { trace });
    trace.entries.push(...won.trace.entries);
  }
  if (!reversed) breaks.push(...ledgerBreaks(draft));

  // Transactions: dated rows, the date inherited from the row above where none is printed.
  const txns: Transaction[] = [];
  const index = new Map<number, number>();
  let lastDate: string | null = null;
  const inPrint = (r: DraftRow) => printedAt.get(r.id) ?? 0;
  for (const r of reversed ? [...draft.rows].sort((a, b) => inPrint(a) - inPrint(b)) : draft.rows) {
    if (r.date) lastDate = r.date;
    if (r.kind !== 'transaction' || r.cents === null) continue;
    const date = r.date ?? lastDate;
    if (!date) {
      draft.issues.push({
        code: 'ROW_WITHOUT_DATE',
        message: `A row without a date was skipped: ${r.description}`,
        page: r.raw.page,
      });
      // Reconciled as the output is: without this row, its amount missing from the sums.
      r.kind = 'none';
      continue;
    }
    index.set(r.id, txns.length);
    const page = r.raw.region;
    txns.push({
      date,
      sourceDate: r.dateToken ? r.dateText : (r.damagedDate ?? ''),
      description: r.description,
      credit: r.cents > 0 ? r.cents / 100 : null,
      debit: r.cents <= 0 ? -r.cents / 100 : null,
      amount: r.cents / 100,
      balance: r.balance === null ? null : r.balance / 100,
      reference: r.reference,
      page: r.raw.page,
      ...(r.confidence !== null ? { confidence: Math.round(r.confidence * 100) / 100 } : {}),
      ...(r.corrected ? { corrected: true } : {}),
      bbox: {
        page: r.raw.page,
        x: round(r.raw.box.x0),
        y: round(r.raw.box.y0),
        width: round(r.raw.box.x1 - r.raw.box.x0),
        height: round(r.raw.box.y1 - r.raw.box.y0),
        pageWidth: round(pageSize(page).width),
        pageHeight: round(pageSize(page).height),
      },
    });
  }
  if (!txns.length) return null;
  const rowIndex = (id: number) => index.get(id) ?? -1;
  const reconciliation = reconcile(draft, rowIndex);
  // Printed totals of credits and debits, checked as the review checks them (shared's rule).
  const printedTotals = totals && {
    credits: totals.credits === null ? null : totals.credits / 100,
    debits: totals.debits === null ? null : totals.debits / 100,
  };
  if (printedTotals) {
    const checked = totalsChecks(txns, printedTotals);
    reconciliation.mismatches.push(...checked.mismatches);
    if (checked.mismatches.length) reconciliation.status = 'unbalanced';
    else if (reconciliation.status === 'unknown' && checked.checks) reconciliation.status = 'balanced';
    trace.note(
      'printed-totals',
      'printedTotals',
      null,
      [printedTotals.credits, printedTotals.debits].map((v) => (v === null ? '-' : v)).join(' / '),
      checked.mismatches.length
        ? "the rows' sums differ from the totals printed (credits / debits)"
        : "the rows' sums are the totals printed (credits / debits)",
    );
  }
  // Balanced means every check holds, the dates too (shared's rule, as the review applies it).
  if (reconciliation.status === 'balanced' && period) {
    const outside = rowsOutsidePeriod({
      statement: { ...emptyStatementFacts(), periodStart: period.start, periodEnd: period.end },
      transactions: txns,
    });
    if (outside.length) {
      reconciliation.status = 'unknown';
      for (const i of outside.slice(0, 5))
        draft.issues.push({
          code: 'DATE_OUTSIDE_PERIOD',
          message: `This row's date, ${txns[i]?.date}, is outside the statement period ${period.start} to ${period.end}.`,
          row: draft.rows.find((r) => index.get(r.id) === i)?.id ?? i,
        });
    }
  }
  const statement: Statement = {
    statement: {
      bankName: findBankName(part.lines) ?? doc.bankName,
      accountHolder: findHolder(part.lines) ?? doc.holder,
      accountNumber: part.account ?? findAccountNumber(part.lines),
      currency: currencyOf(part, raws, doc),
      periodStart: period?.start ?? null,
      // Without a printed period, the statement runs to its own date ("Account summary as at 30/06/2025").
      periodEnd: period?.end ?? doc.statementDate ?? null,
      openingBalance: draft.opening ? draft.opening.cents / 100 : null,
      closingBalance: draft.closing ? draft.closing.cents / 100 : null,
    },
    transactions: txns,
    reconciliation,
    ...(printedTotals ? { printedTotals } : {}),
  };
  const issues = draft.issues.map((i) => (i.row !== undefined ? { ...i, row: rowIndex(i.row) } : i));
  if (issues.length) statement.issues = issues;
  const ids = new Set(draft.rows.map((r) => r.id));
  statement.trace = trace.entries
    .filter((e) => e.rowId === undefined || ids.has(e.rowId))
    .map(({ rowId, ...e }): TraceEntry => (rowId === undefined ? e : { ...e, row: rowIndex(rowId) }));
  return statement;
}

/**
 * `future-tables`: a table after the statement's first whose every date falls after the statement
 * ends (its period's end or its date, ten days' grace) lists what is still to come: scheduled
 * debits, the next instalments of a purchase, a loan's plan. Those are no transactions of this
 * statement, and their dates must not move the year of its rows. A date without a year is after
 * the end when, in the end's year, it falls within half a year after it.
 */
function futureTables(rows: DraftRow[], end: string | null, order: DayOrder, trace: Tracer): DraftRow[] {
  if (!end || !passEnabled('future-tables')) return rows;
  const regions = [...new Set(rows.map((r) => r.raw.region))];
  if (regions.length < 2) return rows;
  const after = (t: DateToken): boolean => {
    const { y, m, d } = dayMonth(t, order);
    const ey = Number(end.slice(0, 4));
    if (!isValidYMD(y ?? ey, m, d)) return false;
    const days = daysBetween(end, toIso(y ?? ey, m, d));
    return y !== null ? days > 10 : days > 10 && days <= 183;
  };
  // The end holds for the statement's own rows: none of the first table's dates is after it.
  const first = rows.filter((r) => r.raw.region === regions[0]).flatMap((r) => (r.dateToken ? [r.dateToken] : []));
  if (first.some(after)) return rows;
  const dropped = new Set<Region>();
  for (const region of regions.slice(1)) {
    const dates = rows.filter((r) => r.raw.region === region).flatMap((r) => (r.dateToken ? [r.dateToken] : []));
    if (dates.length && dates.every(after)) dropped.add(region);
  }
  if (!dropped.size) return rows;
  for (const region of dropped)
    trace.note(
      'future-tables',
      'table',
      `page ${region.page}`,
      null,
      `every date of the table is after the statement's end (${end})`,
    );
  return rows.filter((r) => !dropped.has(r.raw.region));
}

const round = (v: number) => Math.round(v * 100) / 100;

const pageSizes = new WeakMap<Region, { width: number; height: number }>();
export function setPageSize(region: Region, size: { width: number; height: number }): void {
  pageSizes.set(region, size);
}
function pageSize(region: Region): { width: number; height: number } {
  return pageSizes.get(region) ?? { width: 0, height: 0 };
}

function currencyOf(part: StatementPart, raws: RawRow[], doc: DocumentFacts): string | null {
  const affixes = raws.flatMap((r) =>
    moneyColumns(r.region).flatMap((c) =>
      (r.cells[c.index] ?? []).flatMap((t) => (t.money?.currency ? [t.money.currency] : [])),
    ),
  );
  return (
    findCurrency({
      // Tokens two spaces apart, so that a code standing alone as a token can be told from one inside text.
      facts: part.lines.map((l) => l.tokens.map((t) => t.text).join('  ')),
      labels: part.regions.flatMap((r) => r.columns.map((c) => c.label)),
      affixes,
    }) ?? doc.currency
  );
}

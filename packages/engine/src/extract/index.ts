/**
 * The extraction pipeline: layout model -> statements, in named stages.
 *
 *   tokens      runs -> dates, money, sign words, text (tokens/)
 *   table       table regions and columns by geometry; roles of date, text and sign columns (table/)
 *   rows        lines -> transaction bands -> raw rows (rows/)
 *   values      one day order and year rule for the document (values/)
 *   facts       period, labelled balances, currency, account, holder, bank (facts/)
 *   statements  one statement per account (statements/)
 *   ledger      money-column roles by reconciliation, balance and total rows, signs, opening and
 *               closing, reconciliation (ledger/)
 *
 * Document-wide decisions (decimal mark, day order, years) use all the evidence the document
 * prints. Every pass records what it decided or changed in the statement's trace.
 */
import { AppError, isAppError, type Statement } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';
import { normalisePage } from '../layout/normalise';
import { inferDecimalMark } from '../values/amount';
import { addDays, type DateToken, type DayOrder, datesIn, dayMonth, settleMonthNames } from '../values/dates';
import { findBankName, findHolder } from './facts/account';
import { findCurrency } from './facts/currency';
import { findPeriod, findStatementDate, isRunningText, latestFullDate, type Period } from './facts/period';
import { passEnabled } from './passes';
import { assembleRows, type RawRow } from './rows/assemble';
import { buildStatement, cardEvidence, type DocumentFacts, setPageSize } from './statements/build';
import { ledgersAtBreaks } from './statements/ledger-breaks';
import { cutAtPeriods, statementsByPeriod } from './statements/periods';
import { splitStatements } from './statements/split';
import { choosePostingDates } from './table/dates';
import { findTables, tokenisePages } from './table/index';
import { assignTextRoles } from './table/roles';
import { findPageCounters } from './tokens/page-counters';
import { lineText, type TokenLine } from './tokens/tokenise';
import { Tracer } from './trace';
import { dayOrderEvidence, orderByPeriod, resolveDates } from './values/dates';
import { languageScores } from './vocabulary';

export interface ExtractOptions {
  deadline: number;
}

function checkDeadline(deadline: number): void {
  if (Date.now() > deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
}

/**
 * `compact-dates`: a document whose rows print their dates as digits alone ("010126 BEGINNING
 * BALANCE", "20250131") has no transactions read with dates as separators print them; it is read
 * again with digits alone as dates. Only then: elsewhere six or eight digits are references.
 */
export function extractStatements(input: LayoutDocument, opts: ExtractOptions): Statement[] {
  try {
    return extractWith(input, opts, false);
  } catch (e) {
    if (!isAppError(e) || e.code !== 'NO_TRANSACTIONS' || !passEnabled('compact-dates')) throw e;
    return extractWith(input, opts, true);
  }
}

function extractWith(input: LayoutDocument, opts: ExtractOptions, compactDates: boolean): Statement[] {
  checkDeadline(opts.deadline);
  const trace = new Tracer();
  if (compactDates)
    trace.note(
      'compact-dates',
      'dates',
      null,
      'digits alone',
      'no transactions were found with dates printed otherwise',
    );
  const doc: LayoutDocument = { pages: input.pages.map(normalisePage) };
  const runs = doc.pages.flatMap((p) => p.lines.flatMap((l) => l.runs.map((r) => r.text)));
  const decimal = inferDecimalMark(runs.flatMap((t) => [t, t.split(/\s+/).slice(-2).join(' ')]));
  trace.note('tokens', 'decimalMark', null, decimal, 'the amounts the document prints');

  // Tokens and tables.
  const pages = tokenisePages(doc, { decimal, integers: false, compactDates });
  const scan = findTables(pages, trace, decimal);
  for (const table of scan.tables) {
    const cellsOfTable = table.regions.map((r) => ({ region: r, cells: scan.cells.get(r) ?? [] }));
    for (const region of table.regions) {
      const joined = assignTextRoles(region, scan.cells.get(region) ?? [], cellsOfTable);
      for (const i of joined)
        trace.note(
          'text-left-of-description',
          'table',
          null,
          `page ${region.page}`,
          `column ${i + 1}: words left of the description, its first part`,
        );
      const page = doc.pages.find((p) => p.number === region.page);
      setPageSize(region, { width: page?.width ?? 0, height: page?.height ?? 0 });
    }
  }
  checkDeadline(opts.deadline);

  // Rows.
  const { rows, models, unused, relabelled, inherited, facts: factRows } = assembleRows(scan);
  for (const region of inherited)
    trace.note(
      'table-direction',
      'bands',
      null,
      models.get(region) ?? null,
      `page ${region.page}: the way descriptions run on the table's pages before`,
    );
  for (const r of relabelled)
    trace.note('label-rows', 'line', null, r.text, `page ${r.page}: the row before's, not a total's or balance's`);
  for (const f of factRows) trace.note(f.pass, 'line', null, f.text, `page ${f.page}: a statement fact, not the row's`);
  if (unused.length) {
    scan.otherLines.push(...unused);
    scan.otherLines.sort((a, b) => a.page - b.page || a.line.index - b.line.index);
  }
  for (const [region, model] of models)
    if (model !== 'single') trace.note('rows', 'bands', null, model, `page ${region.page}`);

  // Values: the document's day order, from every numeric date it prints.
  const factLines = scan.otherLines.map((o) => o.line);
  const factTexts = factLines.map(lineText);
  const datesOf = (list: RawRow[]): DateToken[] =>
    list.flatMap((r) => {
      const col = r.region.columns.find((c) => c.role === 'date');
      return col ? (r.cells[col.index] ?? []).flatMap((t) => (t.date ? [t.date] : [])) : [];
    });
  const rowDates = datesOf(rows);
  // Page numbers printed as "2/29" are not dates (page-counters).
  const counters = findPageCounters(pages.flatMap((p) => p.lines));
  for (const c of counters.found)
    trace.note('page-counters', 'dates', c.text, null, `pages ${c.from} to ${c.to}: numbers of the pages, not dates`);
  const allDates = pages.flatMap((p) =>
    p.lines.flatMap((l) =>
      l.tokens.flatMap((t) => (t.kind === 'date' && t.date && !counters.has(l.page, t.date.text) ? [t.date] : [])),
    ),
  );
  // Month names of the tables and of the facts vote together for the document's language.
  const factDates = factLines.flatMap((l, i) =>
    datesIn(factTexts[i] as string).flatMap((d) => (counters.has(l.page, d.token.text) ? [] : [d.token])),
  );
  const settle = settleMonthNames([...allDates, ...factDates]);
  // Dates inside the facts' sentences ("From 11/01/2023 to 11/30/2023") tell the day order too.
  const evidence = dayOrderEvidence([...allDates, ...factDates]);
  let order: DayOrder | null = evidence.order;
  let why = `${evidence.dmy} dates read only as day-month, ${evidence.mdy} only as month-day`;
  // Two-digit three-part dates ("23-01-04") may be year first: the period decides between the readings.
  if (rowDates.some((t) => t.c !== undefined)) {
    // The period itself may be printed year first ("25-12-03 – 26-01-02"): read so only when no
    // other order makes a period that holds the rows read the same way ("od 6/12/23 do 5/1/24").
    let held = false;
    for (const o of ['DMY', 'MDY', 'YMD'] as const) {
      const p = findPeriod(factLines, o, settle);
      const byPeriod = p ? orderByPeriod(rowDates, p) : null;
      if (byPeriod === o && o !== 'YMD') held = true;
      if (byPeriod === 'YMD' && !(o === 'YMD' && held)) {
        order = 'YMD';
        why = 'year-first dates put the rows inside the period';
        break;
      }
    }
    if (order !== 'YMD' && spanDays(rowDates, 'YMD') <= 400 && spanDays(rowDates, order ?? 'DMY') > 800) {
      order = 'YMD';
      why = 'read year first, the rows span weeks, not years';
    }
  }
  if (!order) {
    for (const o of ['DMY', 'MDY'] as const) {
      const p = findPeriod(factLines, o, settle);
      const byPeriod = p ? orderByPeriod(rowDates, p) : null;
      if (byPeriod) {
        order = byPeriod;
        why = 'the order that puts the rows inside the period';
        break;
      }
    }
  }
  if (!order) {
    // No evidence in the dates: English with dollars reads month first, everything else day first.
    const langs = languageScores(scan.tables.flatMap((t) => t.regions.flatMap((r) => r.columns.map((c) => c.label))));
    const english =
      (langs.get('en') ?? 0) >= Math.max(0, ...[...langs.entries()].filter(([l]) => l !== 'en').map(([, v]) => v));
    order =
      english && runs.some((t) => t.includes('$')) && !findCurrency({ facts: factTexts, labels: [], affixes: [] })
        ? 'MDY'
        : 'DMY';
    why = 'no date tells; the language and currency of the page';
  }
  trace.note('values', 'dayOrder', null, order, why);
  const chosen = order;
  choosePostingDates(
    scan.tables,
    scan.cells,
    (t) => {
      const { m, d } = dayMonth(t, chosen);
      return (t.year ?? 0) * 10000 + m * 100 + d;
    },
    trace,
  );
  const statementDate = findStatementDate(factLines, order);
  const period = rowsInside(findPeriod(factLines, order, settle, statementDate), rowDates, order, trace);
  if (period) trace.note('facts', 'period', null, `${period.start}..${period.end}`, 'printed');
  // Years of the document's own lines; a notice's sentences may speak of other years.
  const years = pages.flatMap((p) =>
    p.lines.flatMap((l) =>
      isRunningText(l)
        ? []
        : l.tokens.flatMap((t) =>
            t.kind === 'date'
              ? t.date?.year
                ? [t.date.year]
                : []
              : // A date inside a label's text ("Vencimento 10/07/2025").
                datesIn(t.text).flatMap((d) => (d.token.year ? [d.token.year] : [])),
          ),
    ),
  );
  const facts: DocumentFacts = {
    order,
    decimal,
    period,
    statementDate,
    reference: statementDate ?? latestFactDate(factLines, order, mostCommon(years)),
    fallbackYear: mostCommon(years) ?? new Date().getUTCFullYear(),
    bankName: findBankName(scan.otherLines.map((o) => o.line)),
    holder: findHolder(scan.otherLines.map((o) => o.line)),
    currency: null,
    card: cardEvidence(factLines),
  };

  // Statements and their ledgers.
  const statements: Statement[] = [];
  for (const part of splitStatements(scan)) {
    checkDeadline(opts.deadline);
    const partPeriod = rowsInside(findPeriod(part.lines, order, settle, statementDate), rowDates, order, trace);
    const breaks: RawRow[] = [];
    const s = buildStatement(part, rows, facts, partPeriod, trace, breaks);
    const split =
      s && breaks.length
        ? ledgersAtBreaks(part, rows, breaks, s, (r, t) => buildStatement(part, r, facts, partPeriod, t), trace)
        : null;
    const whole = split ?? (s ? [s] : []);
    // Months of one account printed one after the other (statement-periods).
    const pieces = cutAtPeriods(part, (lines) => findPeriod(lines, order, settle, statementDate));
    const byPeriod = statementsByPeriod(
      pieces,
      whole,
      (piece, t) =>
        buildStatement(
          piece,
          rows,
          facts,
          rowsInside(
            findPeriod(piece.lines, order, settle, statementDate),
            datesOf(rows.filter((r) => piece.regions.includes(r.region))),
            order,
            t,
          ),
          t,
        ),
      trace,
    );
    statements.push(...(byPeriod ?? whole));
  }
  if (!statements.length) throw new AppError('NO_TRANSACTIONS', 'No transactions were found in this document.');
  return statements;
}

/**
 * `period-fits-rows`: a printed range is the statement's period only when the rows' dates fall
 * inside it (a few days' grace, as a card posts after its cut-off): a range found elsewhere (a fee
 * notice's "from 1 Sep 2024 to 30 Nov 2024") must not give the rows their years.
 */
function rowsInside(period: Period | null, rowDates: DateToken[], order: DayOrder, trace: Tracer): Period | null {
  if (!period || !rowDates.length || !passEnabled('period-fits-rows')) return period;
  const isos = resolveDates(rowDates, { order, period, reference: null, fallbackYear: 0 });
  const lo = addDays(period.start, -10);
  const hi = addDays(period.end, 10);
  const inside = isos.filter((d) => d !== null && d >= lo && d <= hi).length;
  if (inside * 2 >= isos.length) return period;
  trace.note(
    'period-fits-rows',
    'period',
    `${period.start}..${period.end}`,
    null,
    `${isos.length - inside} of ${isos.length} row dates fall outside it`,
  );
  return null;
}

/**
 * Where no date is labelled the statement's, the latest full date its own lines print (a due
 * date, a print date: rows are not after it), of the document's year or the next: a year's last
 * rows then stay in that year when the date is in January.
 */
function latestFactDate(lines: TokenLine[], order: DayOrder, year: number | null): string | null {
  if (year === null) return null;
  return latestFullDate(lines, order, (_text, y) => y >= year && y <= year + 1);
}

function mostCommon(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  let n = 0;
  for (const [v, c] of counts)
    if (c > n) {
      best = v;
      n = c;
    }
  return best;
}

/** The days from the earliest to the latest row date under an order (a statement spans weeks or months). */
function spanDays(tokens: DateToken[], order: DayOrder): number {
  const isos = resolveDates(tokens, { order, period: null, reference: null, fallbackYear: 0 }).filter(
    (d): d is string => d !== null,
  );
  if (isos.length < 2) return 0;
  const sorted = isos.sort();
  return (Date.parse(sorted[sorted.length - 1] as string) - Date.parse(sorted[0] as string)) / 86_400_000;
}

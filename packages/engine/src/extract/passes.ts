/**
 * Every pass of the extraction pipeline, by stage, with the evidence it acts on. A pass is a
 * decision or repair the pipeline could do without: each is registered here, recorded in the trace
 * when it changes something, and can be switched off (`STATEMINT_DISABLE_PASSES=a,b`, or the
 * bench's `--ablate`, which scores a corpus once with each pass off). A pass that no document
 * needs is deleted, with its test.
 *
 * Stage notes (`tokens`, `table`, `rows`, `values`, `facts`) record what a stage decided; they are
 * not passes and cannot be switched off.
 */

export type Stage = 'tokens' | 'table' | 'rows' | 'values' | 'facts' | 'statements' | 'ledger';

export const PASSES = {
  // tokens
  'unseen-glyphs': {
    stage: 'tokens',
    evidence: 'glyphs painted white, left out where the statements then add up better',
  },
  'compact-dates': { stage: 'tokens', evidence: 'dates printed as digits alone, where no other dates give rows' },
  'page-counters': { stage: 'tokens', evidence: "a page's number of the pages ('2/29' on page 2), read as a date" },
  'ocr-split-dates': { stage: 'tokens', evidence: 'words of one date OCR cut apart that read as a date together' },
  'ocr-leading-date': { stage: 'tokens', evidence: 'the date that starts a line, as OCR damaged it' },
  // table
  'posting-date-column': { stage: 'table', evidence: 'which date column posts: its label, else dates in order' },
  'split-seeds': { stage: 'table', evidence: 'a dated line overlapping the line of its amounts' },
  'row-numbers': { stage: 'table', evidence: 'a column counting the rows 1, 2, 3 is no reference' },
  'labelled-dates': { stage: 'table', evidence: "a date after a label's colon is a fact's value, not a row's date" },
  'amounts-below': { stage: 'table', evidence: 'a dated line without amounts over the indented line of its amounts' },
  'header-words': { stage: 'table', evidence: 'a header line names a column in words the vocabulary knows' },
  'labels-over-figures': { stage: 'table', evidence: "a header line's words over the figures the main line names not" },
  'evenly-spaced-rows': { stage: 'table', evidence: 'dated rows far apart at one even step are one table' },
  'header-led': { stage: 'table', evidence: 'a header naming a date and a money column over amount lines' },
  'undated-pages': {
    stage: 'table',
    evidence: "a page without dates or header whose amounts stand in the table's columns",
  },
  'carried-region': { stage: 'table', evidence: "a page's one dated row in the table's own columns" },
  'text-under-labels': { stage: 'table', evidence: 'a label start the text under it runs through divides no column' },
  'merged-labels': { stage: 'table', evidence: "a later page's label under the table's column" },
  'tail-amounts-as-text': { stage: 'table', evidence: 'figures at a line end with no money column under them' },
  'filler-marks': { stage: 'table', evidence: "leader dots in a column's wrapped lines, left out of its kind" },
  'side-by-side': { stage: 'table', evidence: 'two runs of date .. money columns next to each other' },
  'text-left-of-description': { stage: 'table', evidence: 'a column of words left of the description, no header' },
  'text-off-the-date-line': { stage: 'table', evidence: 'no dated line holds words: the lines around them do' },
  'label-cut-cells': { stage: 'table', evidence: "text cut from the description's cells at its label's start" },
  'overhanging-text': {
    stage: 'table',
    evidence: "a description line running under the amounts' columns, rows following it",
  },
  'two-amounts-one-column': {
    stage: 'table',
    evidence: 'a line printing two amounts apart where other lines make one column',
  },
  'integer-amounts': { stage: 'table', evidence: 'whole numbers in a column of amounts printed with decimals' },
  'nil-cells': { stage: 'table', evidence: 'a dash standing alone where a cell is empty, away from any amount' },
  'ocr-cells': { stage: 'table', evidence: 'an OCR cell read as its column kind' },
  'wrapped-amounts': { stage: 'table', evidence: "an amount's last digits wrapped onto the line under it" },
  // rows
  'table-direction': { stage: 'rows', evidence: "the way descriptions run on the table's pages before" },
  'table-foot': { stage: 'rows', evidence: "a line set apart under the table's last row, left of the descriptions" },
  'dated-starts': { stage: 'rows', evidence: 'a dated line without an amount starts the row under it' },
  'label-rows': { stage: 'rows', evidence: "a label line that belongs to the row before, not a total's" },
  'balance-lines': { stage: 'rows', evidence: "a line under a row's amounts naming a balance or total with a figure" },
  // values and facts
  'ocr-damaged-dates': { stage: 'values', evidence: 'the one date between its neighbours with the digits read' },
  'ocr-look-alike-dates': {
    stage: 'values',
    evidence: 'a date outside the period that one digit of like shape puts between its neighbours',
  },
  'ocr-posted-before-sold': {
    stage: 'values',
    evidence: "a posting date before its row's transaction date, one digit of like shape from one on or after it",
  },
  'period-fits-rows': { stage: 'facts', evidence: 'a printed range is the period only when the rows fall inside it' },
  // statements
  'future-tables': { stage: 'statements', evidence: "a later table whose every date is after the statement's end" },
  'statement-periods': {
    stage: 'statements',
    evidence: 'a period printed between two regions other than the one before',
  },
  'ledger-breaks': {
    stage: 'statements',
    evidence: 'a balance row the running balance does not reach starts a ledger',
  },
  'secondary-tables': { stage: 'statements', evidence: 'a second table kept only where the balances allow it' },
  // ledger, in the order they run (statements/build.ts)
  'newest-first': { stage: 'ledger', evidence: 'rows printed newest first, read oldest first for the balances' },
  'bare-sides': { stage: 'ledger', evidence: 'a column marking one side with a word prints the other side bare' },
  'labelled-balance-rows': { stage: 'ledger', evidence: 'rows whose label names a balance' },
  'balance-labels-judged': {
    stage: 'ledger',
    evidence: 'rows a balance label starts, read as transactions where the statement then adds up better',
  },
  'repeated-total-rows': { stage: 'ledger', evidence: 'subtotals printed again' },
  'total-rows': { stage: 'ledger', evidence: 'rows that are the sum of the rows before' },
  'side-totals': { stage: 'ledger', evidence: "a figure at the table's foot that is the sum of one side's amounts" },
  'bracketing-balance-rows': { stage: 'ledger', evidence: 'first and last rows that are the opening and closing' },
  'money-roles': { stage: 'ledger', evidence: 'the reading of the money columns that reconciles best' },
  'totals-judged': {
    stage: 'ledger',
    evidence: "the summary's printed totals in and out, for the money columns' reading",
  },
  'summed-columns': {
    stage: 'ledger',
    evidence: 'money in, out and a fee summed on a row, where the balances prove it',
  },
  'owed-balances': {
    stage: 'ledger',
    evidence: "an overdrawn account's bare balances, read as owed where they chain so",
  },
  'apply-reading': { stage: 'ledger', evidence: 'the chosen reading applied to every row' },
  'summary-tables': { stage: 'ledger', evidence: 'a table of balances and no transaction beside the ledger' },
  'zero-status-lines': { stage: 'ledger', evidence: 'a row without an amount printing 0.00 where a balance stands' },
  'continued-lines': { stage: 'ledger', evidence: 'an undated row without an amount straight under a transaction' },
  'after-closing': { stage: 'ledger', evidence: 'rows printed after the closing balance' },
  'amount-lines-in-rows': {
    stage: 'ledger',
    evidence: 'an undated line with a figure under a row, the balances chaining over it without the figure',
  },
  'printed-balances': { stage: 'ledger', evidence: 'opening and closing as printed' },
  'amount-column-balances': {
    stage: 'ledger',
    evidence: 'a balance row printed under an amount the running balances chain better without',
  },
  'balance-rows-judged': {
    stage: 'ledger',
    evidence: "the opening or closing the amounts come to: the label's or the ledger's row",
  },
  'ocr-labelled-balances': { stage: 'ledger', evidence: "a summary figure one leading digit off the table's" },
  'ocr-missing-amounts': { stage: 'ledger', evidence: 'an unreadable amount the balances around it prove' },
  'signs-from-balances': { stage: 'ledger', evidence: 'the one sign assignment the running balances allow' },
  'sign-flips': { stage: 'ledger', evidence: "a stretch off by twice one row's amount" },
  'ocr-balance-repair': { stage: 'ledger', evidence: 'a running balance OCR misread, proven by its neighbours' },
  'ocr-amount-repair': { stage: 'ledger', evidence: 'an amount OCR misread, proven by the balances' },
  'section-signs': { stage: 'ledger', evidence: 'a section of unsigned amounts takes the sign that reconciles' },
  'default-signs': { stage: 'ledger', evidence: "the table's sign convention for what is still unsigned" },
  'shared-balances': { stage: 'ledger', evidence: "a day's rows each printing the balance after the last of them" },
  'ocr-missing-balances': { stage: 'ledger', evidence: 'a running balance OCR lost, from the amounts' },
  'balances-by-sum': { stage: 'ledger', evidence: 'a figure outside the table that opening + amounts reach' },
  'inferred-balances': { stage: 'ledger', evidence: 'opening and closing from the running balances' },
  'ocr-opening': { stage: 'ledger', evidence: 'an opening OCR misread, proven by the first running balances' },
  'ocr-closing': { stage: 'ledger', evidence: 'a closing OCR misread, proven by the amounts' },
  'sign-convention': { stage: 'ledger', evidence: 'every sign the other way round reconciles where as read does not' },
  'printed-totals': { stage: 'ledger', evidence: 'the totals of credits and debits the statement prints, checked' },
} as const satisfies Record<string, { stage: Stage; evidence: string }>;

export type PassName = keyof typeof PASSES;

/** The passes switched off for this process (read on each call: the bench sets it per run). */
function disabled(): Set<string> {
  const raw = process.env.STATEMINT_DISABLE_PASSES ?? '';
  if (raw === cachedRaw) return cachedSet;
  cachedRaw = raw;
  cachedSet = new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return cachedSet;
}
let cachedRaw = '';
let cachedSet = new Set<string>();

export function passEnabled(name: PassName): boolean {
  return !disabled().has(name);
}

/** Names in STATEMINT_DISABLE_PASSES that are no pass (a typo would otherwise switch nothing off). */
export function unknownDisabledPasses(): string[] {
  return [...disabled()].filter((n) => !(n in PASSES));
}

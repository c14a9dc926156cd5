/**
 * Is this document a bank statement? Invoices, receipts and letters are refused with
 * NOT_A_STATEMENT instead of being converted into "transactions" (an invoice's line items) or
 * answered with NO_TRANSACTIONS. A document is refused only when both hold:
 *
 * - no evidence of a statement. Strong: printed running balances on the rows, or an opening and a
 *   closing balance (from the extracted statements; without them, lines labelled as both). Weak:
 *   an account number printed with its number, a statement period, rows with amounts whose dates
 *   run in order. Strong evidence always keeps a document; weak evidence keeps it unless the
 *   document names itself an invoice or receipt many times over.
 * - evidence of another kind of document: the words of invoices, receipts, quotes and delivery
 *   notes of every language the engine reads (extract/vocabulary `notStatement`) on lines that
 *   are not transaction rows, or a page of prose (a letter) with no table of dated amounts.
 *
 * Nothing here names a bank or a document; the evidence is the same for every language.
 */
import type { Statement } from '@statemint/shared';
import { hasFactWord, hasNotStatementWord, normaliseWords, rowLabels } from '../extract/vocabulary';
import type { LayoutDocument } from '../layout/model';

export const CLASSIFY = {
  /** Rows with a printed balance that make a running balance. */
  minBalancedRows: 2,
  /** Dated rows (in date order, over more than one day) that look like a ledger. */
  minDatedRows: 3,
  /** Lines with invoice or receipt words that say what a document is. */
  minKindLines: 3,
  /** With this many, weak statement evidence (an account, a period, dated rows) does not save it. */
  manyKindLines: 5,
  /** Lines of prose (a letter): at least this many, and this share of the lines with words. */
  minProseLines: 3,
  minProseShare: 0.4,
} as const;

export interface Evidence {
  strong: Set<string>;
  weak: Set<string>;
  /** What else the document is: its invoice/receipt lines, or prose. */
  kind: Set<string>;
}

export type Verdict = { statement: true; evidence: Evidence } | { statement: false; evidence: Evidence; why: string };

/** A printed date: 01/03/2024, 2024-03-01, 1.3.24, 1 March 2024, 01-MAR-2024. */
const DATE = /\b(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}[ .-]?\p{L}{3,}\.?[ ,.-]*\d{4})\b/gu;

const lineText = (runs: { text: string }[]) => runs.map((r) => r.text).join(' ');

/** What the extracted statements show of a statement. */
function statementsEvidence(statements: readonly Statement[], e: Evidence): void {
  for (const s of statements) {
    const balanced = s.transactions.filter((t) => t.balance !== null).length;
    if (balanced >= CLASSIFY.minBalancedRows) e.strong.add(`${balanced} rows print a running balance`);
    if (s.statement.openingBalance !== null && s.statement.closingBalance !== null)
      e.strong.add('an opening and a closing balance');
    if (s.reconciliation.status === 'balanced') e.strong.add('its rows reconcile with its balances');
    if (s.statement.accountNumber) e.weak.add('an account number');
    if (s.statement.periodStart && s.statement.periodEnd) e.weak.add('a statement period');
    if (datedInOrder(s)) e.weak.add(`${s.transactions.length} dated rows in date order`);
  }
}

function datedInOrder(s: Statement): boolean {
  const dates = s.transactions.map((t) => t.date).filter(Boolean);
  if (dates.length < CLASSIFY.minDatedRows || new Set(dates).size < 2) return false;
  const up = dates.every((d, i) => i === 0 || d >= (dates[i - 1] as string));
  const down = dates.every((d, i) => i === 0 || d <= (dates[i - 1] as string));
  return up || down;
}

/** What the document's lines show; returns how many lines (outside transaction rows) have invoice or receipt words. */
function textEvidence(doc: LayoutDocument, statements: readonly Statement[], e: Evidence): number {
  // A line holding a transaction's description is a row: its words say what was bought, not
  // what the document is ("INVOICE 1234" paid from an account).
  const descriptions = statements.flatMap((s) => s.transactions.map((t) => normaliseWords(t.description))).join('\n');
  const isRow = (runs: { text: string }[]) =>
    runs.some((r) => {
      const t = normaliseWords(r.text);
      return /\p{L}{3}/u.test(t) && descriptions.includes(t);
    });
  let opening = false;
  let closing = false;
  let withWords = 0;
  let prose = 0;
  const kindLines = new Set<string>();
  for (const page of doc.pages)
    for (const line of page.lines) {
      const text = lineText(line.runs);
      const labels = rowLabels(text);
      opening ||= labels.includes('opening');
      closing ||= labels.includes('closing');
      if (/\d{6,}/.test(text.replace(/[\s-]/g, '')) && hasFactWord(text, 'account')) e.weak.add('an account number');
      if ((text.match(DATE)?.length ?? 0) >= 2 && hasFactWord(text, 'period')) e.weak.add('a statement period');
      const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
      if (words >= 3) withWords++;
      if (isProse(text, words)) prose++;
      // A card statement's own facts ("Payment due date", "Minimum amount due") share words with
      // a bill's; a line that names one is the statement's, not an invoice's.
      if (hasNotStatementWord(text) && !isRow(line.runs) && !hasFactWord(text, 'card'))
        kindLines.add(normaliseWords(text));
    }
  if (opening && closing) e.strong.add('lines of an opening and a closing balance');
  if (kindLines.size >= CLASSIFY.minKindLines) e.kind.add(`${kindLines.size} lines of an invoice or receipt`);
  // Prose says "letter" only where no table of dated amounts was found: a statement's notice pages,
  // terms, marketing or placeholder text (lorem ipsum) are prose too, and never count against it.
  const rows = statements.reduce((n, s) => n + s.transactions.length, 0);
  if (rows < CLASSIFY.minDatedRows && prose >= CLASSIFY.minProseLines && prose >= CLASSIFY.minProseShare * withWords)
    e.kind.add(`${prose} lines of prose`);
  return kindLines.size;
}

/** A line of running text: many words, little else (no column of amounts). */
function isProse(text: string, words: number): boolean {
  const tokens = text.split(/\s+/).filter(Boolean).length;
  const amounts = text.match(/\d[\d.,' ]*[.,]\d{2}(?!\d)/g)?.length ?? 0;
  return words >= 7 && words >= 0.75 * tokens && amounts <= 1;
}

/**
 * The verdict on a document, from its layout and what extraction made of it (no statements when
 * extraction found no transactions).
 */
export function classifyDocument(doc: LayoutDocument, statements: readonly Statement[]): Verdict {
  const e: Evidence = { strong: new Set(), weak: new Set(), kind: new Set() };
  statementsEvidence(statements, e);
  // A statement that shows its balances is one; its text need not be read again.
  if (e.strong.size) return { statement: true, evidence: e };
  const kindLines = textEvidence(doc, statements, e);
  if (e.strong.size || !e.kind.size) return { statement: true, evidence: e };
  if (e.weak.size && kindLines < CLASSIFY.manyKindLines) return { statement: true, evidence: e };
  return { statement: false, evidence: e, why: [...e.kind].join('; ') };
}

/**
 * The words statements print, per language, as data: column labels by role, labels of balance
 * and total rows, sign words, and the labels of statement facts. One file per language; they are
 * compiled once, in `index.ts`. Words are written as printed (any case, with diacritics); matching
 * ignores case, diacritics and a plural -s.
 *
 * Words are evidence, never the only way in: tables are found by their geometry, and roles are
 * decided by what reconciles. A word here names a role when nothing else tells it.
 */
export interface Vocabulary {
  /** ISO 639-1 code. */
  language: string;
  columns: {
    /** A date column that may be the booking date. */
    date: string[];
    /** The booking (posting) date, where a table prints two dates. */
    postingDate: string[];
    /** The date a card purchase was made (the posting date is the transaction's date). */
    transactionDate: string[];
    valueDate: string[];
    description: string[];
    debit: string[];
    credit: string[];
    /** One signed amount column. */
    amount: string[];
    balance: string[];
    reference: string[];
    /** A column that says debit or credit (D/C, S/H, Dr/Cr). */
    sign: string[];
    /** Columns the engine does not use: fees, a foreign amount, a rate, a category, a channel, a code, a time. */
    unused: string[];
  };
  rows: {
    /** Opening balance, previous balance, balance brought forward. */
    opening: string[];
    /** Closing balance, new balance, balance carried forward (also a page's carried-forward line). */
    closing: string[];
    /** Totals and subtotals. */
    total: string[];
  };
  /** Words and letters that mark a debit or a credit (after an amount, or in a sign column). */
  signs: { debit: string[]; credit: string[] };
  facts: {
    /** Labels of the statement period. */
    period: string[];
    /** Words between the two dates of a period ("to", "bis", "au"). */
    rangeJoin: string[];
    /** Words before the first date of a period ("from", "vom", "du"). */
    rangeFrom: string[];
    /** Labels of the date the statement was made. */
    statementDate: string[];
    /** Labels of the account number. */
    account: string[];
    /** Labels of the account holder. */
    holder: string[];
    /** Words only credit-card statements print (minimum payment, credit limit, due date). */
    card: string[];
    /** Words that mark an overdrawn balance. */
    overdrawn: string[];
    /** Labels of the account's currency ("Currency", "Währung", "Moneda"). */
    currency: string[];
  };
  /** Section headings that sign the unsigned amounts under them ("Deposits and other credits", "Checks paid"). */
  sections: { credit: string[]; debit: string[] };
  /** Words of documents that are not statements: invoices, receipts, quotes, delivery notes. */
  notStatement: string[];
}

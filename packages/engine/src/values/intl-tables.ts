/**
 * Tables the engine derives from Node's Intl (CLDR): month names (values/months.ts) and which
 * currency a symbol names (extract/facts/currency.ts). Building them asks Intl for a few thousand
 * formatters, about 0.15 s of CPU at every start of a process, for the same answer each time.
 *
 * The bundles (the command line, the server and its threads) carry them prebuilt:
 * scripts/lib/bundles.mjs builds them at bundle time, under the Node (and so the ICU data) that
 * runs the bundle (its fingerprint includes Node's version), and defines STATEMINT_INTL_TABLES.
 * Where the sources run as they are (tests) there is no such constant and each table is built on
 * first use.
 */

export interface IntlTables {
  /** Month names as values/months.ts holds them after reading the Latin-script languages, in insertion order. */
  monthsLatin: MonthEntries;
  /** ... and after reading the other languages too. */
  monthsAll: MonthEntries;
  /** Symbol -> ISO code of the symbols that name one currency, in insertion order. */
  currencySymbols: [symbol: string, code: string][];
}

export type MonthEntries = [key: string, months: [month: number, languages: string[]][]][];

/** The tables as JSON text (JSON.parse reads it faster than V8 compiles the same object literal). */
declare const STATEMINT_INTL_TABLES: string | undefined;

export const prebuiltIntlTables: IntlTables | null =
  typeof STATEMINT_INTL_TABLES === 'undefined' ? null : (JSON.parse(STATEMINT_INTL_TABLES) as IntlTables);

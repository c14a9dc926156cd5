/**
 * The account currency, from evidence only: an ISO 4217 code printed in the statement's facts,
 * column labels or amounts, or a symbol that names one currency alone. Which symbols do is
 * CLDR's answer, through Intl: each currency's symbol in its home country's locale (USD, CAD,
 * AUD, MXN and SGD all print "$", so "$" names none; "kr" is Swedish, Norwegian and Danish) and
 * its English symbol ("A$", "MX$", "US$"). Where no amount or label names it: the country of a
 * valid IBAN in the facts, then the language of the column labels where CLDR makes it the main
 * language of one currency's countries only (Polish: PLN; German: EUR and CHF, so none).
 * Otherwise the currency is unknown (null), never a guess.
 */
import { prebuiltIntlTables } from '../../values/intl-tables';
import { hasFactWord, languageScores } from '../vocabulary';

let symbols: Map<string, string> | null = null;
let codes: Set<string> | null = null;

function homeLocale(code: string): string {
  const region = code.slice(0, 2);
  if (code === 'EUR') return 'en-IE';
  try {
    return new Intl.Locale(`und-${region}`).maximize().toString();
  } catch {
    return 'en';
  }
}

function symbolOf(locale: string, code: string, display: 'symbol' | 'narrowSymbol' = 'symbol'): string | null {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display })
      .formatToParts(1)
      .find((p) => p.type === 'currency');
    return part?.value.trim() ?? null;
  } catch {
    return null;
  }
}

/** Symbols that name one currency, as the bundle carries them prebuilt (values/intl-tables.ts). */
export function currencySymbolTable(): [string, string][] {
  return [...table()];
}

function table(): Map<string, string> {
  if (symbols) return symbols;
  if (prebuiltIntlTables) {
    symbols = new Map(prebuiltIntlTables.currencySymbols);
    return symbols;
  }
  const found = new Map<string, Set<string>>();
  const add = (symbol: string | null, code: string) => {
    if (!symbol || symbol === code) return;
    let set = found.get(symbol);
    if (!set) {
      set = new Set();
      found.set(symbol, set);
    }
    set.add(code);
  };
  for (const code of Intl.supportedValuesOf('currency')) {
    add(symbolOf(homeLocale(code), code), code);
    add(symbolOf('en', code), code);
    // Canadian English names the US dollar "US$".
    add(symbolOf('en-CA', code), code);
    // Letter abbreviations are shared by a family of currencies ("Rs" rupees, "kr" kronor and kroner).
    const narrow = symbolOf('en', code, 'narrowSymbol');
    if (narrow && /^\p{L}+\.?$/u.test(narrow)) add(narrow, code);
  }
  symbols = new Map();
  for (const [symbol, set] of found) {
    // A single letter ("R", "K") is too weak to name a currency by itself.
    if (set.size === 1 && symbol.replace(/\.$/, '').length >= 2) symbols.set(symbol, [...set][0] as string);
    else if (set.size === 1 && /\p{Sc}/u.test(symbol)) symbols.set(symbol, [...set][0] as string);
  }
  return symbols;
}

export function isCurrencyCode(text: string): boolean {
  codes ??= new Set(Intl.supportedValuesOf('currency'));
  return codes.has(text);
}

/**
 * The currencies that CLDR writes with this symbol in a locale of this language (one ICU has data
 * for, of the currency's own country): "$" in French is the Canadian dollar alone (fr-CA); in
 * English or Spanish, many.
 */
const written = new Map<string, string[]>();
function currenciesWritten(symbol: string, language: string): string[] {
  const key = `${symbol} ${language}`;
  const known = written.get(key);
  if (known) return known;
  const found = Intl.supportedValuesOf('currency').filter((code) => {
    const locale = `${language}-${code.slice(0, 2)}`;
    try {
      if (new Intl.NumberFormat(locale).resolvedOptions().locale !== locale) return false;
    } catch {
      return false;
    }
    return symbolOf(locale, code) === symbol;
  });
  written.set(key, found);
  return found;
}

/** The currency a symbol names alone, or null ("$", "kr" and "R" name none). */
export function currencyOfSymbol(symbol: string): string | null {
  const s = symbol.trim();
  if (isCurrencyCode(s)) return s;
  return table().get(s) ?? table().get(s.replace(/\.$/, '')) ?? null;
}

/**
 * Abbreviations banks print that CLDR does not list as symbols, each naming one currency alone.
 * (CLDR writes the Singapore dollar "$" at home and the Turkish lira "₺"; statements print "S$" and "TL".)
 */
const PRINTED_SYMBOLS: Record<string, string> = { S$: 'SGD', TL: 'TRY' };

/** The currency a symbol names alone, CLDR first, then what banks print. */
function namedBy(symbol: string): string | null {
  return currencyOfSymbol(symbol) ?? PRINTED_SYMBOLS[symbol.trim()] ?? null;
}

/**
 * Countries that pay in euros (the euro area, and the states that use it by agreement): ISO 4217
 * gives them no code of their own. Bulgaria joined in 2026; its IBANs still name BGN here.
 */
const EURO_AREA = new Set('AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK'.split(' '));

/** The currency of a country: the euro, or the one current ISO code that starts with the country's. */
function currencyOfCountry(region: string): string | null {
  if (EURO_AREA.has(region)) return 'EUR';
  const own = Intl.supportedValuesOf('currency').filter((c) => c.startsWith(region));
  return own.length === 1 ? (own[0] as string) : null;
}

/** IBANs in a text (grouped in fours or not) whose check digits hold (ISO 13616, mod 97). */
function ibanCountries(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b/g)) {
    const compact = `${m[3]}${m[1]}${m[2]}`.replace(/ /g, '');
    let rest = 0;
    for (const ch of compact) {
      const v = Number.parseInt(ch, 36);
      rest = (v > 9 ? rest * 100 + v : rest * 10 + v) % 97;
    }
    if (rest === 1) out.push(m[1] as string);
  }
  return out;
}

let languageCurrencies: Map<string, Set<string>> | null = null;

/**
 * The currencies of the countries whose main language (CLDR's likely subtags, through Intl) is
 * each language: the countries are those of the current ISO codes and the euro area.
 */
function currenciesOfLanguage(language: string): Set<string> {
  if (!languageCurrencies) {
    languageCurrencies = new Map();
    const regions = new Set([...Intl.supportedValuesOf('currency').map((c) => c.slice(0, 2)), ...EURO_AREA]);
    for (const region of regions) {
      const currency = currencyOfCountry(region);
      if (!currency) continue;
      let main: string;
      try {
        main = new Intl.Locale(`und-${region}`).maximize().language;
      } catch {
        continue;
      }
      const set = languageCurrencies.get(main) ?? new Set<string>();
      set.add(currency);
      languageCurrencies.set(main, set);
    }
  }
  return languageCurrencies.get(language) ?? new Set();
}

export interface CurrencyEvidence {
  /** Lines outside the tables (account block, summaries). */
  facts: string[];
  /** Column labels of the transaction tables ("Amount (EUR)"). */
  labels: string[];
  /** Currencies printed with the amounts of the money columns ("€", "kr", "TL"). */
  affixes: string[];
}

const CODE_RE = /(?<![\p{L}])([A-Z]{3})(?![\p{L}])/gu;
const SYMBOL_RE = /(?:[A-Z]{0,3}\p{Sc}|(?<![\p{L}])(?:zł|Rp|kr\.?|Fr\.|Kč|Ft|lei|RM|TL)(?=[\s\d]|$))/gu;
const AMOUNT_NEAR = /\d[\d.,' \u00a0\u202f]*[.,]\d{2}/;

/**
 * The account currency: ISO codes and symbols in the column labels, with the amounts, and in the
 * facts where they stand by an amount or after a currency label ("Currency: EUR"); a code
 * elsewhere in free text (an address's "CAD." for Cadde) is no evidence. The most cited wins.
 */
export function findCurrency(e: CurrencyEvidence): string | null {
  const counts = new Map<string, number>();
  const add = (code: string | null, weight = 1) => {
    if (code) counts.set(code, (counts.get(code) ?? 0) + weight);
  };
  // Symbols that name no currency alone ("$"), for the page's language to decide.
  const unnamed = new Set<string>();
  const symbol = (text: string, weight: number) => {
    const code = namedBy(text);
    if (code) add(code, weight);
    else unnamed.add(text.trim());
  };
  const scan = (text: string, weight: number) => {
    for (const m of text.matchAll(CODE_RE)) if (isCurrencyCode(m[1] as string)) add(m[1] as string, weight);
    for (const m of text.matchAll(SYMBOL_RE)) symbol(m[0], weight);
  };
  for (const text of e.labels) scan(text, 2);
  for (const line of e.facts) {
    // The value of a currency label is in the label's cell or the next ("Para Birimi  TRY"); the
    // other cells of its line (an address beside it, "ATATÜRK CAD. NO: 27") are read as free text.
    const cells = line.split(/\s{2,}/);
    const at = cells.findIndex((c) => hasFactWord(c, 'currency'));
    if (at >= 0) scan(cells.splice(at, 2).join('  '), 3);
    const text = cells.join('  ');
    if (AMOUNT_NEAR.test(text)) scan(text, 1);
    // A code standing alone as a value ("CAD" under a "Devise / Currency" label).
    else
      for (const m of text.matchAll(/(?:^|\s{2,})([A-Z]{3})(?=\s{2,}|$)/g))
        if (isCurrencyCode(m[1] as string)) add(m[1] as string);
  }
  for (const a of e.affixes) symbol(a, 1);
  if (counts.size === 0) {
    // Nothing printed names it: the account's country, then the page's language (weaker): with
    // the one symbol the amounts print, the currency that language writes so; else the one
    // currency of the countries that speak it.
    for (const text of e.facts) for (const country of ibanCountries(text)) add(currencyOfCountry(country), 2);
    const languages = [...languageScores(e.labels).entries()].sort((a, b) => b[1] - a[1]);
    const [top, second] = languages;
    if (counts.size === 0 && top && (!second || top[1] > second[1])) {
      const bySymbol = unnamed.size === 1 ? currenciesWritten([...unnamed][0] as string, top[0]) : [];
      const spoken = [...currenciesOfLanguage(top[0])];
      if (bySymbol.length === 1) add(bySymbol[0] as string);
      else if (spoken.length === 1) add(spoken[0] as string);
    }
  }
  let best: string | null = null;
  let most = 0;
  for (const [code, n] of counts) {
    if (n > most) {
      best = code;
      most = n;
    }
  }
  return best;
}

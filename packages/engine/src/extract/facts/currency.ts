/**
 * The account currency, from evidence only: an ISO 4217 code printed in the statement's facts,
 * column labels or amounts, or a symbol that names one currency alone. Which symbols do is
 * CLDR's answer, through Intl: each currency's symbol in its home country's locale (USD, CAD,
 * AUD, MXN and SGD all print "$", so "$" names none; "kr" is Swedish, Norwegian and Danish) and
 * its English symbol ("A$", "MX$", "US$"). Otherwise the currency is unknown (null), never a guess.
 */
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

function table(): Map<string, string> {
  if (symbols) return symbols;
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

/** The currency a symbol names alone, or null ("$", "kr" and "R" name none). */
export function currencyOfSymbol(symbol: string): string | null {
  const s = symbol.trim();
  if (isCurrencyCode(s)) return s;
  return table().get(s) ?? table().get(s.replace(/\.$/, '')) ?? null;
}

/**
 * The most printed currency among the evidence: ISO codes standing as words in the texts
 * (facts and column labels), and the currency affixes of amounts.
 */
export function findCurrency(texts: string[], affixes: string[]): string | null {
  const counts = new Map<string, number>();
  const add = (code: string | null, weight = 1) => {
    if (code) counts.set(code, (counts.get(code) ?? 0) + weight);
  };
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![\p{L}])([A-Z]{3})(?![\p{L}])/gu)) if (isCurrencyCode(m[1] as string)) add(m[1] as string);
    for (const m of text.matchAll(/(?:[A-Z]{0,3}\p{Sc}|\b(?:zł|Rp|kr\.?|Fr\.|Kč|Ft|lei|RM)(?=[\s\d]|$))/gu)) add(currencyOfSymbol(m[0]));
  }
  for (const a of affixes) add(currencyOfSymbol(a));
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

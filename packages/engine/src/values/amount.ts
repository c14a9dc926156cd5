/**
 * Money tokens: recognition and parsing into integer minor units (cents).
 * Never parseFloat a printed amount; an unreadable amount is `null`, never 0.
 */

export type DecimalMark = '.' | ',';

/** What a printed amount says about its sign. */
export type SignMark = 'minus' | 'plus' | 'debit' | 'credit' | null;

export interface ParsedAmount {
  /** Absolute value in minor units. */
  cents: number;
  /** Sign written on the token itself (leading/trailing minus, parentheses, DR/CR, S/H, D). */
  mark: SignMark;
  /** Currency symbol or code printed with it, if any. */
  currency: string | null;
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  '£': 'GBP',
  '€': 'EUR',
  '₹': 'INR',
  '¥': 'JPY',
  '₩': 'KRW',
  R$: 'BRL',
};

// Leading part: sign, parenthesis, currency; the number; trailing: sign, parenthesis, DR/CR etc.
const AMOUNT_RE =
  /^(?<lead>[-+−–]?\s?\(?\s?(?:R\$|[$£€₹¥]|[A-Z]{3}\s)?\s?[-+−]?)(?<num>\d{1,3}(?:(?<sep>[.,' \u00a0\u202f])\d{2,3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?<trail>\s?(?:[A-Z]{3}|[$£€₹¥])?\)?\s?(?:[-+−]|CR|DR|Cr|Dr|cr|dr|OD|od|C|D|S|H)?\.?)$/u;

/**
 * Recognises a money token. `decimal` is the document's decimal mark when known;
 * amounts must carry two decimals unless `allowIntegers` (currencies without cents).
 */
export function parseAmount(token: string, decimal: DecimalMark = '.', allowIntegers = false): ParsedAmount | null {
  const text = token.trim();
  if (!text || text.length > 32) return null;
  const m = AMOUNT_RE.exec(text);
  if (!m?.groups) return null;
  const { lead = '', num = '', trail = '' } = m.groups;
  const digits = splitNumber(num, decimal, allowIntegers);
  if (digits === null) return null;

  const open = lead.includes('(');
  const close = trail.includes(')');
  if (open !== close) return null;
  let mark: SignMark = null;
  if (open) mark = 'minus';
  if (/[-−–]/.test(lead)) mark = 'minus';
  if (lead.includes('+')) mark = 'plus';
  const suffix = trail.replace(/[\s.)]/g, '').replace(/^([A-Z]{3}|[$£€₹¥])/, '');
  if (/^[-−]$/.test(suffix)) mark = 'minus';
  else if (suffix === '+') mark = 'plus';
  else if (/^(dr|d|s|od)$/i.test(suffix))
    mark = 'debit'; // OD: overdrawn
  else if (/^(cr|c|h)$/i.test(suffix)) mark = 'credit';

  const symbol = /R\$|[$£€₹¥]/.exec(lead)?.[0] ?? /[$£€₹¥]/.exec(trail)?.[0];
  const code = /[A-Z]{3}/.exec(lead)?.[0] ?? /^([A-Z]{3})/.exec(trail.trim())?.[1];
  const currency = code ?? (symbol ? (CURRENCY_SYMBOLS[symbol] ?? symbol) : null);
  return { cents: digits, mark, currency };
}

/** '1.234,56' with decimal ',' -> 123456. Returns null when the grouping does not fit the decimal mark. */
function splitNumber(num: string, decimal: DecimalMark, allowIntegers: boolean): number | null {
  const group = decimal === '.' ? /[,' \u00a0\u202f]/ : /[.' \u00a0\u202f]/;
  let intPart = num;
  let frac = '';
  const lastDec = num.lastIndexOf(decimal);
  if (lastDec >= 0 && /^\d{1,2}$/.test(num.slice(lastDec + 1))) {
    intPart = num.slice(0, lastDec);
    frac = num.slice(lastDec + 1);
  }
  if (frac.length === 0 && !allowIntegers) return null;
  if (frac.length === 1) frac += '0';
  // The integer part may use only the grouping mark, in groups of 3 (or Indian 2s before the last 3).
  const parts = intPart.split(group);
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  if (parts.length > 1) {
    const [first, ...rest] = parts;
    if (!first || first.length > 3) return null;
    const last = rest[rest.length - 1];
    if (last?.length !== 3) return null;
    if (rest.slice(0, -1).some((p) => p.length !== 3 && p.length !== 2)) return null;
  }
  const value = Number(parts.join('')) * 100 + Number(frac || '0');
  return Number.isSafeInteger(value) ? value : null;
}

/** Decides the document's decimal mark from the amount-like tokens it prints. */
export function inferDecimalMark(tokens: Iterable<string>): DecimalMark {
  let dot = 0;
  let comma = 0;
  // "15.12" may be a day and month without a year (French, German date columns): it counts only without other evidence.
  let dayMonth = 0;
  for (const t of tokens) {
    const text = t.trim();
    // A currency after the amount ("45,12 €", "2.540,00 EUR") is the currency, not a third digit group.
    const m = /(\d)([.,])(\d{2})(?!\d)(?:\s?(?:[-+)]|CR|DR|S|H|D)?)?(?:\s?(?:[A-Z]{3}|[$£€₹¥]))?\s*$/.exec(text);
    if (!m) continue;
    // "1,234" style tokens are ambiguous; only two trailing digits after the mark count.
    const dm = /^(\d{1,2})\.(\d{2})$/.exec(text);
    if (dm && Number(dm[1]) >= 1 && Number(dm[1]) <= 31 && Number(dm[2]) >= 1 && Number(dm[2]) <= 12) dayMonth++;
    else if (m[2] === '.') dot++;
    else comma++;
  }
  if (dot + comma === 0) dot = dayMonth;
  return comma > dot ? ',' : '.';
}

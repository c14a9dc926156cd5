/**
 * Money tokens: recognition and parsing into integer minor units (cents).
 * Never parseFloat a printed amount; an unreadable amount is `null`, never 0.
 *
 * Accepted: any grouping (`,` `.` space, no-break and narrow no-break space, `'`, `’`, Indian
 * 2-digit groups) with the document's decimal mark; a currency before or after (a symbol, a
 * symbol with letters such as `US$`, an ISO code, or a letter symbol such as `kr`, `zł`, `Rp`);
 * a sign before or after, parentheses, or a sign word after (`DR`, `CR`, `S`, `H`, `D`, `C`, `DB`).
 */

export type DecimalMark = '.' | ',';

/** What a printed amount says about its sign. */
export type SignMark = 'minus' | 'plus' | 'debit' | 'credit' | null;

export interface ParsedAmount {
  /** Absolute value in minor units. */
  cents: number;
  /** Sign written on the token itself (leading/trailing minus, parentheses, DR/CR, S/H, D). */
  mark: SignMark;
  /** Currency symbol or code printed with it, as printed, if any. */
  currency: string | null;
  /** A sign word or letter printed after the amount ("DR", "S", "C"), as printed. */
  suffix?: string;
}

// Letter symbols that CLDR gives currencies (narrow and standard), as banks print them.
const LETTER_SYMBOLS = 'kr|kr\\.|zł|zl|Rp|Rs|Rs\\.|R|TL|lei|Ft|Kč|RM|Fr\\.|Fr|CHF|Bs|Dhs|DH|SFr';
// A currency symbol (with letters before it: US$, R$, MX$, HK$), an ISO code, or a letter symbol.
const CURRENCY = `(?:[A-Z]{0,3}\\p{Sc}|[A-Z]{3}|${LETTER_SYMBOLS})`;
// Letters and words after an amount that say debit or credit.
// (Kt and Dt: Afrikaans krediet and debiet.)
const SIGN_WORD = '(?:CR|DR|Cr|Dr|cr|dr|OD|od|DB|Db|db|Kt|Dt|KT|DT|C|D|S|H|K|B|A|c|d)\\.?';
const MINUS = '[-−–]';

const AMOUNT_RE = new RegExp(
  `^(?<sign1>${MINUS}|\\+)?\\s?(?<open>\\()?\\s?(?<cur1>${CURRENCY})?\\s?(?<sign2>${MINUS}|\\+)?\\s?` +
    // Cents without a leading zero (".50") as some banks print them.
    `(?<num>\\d[\\d.,' \\u00a0\\u202f\\u2019]*\\d|\\d|[.,]\\d{2})` +
    `\\s?(?<cur2>${CURRENCY})?\\s?(?<close>\\))?\\s?(?:(?<sign3>${MINUS}|\\+)|(?<word>${SIGN_WORD}))?` +
    // A footnote mark after the amount ("-30.00*": see the note under the table).
    `(?:\\*{1,3}|[†‡¹²³])?$`,
  'u',
);

// ISO 4217 codes in use (CLDR, through Intl): three capitals that are none ("PUNB" after a
// balance, a bank's code for the payer's bank) make no currency.
// (With the two other names banks print for yuan and Taiwan dollars.)
const ISO_CODES = new Set([...Intl.supportedValuesOf('currency'), 'RMB', 'NTD']);

const DEBIT_WORDS = new Set(['dr', 'd', 'od', 'db', 'dt', 's', 'b']);
const CREDIT_WORDS = new Set(['cr', 'c', 'h', 'k', 'kt', 'a']);

/**
 * Recognises a money token. `decimal` is the document's decimal mark; amounts must carry one
 * or two decimals unless `allowIntegers` (currencies without cents, such as IDR and JPY).
 */
export function parseAmount(token: string, decimal: DecimalMark = '.', allowIntegers = false): ParsedAmount | null {
  const text = token.trim();
  if (!text || text.length > 40 || !/\d/.test(text)) return null;
  const m = AMOUNT_RE.exec(text);
  if (!m?.groups) return null;
  const g = m.groups;
  if (!!g.open !== !!g.close) return null;
  if (g.cur1 && g.cur2) return null;
  const signs = [g.sign1, g.sign2, g.sign3].filter(Boolean);
  if (signs.length > 1) return null;
  const cents = splitNumber(g.num as string, decimal, allowIntegers);
  if (cents === null) return null;
  let mark: SignMark = null;
  if (g.open) mark = 'minus';
  const sign = signs[0];
  if (sign) mark = sign === '+' ? 'plus' : 'minus';
  let suffix: string | undefined;
  if (g.word) {
    // A bare letter after an amount needs a space ("12.50 D"); "12.50D" is as good for DR/CR.
    suffix = g.word.replace(/\.$/, '');
    const w = suffix.toLowerCase();
    if (DEBIT_WORDS.has(w)) mark = 'debit';
    else if (CREDIT_WORDS.has(w)) mark = 'credit';
  }
  const currency = g.cur1 ?? g.cur2 ?? null;
  // "A 12.50" is no currency; three capitals are a code only when they are one.
  if (currency && /^[A-Z]{1,2}$/.test(currency) && !/^(R|RM|TL|DH|Rp|Rs|Bs|Ft)$/.test(currency)) return null;
  if (currency && /^[A-Z]{3}$/.test(currency) && !ISO_CODES.has(currency)) return null;
  return { cents, mark, currency, ...(suffix ? { suffix } : {}) };
}

/** '1.234,56' with decimal ',' -> 123456. Returns null when the grouping does not fit the decimal mark. */
function splitNumber(num: string, decimal: DecimalMark, allowIntegers: boolean): number | null {
  const groupChars = decimal === '.' ? /[,' \u00a0\u202f\u2019]/ : /[.' \u00a0\u202f\u2019]/;
  let intPart = num;
  let frac = '';
  const lastDec = num.lastIndexOf(decimal);
  if (lastDec >= 0 && /^\d{1,2}$/.test(num.slice(lastDec + 1))) {
    intPart = num.slice(0, lastDec);
    frac = num.slice(lastDec + 1);
  }
  if (frac.length === 0 && !allowIntegers) return null;
  if (frac.length === 1) frac += '0';
  if (intPart === '') intPart = '0';
  // The integer part may use only one grouping mark, in groups of 3 (or Indian 2s before the last 3).
  const parts = intPart.split(groupChars);
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  if (parts.length > 1) {
    const seps = new Set(intPart.replace(/\d/g, ''));
    if (seps.size > 1) return null;
    const [first, ...rest] = parts;
    if (!first || first.length > 3) return null;
    const last = rest[rest.length - 1];
    if (last?.length !== 3) return null;
    if (rest.slice(0, -1).some((p) => p.length !== 3 && p.length !== 2)) return null;
  } else if (frac.length === 0 && intPart.length > 12) return null;
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
    // Dates ("17.03.24", "05/01/25") end like amounts; they are no evidence of the decimal mark.
    if (/\d{1,2}[./-]\d{1,2}[./-]\d{2}(?:\d{2})?$/.test(text)) continue;
    // A currency or sign after the amount ("45,12 €", "2.540,00 EUR", "12,00 S") is not a digit group.
    const m = /(\d)([.,])(\d{2})(?!\d)(?:\s?(?:[-+)]|CR|DR|S|H|D|C|DB))?(?:\s?(?:[A-Za-z]{1,3}\.?|\p{Sc}))?\s*$/u.exec(
      text,
    );
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

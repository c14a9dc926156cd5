/**
 * OCR-aware value repair, as pure functions for the value parser to call on runs of OCR pages:
 * letters that OCR confuses with digits (O/0, l/I/|/1, S/5, B/8, Z/2) are fixed inside tokens
 * that are mostly digits already, and a decimal comma read where the document uses decimal
 * points (or the other way round) is put right.
 */

import { parseDate } from '../values/dates';
import { monthIn } from '../values/months';

/** Languages whose month names OCR repairs look for (the OCR's languages and their neighbours). */
const REPAIR_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl'];
const monthFromName = (name: string) => monthIn(name, REPAIR_LANGUAGES);

export interface RepairResult {
  text: string;
  /** True when anything was changed (the caller may mark the row as repaired). */
  changed: boolean;
}

export interface RepairOptions {
  /** The document's decimal separator, when known (see detectDecimalSeparator). */
  decimal?: '.' | ',';
  /**
   * The amount column marks debits and credits with a trailing S / H (German Soll/Haben): a final
   * 5 or S glued to two decimals ("23,325", "23,32S") is the marker, and "1580S" lost its comma.
   */
  sollHaben?: boolean;
}

const TO_DIGIT: Record<string, string> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
};

/** Sign, currency and bracket characters that may lead a number. */
const PREFIX = /^[([{+\-−$£€¥₹]*/;
const SEPARATORS = /[.,'/:\-\s]/;
const NUMERIC_SHAPE = /^\d+(?:[.,'/:\- ]\d+)*$/;

export function repairNumericToken(text: string, options: RepairOptions = {}): RepairResult {
  const date = repairDateSeparators(text);
  if (date !== null) return { text: date, changed: date !== text };
  // A decimal-comma amount cannot have three decimals: "23,325" is "23,32 S" with the S misread.
  if (options.sollHaben || options.decimal === ',') {
    const sh = repairSollHaben(text, options.decimal ?? ',');
    if (sh !== null) return { text: sh, changed: sh !== text };
  }
  const prefix = PREFIX.exec(text)?.[0] ?? '';
  let rest = text.slice(prefix.length);
  // A trailing S/H/D after a complete decimal amount is a marker, not a misread 5 or 0.
  let suffix = '';
  const marker = /^(.*\d[.,]\d\d)(\s?(?:CR|DR|Cr|Dr|D|S|H)?[)\]}+\-−]*)$/.exec(rest);
  if (marker) {
    rest = marker[1] as string;
    suffix = marker[2] as string;
  } else {
    const m = /[)\]}+\-−]+$/.exec(rest);
    if (m) {
      suffix = m[0];
      rest = rest.slice(0, -m[0].length);
    }
  }
  if (!rest) return { text, changed: false };
  let digits = 0;
  let letters = 0;
  for (const ch of rest) {
    if (ch >= '0' && ch <= '9') digits++;
    else if (!SEPARATORS.test(ch)) {
      if (!(ch in TO_DIGIT)) return { text, changed: false };
      letters++;
    }
  }
  // Only tokens that are mostly digits: "SOLD" or "BIB" stay words.
  if (digits === 0 || letters > digits || (letters > 0 && digits < 2 && rest.length < 3))
    return { text, changed: false };
  let core = [...rest].map((ch) => TO_DIGIT[ch] ?? ch).join('');
  if (!NUMERIC_SHAPE.test(core)) return { text, changed: false };
  if (options.decimal) core = fixDecimalSeparator(core, options.decimal);
  const out = prefix + core + suffix;
  return { text: out, changed: out !== text };
}

/** Digits OCR reads for the capital letters of month abbreviations ("0CT", "N0V", "5EP", "AU6"). */
const TO_LETTER: Record<string, string[]> = {
  '0': ['O'],
  '1': ['I', 'L'],
  '5': ['S'],
  '8': ['B'],
  '6': ['G'],
  '4': ['A'],
  '2': ['Z'],
};

/**
 * Month names with letters read as digits: "01-0CT-2024" -> "01-OCT-2024", "N0V 05" -> "NOV 05".
 * A word of letters and such digits changes only where exactly one month name comes out of it.
 */
export function repairMonthName(text: string): RepairResult {
  let changed = false;
  const out = text.replace(/(?<![\p{L}\d])[\p{L}\d]{3,10}(?![\p{L}\d])/gu, (word) => {
    if (!/\p{L}/u.test(word) || !/\d/.test(word)) return word;
    let candidates = [''];
    for (const ch of word) {
      const options = /\d/.test(ch) ? TO_LETTER[ch] : [ch];
      if (!options) return word;
      candidates = candidates.flatMap((c) => options.map((o) => c + o));
    }
    const months = new Set(candidates.map((c) => monthFromName(c)).filter((m) => m !== null));
    if (months.size !== 1) return word;
    const fixed = candidates.find((c) => monthFromName(c) !== null) as string;
    changed = true;
    return word === word.toLowerCase() ? fixed.toLowerCase() : fixed;
  });
  return { text: out, changed };
}

/**
 * A date whose spaces OCR lost, its month name's O read as 0: "020ct2023" -> "02 oct 2023",
 * "5N0V24" -> "5 NOV 24". Day, month name and year are cut where exactly one date comes out.
 */
export function repairGluedDate(text: string): string | null {
  if (!/^[0-9OoIl|]{1,2}\S{3,9}\d{2}(?:\d\d)?$/u.test(text) || !/\p{L}/u.test(text)) return null;
  const digits = (x: string) => x.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1');
  // The fewest digits read into the month name wins ("MAR2023" is MAR 2023, not MARZO 23).
  let best: { cost: number; out: string[] } = { cost: Number.POSITIVE_INFINITY, out: [] };
  for (const dayLen of [1, 2])
    for (const yearLen of [4, 2]) {
      const [day, month, year] = [text.slice(0, dayLen), text.slice(dayLen, -yearLen), text.slice(-yearLen)];
      if (!/^[0-9OoIl|]+$/.test(day) || !/^\d+$/.test(year) || !/^[\p{L}0-9]{3,9}\.?$/u.test(month)) continue;
      if (!/\p{L}/u.test(month)) continue;
      const out = `${digits(day)} ${repairMonthName(month).text} ${year}`;
      if (!parseDate(out)) continue;
      const cost = (month.match(/\d/g)?.length ?? 0) + (yearLen === 2 ? 0.5 : 0);
      if (cost < best.cost) best = { cost, out: [out] };
      else if (cost === best.cost) best.out.push(out);
    }
  return best.out.length === 1 && best.out[0] !== text ? (best.out[0] as string) : null;
}

/**
 * The date that starts an OCR line, as OCR damaged it: frame ink read before or after it
 * ("[21.08.2023 |LASTSCHRIFT"), letters read for its digits ("O6-NOVEMBRE-2023", "l5/03/24"),
 * digits for a month's letters or the space before the month lost ("030CT 24" -> "03 OCT 24"),
 * a slash beside a month name read as a letter ("22/Aprl2025").
 * Returns the line's text with the date repaired, or null when no date comes out of its start.
 */
/**
 * A day glued to a month name that OCR gave a digit for a letter ("030CT" -> "03 OCT", "100CT" ->
 * "10 OCT"), spaced and its month repaired; null where the word is no day and letters.
 */
export function splitDayFromMonth(word: string): string | null {
  const m = /^(\d{1,2})([0-9\p{L}]{3,9}\.?)$/u.exec(word);
  if (!m || !/\p{L}/u.test(m[2] as string)) return null;
  return `${m[1]} ${repairMonthName(m[2] as string).text}`;
}

export function repairLeadingDate(text: string): string | null {
  const m = /^[\s[|({'‘`.,:;]*([^\s|\]]+)[\s|\]]*(.*)$/u.exec(text);
  if (!m) return null;
  const [, word = '', rest = ''] = m;
  // Digits alone are a postcode or a number as often as a date whose slashes were lost.
  if (/^\d+$/.test(word)) return null;
  const whole = (fixed: string) => {
    const out = rest ? `${fixed} ${rest}` : fixed;
    return out === text ? null : out;
  };
  const tries: string[] = [word];
  // Letters OCR reads for digits, where the word is mostly digits and separators.
  tries.push(
    word.replace(/^[OoQD](?=\d)|(?<=[\d/.-])[OoQD](?=[\d/.-]|$)/g, '0').replace(/[lI|](?=\d)|(?<=\d)[lI|]/g, '1'),
  );
  const dayMonth = splitDayFromMonth(word);
  if (dayMonth) tries.push(dayMonth);
  tries.push(repairMonthName(word).text);
  // A slash beside a month name read as l, I, 1 or | ("22/Aprl2025", "22lApr/2025").
  const slashed = word
    .replace(/^(\d{1,2})[lI1|!](?=\p{L}{3})/u, '$1/')
    .replace(/(?<=\p{L}{3}\.?)[lI1|!](?=\d{2,4}$)/u, '/');
  if (slashed !== word) tries.push(slashed);
  const unspaced = repairGluedDate(word);
  if (unspaced) tries.push(unspaced);
  for (const t of tries) {
    const fixed = repairNumericToken(t).text;
    for (const candidate of [t, fixed]) {
      // A date alone, or with the next word (its month or year: "03 OCT 24").
      if (parseDate(candidate)) return whole(candidate);
      const next = rest.split(/\s+/)[0];
      if (next && parseDate(`${candidate} ${next}`)) return whole(candidate);
    }
  }
  return null;
}

/**
 * An amount whose decimal mark OCR lost after thousands separators: the last group has five
 * digits ("2.33042 H" for 2.330,42 H, "1,20450" for 1,204.50), which no printed number has.
 */
export function repairGroupedLostDecimal(text: string, decimal: '.' | ','): string | null {
  // A marker after the cents (S/H, CR/DR, A/B, a minus) stays as printed, and a currency sign
  // before the figure ('R$ 3.31331 C').
  const m =
    /^([-+(]?(?:\p{Lu}{0,3}\p{Sc}\s?)?\d{1,3}(?:[.,' ]\d{3})*[.,' ]\d{3})(\d{2})(\)?\s?(?:\p{L}{1,2}|-)?)$/u.exec(
      text.trim(),
    );
  return m ? `${m[1]}${decimal}${m[2]}${m[3]}` : null;
}

const SLASH_LIKE = new Set(['/', '1', 'l', 'I', '|', '7']);

/**
 * Dates whose slashes were read as 1, l, | or 7, or lost: "1011072023" -> "10/10/2023",
 * "15/102023" -> "15/10/2023", "2310/23" -> "23/10/23"; a dot or dash lost beside one kept:
 * "01.022024" -> "01.02.2024". Only when exactly one reading is a valid day/month (either order)
 * and year, the cheapest (fewest lost, then misread slashes).
 */
function repairDateSeparators(text: string): string | null {
  const t = text.trim();
  // Day and month without a year ("12/22" read as "1222" or "12722").
  const short = /^(\d\d)([/|lI17]?)(\d\d)$/.exec(t);
  if (short && (short[2] || t.length === 4)) {
    const [p, q] = [Number(short[1]), Number(short[3])];
    const valid = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12;
    if (short[2] === '/') return null;
    return valid(p, q) || valid(q, p) ? `${short[1]}/${short[3]}` : null;
  }
  // A dot or dash lost beside one kept, before a four-digit year ('01.022024', '0102.2024').
  const dotted = /^(\d{1,2})([.-])(\d{2})((?:19|20)\d\d)$/.exec(t) ?? /^(\d{2})(\d{2})([.-])((?:19|20)\d\d)$/.exec(t);
  if (dotted) {
    const [day, month] = dotted[2]?.length === 1 ? [dotted[1], dotted[3]] : [dotted[1], dotted[2]];
    const sep = /[.-]/.exec(t)?.[0] as string;
    const [p, q] = [Number(day), Number(month)];
    const valid = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12;
    return valid(p, q) || valid(q, p) ? `${day}${sep}${month}${sep}${dotted[4]}` : null;
  }
  if (!/^[0-9/|lI]{6,10}$/.test(t) || !/\d{2}/.test(t)) return null;
  if (/^\d{1,2}\/\d{1,2}\/(\d{2}|\d{4})$/.test(t)) return null;
  let best: { cost: number; out: Set<string> } = { cost: Number.POSITIVE_INFINITY, out: new Set() };
  const n = t.length;
  for (const yearLen of [4, 2])
    for (const aLen of [2, 1])
      for (const bLen of [2, 1])
        for (const sep1 of [0, 1])
          for (const sep2 of [0, 1]) {
            if (aLen + sep1 + bLen + sep2 + yearLen !== n) continue;
            const a = t.slice(0, aLen);
            const s1 = t.slice(aLen, aLen + sep1);
            const b = t.slice(aLen + sep1, aLen + sep1 + bLen);
            const s2 = t.slice(aLen + sep1 + bLen, aLen + sep1 + bLen + sep2);
            const y = t.slice(n - yearLen);
            if (![a, b, y].every((x) => /^\d+$/.test(x))) continue;
            if ((s1 && !SLASH_LIKE.has(s1)) || (s2 && !SLASH_LIKE.has(s2))) continue;
            const [p, q, year] = [Number(a), Number(b), Number(y)];
            const dayMonth = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12;
            if (!dayMonth(p, q) && !dayMonth(q, p)) continue;
            if (yearLen === 4 && (year < 1990 || year > 2099)) continue;
            const cost =
              (2 - sep1 - sep2) * 3 + [s1, s2].filter((x) => x && x !== '/').length + (aLen + bLen < 4 ? 2 : 0);
            const out = `${a}/${b}/${y}`;
            if (cost < best.cost) best = { cost, out: new Set([out]) };
            else if (cost === best.cost) best.out.add(out);
          }
  return best.out.size === 1 ? ([...best.out][0] as string) : null;
}

/** "23,325" / "23,32S" / "23,32 5" -> "23,32 S"; "1580S" -> "15,80 S"; null when not such a token. */
function repairSollHaben(text: string, decimal: '.' | ','): string | null {
  const t = text.trim();
  const last = t.slice(-1);
  if (/[5SsHh]/.test(last)) {
    const core = repairNumericToken(t.slice(0, -1).trim(), { decimal }).text;
    if (/^\d{1,3}(?:[.' ]?\d{3})*[.,]\d\d$/.test(core)) return `${core} ${/[Hh]/.test(last) ? 'H' : 'S'}`;
  }
  // Digits and a letter marker: the decimal comma was lost ("1580S").
  const bare = /^(\d+)(\d\d)\s?([SsHh])$/.exec(t);
  if (bare) return `${bare[1]}${decimal}${bare[2]} ${/[Hh]/.test(bare[3] as string) ? 'H' : 'S'}`;
  return null;
}

/**
 * "1,234,56" in a decimal-point document becomes "1,234.56" and "12,50" becomes "12.50"; the mirror
 * image for decimal-comma documents. A separator followed by exactly two final digits is decimal.
 */
function fixDecimalSeparator(core: string, decimal: '.' | ','): string {
  const m = /^(.*\d)[.,](\d\d)$/.exec(core);
  if (!m || /[/: ]/.test(core)) return core;
  const head = m[1] as string;
  if (head.includes(decimal)) return core;
  return `${head}${decimal}${m[2]}`;
}

/** The decimal separator most amounts use: "1,234.56"/"12.50" -> '.', "1.234,56"/"12,50" -> ','. */
export function detectDecimalSeparator(tokens: string[]): '.' | ',' | null {
  let point = 0;
  let comma = 0;
  for (const t of tokens) {
    if (/\d\.\d\d(?!\d)/.test(t) && !/\d\.\d\d\d/.test(t.replace(/\.\d\d$/, ''))) point++;
    if (/\d,\d\d(?!\d)/.test(t)) comma++;
  }
  if (point === comma) return null;
  return point > comma ? '.' : ',';
}

/** How a column prints its numeric dates: the separator and the digits of each part ("2/09": '/', [1, 2]). */
export interface DateShape {
  sep: string;
  widths: number[];
}

/** The shape of a numeric date as printed ("2/09", "12.03.2024"), or null for anything else. */
export function numericDateShape(text: string): DateShape | null {
  const m = /^(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const widths = [(m[1] as string).length, (m[3] as string).length];
  if (m[4]) widths.push(m[4].length);
  return { sep: m[2] as string, widths };
}

/** Characters OCR reads for each separator (a slash as 1, l, I, | or 7; a dot as a comma). */
const READ_FOR_SEPARATOR: Record<string, string> = { '/': '/1lI|7!', '.': '.,', '-': '-~_' };

/**
 * A date of a column whose other cells print one shape, as OCR damaged it: a separator lost
 * ("125" for "1/25") or read as a digit or letter ("1718" for "1/18"), letters read for digits.
 * Every reading at most one change per separator away that prints one of the column's shapes and
 * is a valid day and month (in `orders`) is built; the one with the fewest changes wins, and only
 * when it is alone ("1225" in a column of "2/09" stays damaged: "1/225" and "12/25" fit no shape).
 */
export function repairDateByShape(
  text: string,
  shapes: readonly DateShape[],
  orders: readonly ('DMY' | 'MDY')[] = ['DMY', 'MDY'],
): string | null {
  const t = text.trim();
  if (!shapes.length || t.length < 2 || t.length > 12) return null;
  const valid = (parts: number[]) =>
    orders.some((o) => {
      const [d, m] = o === 'DMY' ? [parts[0] as number, parts[1] as number] : [parts[1] as number, parts[0] as number];
      return d >= 1 && d <= 31 && m >= 1 && m <= 12;
    });
  const found = new Map<string, number>();
  for (const shape of shapes) {
    const { sep, widths } = shape;
    const like = READ_FOR_SEPARATOR[sep] ?? sep;
    const budget = widths.length - 1;
    const walk = (i: number, out: string, cost: number) => {
      if (cost > budget) return;
      if (i === t.length) {
        const parts = out.split(sep);
        if (parts.length !== widths.length || parts.some((p, k) => p.length !== widths[k] || !/^\d+$/.test(p))) return;
        if (!valid(parts.map(Number))) return;
        if (out === t) return;
        const before = found.get(out);
        if (before === undefined || cost < before) found.set(out, cost);
        return;
      }
      const ch = t[i] as string;
      const digit = /\d/.test(ch) ? ch : TO_DIGIT[ch];
      if (ch === sep) walk(i + 1, out + sep, cost);
      else {
        if (digit !== undefined) walk(i + 1, out + digit, cost);
        if (like.includes(ch) && out && i < t.length - 1) walk(i + 1, out + sep, cost + 1);
      }
      // A separator OCR lost, before this character.
      if (out && !out.endsWith(sep)) walk(i, out + sep, cost + 1);
    };
    walk(0, '', 0);
  }
  if (!found.size) return null;
  const least = Math.min(...found.values());
  const best = [...found].filter(([, c]) => c === least);
  return best.length === 1 ? ((best[0] as [string, number])[0] as string) : null;
}

/**
 * A named date of a column whose other dates print their month names, its month word misread by
 * one letter ("hug 7" or "Avg 19" in a column of "Aug 8") or with one letter lost ("10av." in a
 * column of "08avr."): the one name the column prints one letter from it takes its place. Null
 * where none or several are.
 */
export function repairMonthByColumn(text: string, names: readonly string[]): string | null {
  const t = text.trim();
  const m =
    /^()(\p{L}{2,9})(\.?\s*\d{1,2}(?:\b.*)?)$/u.exec(t) ?? /^(\d{1,2}\.?\s*)(\p{L}{2,9})((?:\.|\s|$).*)$/u.exec(t);
  if (!m) return null;
  const word = (m[2] as string).toLowerCase();
  const oneLetter = (name: string) => {
    const n = name.toLowerCase();
    if (n === word) return false;
    if (n.length === word.length + 1) {
      for (let i = 0; i < n.length; i++) if (n.slice(0, i) + n.slice(i + 1) === word) return true;
      return false;
    }
    if (n.length !== word.length) return false;
    let diff = 0;
    for (let i = 0; i < n.length; i++) if (n[i] !== word[i]) diff++;
    return diff === 1;
  };
  const near = [...new Set(names.filter(oneLetter))];
  if (near.length !== 1 || new Set(near.map((n) => n.toLowerCase())).size !== 1) return null;
  return `${m[1]}${near[0]}${m[3]}`;
}

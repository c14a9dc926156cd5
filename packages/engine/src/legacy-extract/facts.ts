/**
 * Statement facts printed outside the transaction table: period, opening and closing
 * balances, currency, account number, holder and bank. Found by label words, in the
 * languages the engine reads; null where the document does not print them.
 */
import type { LayoutLine } from '../layout/model';
import { repairGroupedLostDecimal } from '../ocr/repair';
import { type DecimalMark, type ParsedAmount, parseAmount } from '../values/amount';
import { type DateToken, type DayOrder, isValidYMD, parseDateToken, resolveDayMonth, toIso } from '../values/date';

export interface FactLine {
  page: number;
  line: LayoutLine;
  /** How many tables had started before this line (groups statements of multi-account documents). */
  beforeTable: number;
}

const RANGE_SEP = /\s*(?:-|–|—|to|bis|au|al|a|até|ate|tot|through|thru|till|until|t\/m)\s+|\s+(?:-|–|—)\s*/i;

/** Finds "<date> <sep> <date>" in a text: the statement period. */
export function findDateRange(text: string, order: DayOrder): { start: string; end: string } | null {
  const words = text.replace(/[:]/g, ' ').split(/\s+/).filter(Boolean);
  // Try every split point where a separator word (or a dash) stands between two dates.
  for (let i = 1; i < words.length - 1; i++) {
    const sepWord = words[i] as string;
    if (!RANGE_SEP.test(` ${sepWord} `) && sepWord !== '-' && sepWord !== '–') continue;
    const left = longestDate(words.slice(Math.max(0, i - 4), i), 'suffix');
    const right = longestDate(words.slice(i + 1, i + 5), 'prefix');
    if (!left || !right) continue;
    const range = resolveRange(left, right, order);
    if (range) return range;
  }
  // Two dates side by side whose dash was lost (OCR): "December 15, 2025 January 14, 2026".
  for (let i = 1; i < words.length; i++) {
    const left = longestDate(words.slice(Math.max(0, i - 4), i), 'suffix');
    const right = longestDate(words.slice(i, i + 4), 'prefix');
    if (!left?.year || !right?.year) continue;
    const range = resolveRange(left, right, order);
    if (range && range.start !== range.end) return range;
  }
  // Dates joined by a dash without spaces: "01.02.2024-29.02.2024".
  for (const w of words) {
    const m = /^(.+\d)[-–](\d.+)$/.exec(w);
    if (!m) continue;
    const a = parseDateToken(m[1] as string);
    const b = parseDateToken(m[2] as string);
    if (a && b) {
      const range = resolveRange(a, b, order);
      if (range) return range;
    }
  }
  return null;
}

function longestDate(words: string[], side: 'prefix' | 'suffix'): DateToken | null {
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const part = side === 'prefix' ? words.slice(0, n) : words.slice(words.length - n);
    const t = parseDateToken(part.join(' ').replace(/[,]$/, ''));
    if (t) return t;
  }
  return null;
}

function resolveRange(a: DateToken, b: DateToken, order: DayOrder): { start: string; end: string } | null {
  const s = resolveDayMonth(a, order);
  const e = resolveDayMonth(b, order);
  const ey = e.y ?? s.y;
  if (ey === null) return null;
  const sy = s.y ?? (s.m > e.m ? ey - 1 : ey);
  if (!isValidYMD(sy, s.m, s.d) || !isValidYMD(ey, e.m, e.d)) return null;
  const start = toIso(sy, s.m, s.d);
  const end = toIso(ey, e.m, e.d);
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  if (days < 0 || days > 400) return null;
  return { start, end };
}

const OPENING_RE =
  /\b(opening|beginning|starting|previous|last statement)\b.*\bbalance\b|\bbalance\b.*\b(brought forward|b\/f)\b|^balance (brought|forward)|brought forward|alter kontostand|alter saldo|anfangssaldo|saldo (anterior|inicial|iniziale|precedente)|solde (initial|précédent|precedent|d'ouverture)|(?<!nouveau )solde (créditeur|crediteur|débiteur|debiteur) au|ancien solde|beginsaldo|vorheriger kontostand|saldovortrag|anfangssaldo/i;
const CLOSING_RE =
  /\b(closing|ending|new|final)\b.*\bbalance\b|neuer kontostand|neuer saldo|endsaldo|schlusssaldo|saldo (final|actual|finale)|solde (final|de clôture|de cloture)|nouveau solde|eindsaldo/i;
const CARRIED_RE = /carried forward|c\/f\b|übertrag|a reporter|à reporter/i;

export interface BalanceFacts {
  opening: ParsedAmount | null;
  closing: ParsedAmount | null;
}

/** Opening and closing balances from labelled values: on the label's line, or right below it. */
export function findBalances(lines: FactLine[], decimal: DecimalMark): BalanceFacts {
  const out: BalanceFacts = { opening: null, closing: null };
  const labels = [
    { re: OPENING_RE, key: 'opening' },
    { re: CLOSING_RE, key: 'closing' },
    { re: CARRIED_RE, key: 'carried' },
  ] as const;
  for (let i = 0; i < lines.length; i++) {
    const { line } = lines[i] as FactLine;
    for (let r = 0; r < line.runs.length; r++) {
      const run = line.runs[r];
      if (!run) continue;
      // One run may hold several labelled values ("Beginning Balance: $1.00 ... Ending Balance: $2.00").
      const found: { at: number; end: number; key: (typeof labels)[number]['key'] }[] = [];
      for (const { re, key } of labels) {
        const g = new RegExp(re.source, 'gi');
        for (let m = g.exec(run.text); m; m = g.exec(run.text)) {
          if (!found.some((f) => m && m.index < f.end && m.index + m[0].length > f.at)) {
            found.push({ at: m.index, end: m.index + m[0].length, key });
          }
          if (m[0].length === 0) g.lastIndex++;
        }
      }
      found.sort((a, b) => a.at - b.at);
      found.forEach((f, k) => {
        const next = found[k + 1]?.at ?? run.text.length;
        const inline = firstAmount(run.text.slice(f.end, next), decimal);
        const value =
          inline ??
          (k === found.length - 1 ? (valueRightOf(line, r, decimal) ?? valueBelow(lines, i, run, decimal)) : null);
        if (!value) return;
        // 'carried forward' only claims its text, so its value is not read as opening or closing.
        if (f.key !== 'carried') out[f.key] ??= value;
      });
    }
  }
  return out;
}

/** The first money amount in a piece of text ("on 3/4 $1,084.11" -> 1,084.11). */
function firstAmount(text: string, decimal: DecimalMark): ParsedAmount | null {
  const words = text
    .replace(/^[\s:=]+/, '')
    .split(/\s+/)
    .filter(Boolean);
  for (let k = 0; k < Math.min(words.length, 6); k++) {
    // Thousands grouped by spaces ("1 500,00") span several words.
    for (let n = Math.min(4, words.length - k); n >= 2; n--) {
      const grouped = words.slice(k, k + n).join(' ');
      if (/^\d{1,3}( \d{3})+[.,]\d{2}$/.test(grouped)) {
        const v = parseAmount(grouped, decimal);
        if (v) return v;
      }
    }
    const w = (words[k] as string).replace(/[,;]$/, '');
    const withSuffix =
      words[k + 1] && /^(CR|DR|Cr|Dr|OD|S|H|D|C|-|\+)$/.test(words[k + 1] as string) ? `${w} ${words[k + 1]}` : null;
    const v = (withSuffix && parseAmount(withSuffix, decimal)) || parseAmount(w, decimal);
    if (v) return v;
  }
  return null;
}

function valueRightOf(line: LayoutLine, r: number, decimal: DecimalMark): ParsedAmount | null {
  const own = /((?<![\d/.,])\d{1,3}(?: \d{3})+[.,]\d{2}|\S+(?:\s(?:CR|DR|OD|S|H|D|C|-|\+))?)\s*$/.exec(
    line.runs[r]?.text ?? '',
  );
  const inline = own ? parseAmount(own[1] as string, decimal) : null;
  if (inline) return inline;
  // The first amount to the right on the same line, skipping dates and short words ("on 3/4").
  for (let k = r + 1; k < Math.min(line.runs.length, r + 4); k++) {
    const text = (line.runs[k]?.text ?? '').replace(/^[=:]\s*/, '').replace(/^([+-])\s+/, '$1');
    const v = parseAmount(text, decimal);
    if (v) return v;
    // OCR: a balance whose decimal mark was lost ("2.33042 H").
    const repaired = line.runs[k]?.confidence !== undefined ? repairGroupedLostDecimal(text, decimal) : null;
    const fixed = repaired ? parseAmount(repaired, decimal) : null;
    if (fixed) return fixed;
    if (text.length > 24) break;
  }
  return null;
}

function valueBelow(
  lines: FactLine[],
  i: number,
  run: { x0: number; x1: number },
  decimal: DecimalMark,
): ParsedAmount | null {
  const cur = lines[i] as FactLine;
  for (let k = i + 1; k < Math.min(lines.length, i + 3); k++) {
    const next = lines[k] as FactLine;
    if (next.page !== cur.page) break;
    const hit = next.line.runs.find((x) => Math.min(x.x1, run.x1 + 20) - Math.max(x.x0, run.x0 - 20) > 0);
    if (!hit) continue;
    const v = parseAmount(hit.text.replace(/^([+-])\s+/, '$1'), decimal);
    if (v) return v;
  }
  return null;
}

const ISO_CODES = [
  'USD',
  'EUR',
  'GBP',
  'INR',
  'SGD',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'JPY',
  'CNY',
  'HKD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'ZAR',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'MYR',
  'IDR',
  'THB',
  'PHP',
  'VND',
  'KRW',
  'TWD',
  'TRY',
  'RON',
  'BGN',
  'ILS',
  'EGP',
  'NGN',
  'KES',
  'PKR',
  'BDT',
  'LKR',
];
const ISO_RE = new RegExp(`(?:^|[^A-Za-z])(${ISO_CODES.join('|')})(?![A-Za-z])`, 'g');
const SYMBOLS: [RegExp, string][] = [
  [/£/, 'GBP'],
  [/€/, 'EUR'],
  [/₹|\bRs\.?\s?\d/, 'INR'],
  [/R\$/, 'BRL'],
  [/\bS\$/, 'SGD'],
  [/\bA\$/, 'AUD'],
  [/\bC\$/, 'CAD'],
];

/** The account currency: the most printed ISO code, else an unambiguous symbol; `$` alone is not enough. */
export function findCurrency(texts: string[]): string | null {
  const counts = new Map<string, number>();
  const add = (code: string) => counts.set(code, (counts.get(code) ?? 0) + 1);
  // One pass over the whole text: thousands of runs, each tested separately, cost too much.
  const all = texts.join('\n');
  for (const m of all.matchAll(ISO_RE)) add(m[1] as string);
  // Unambiguous symbols count like codes ("£789.35" names GBP as much as "GBP" does).
  for (const [re, code] of SYMBOLS) {
    for (const _ of all.matchAll(new RegExp(re.source, 'g'))) add(code);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const ACCOUNT_RE =
  /^(account|acct\.?|a\/c|konto|kontonummer|konto-?nr\.?|iban|numéro de compte|n° de compte|número de cuenta|nº de cuenta|número da conta|conta|numero (di )?conto|conto|rekeningnummer|rekening|member number)\b.*?(number|no\.?|nr\.?|#)?\s*[:.]?\s*$/i;

/** Account number: the value next to an account-number label ("Account Number 59928152"). */
export function findAccountNumber(lines: FactLine[]): string | null {
  let iban: string | null = null;
  for (const { line } of lines) {
    for (let r = 0; r < line.runs.length; r++) {
      const text = line.runs[r]?.text ?? '';
      const inline =
        /^(?:account|acct\.?|a\/c|kontonummer|konto-?nr\.?)\s*(?:number|no\.?|nr\.?|#)?\s*[:.]?\s*([A-Z0-9*Xx][A-Z0-9*Xx -]{3,30}[0-9*])$/i.exec(
          text,
        );
      if (inline && /\d/.test(inline[1] as string) && !/\b(type|name|holder|summary|branch)\b/i.test(text))
        return clean(inline[1] as string);
      if (!ACCOUNT_RE.test(text) || /\b(type|name|holder|summary|branch|details|status|open)\b/i.test(text)) continue;
      const next = line.runs[r + 1]?.text.replace(/^[:.]\s*/, '') ?? '';
      const m = /^([A-Z]{0,4}[0-9*Xx][0-9*Xx -]{3,34})(?:\s|$)/.exec(next);
      if (!m || !/\d/.test(m[1] as string)) continue;
      if (/^iban/i.test(text)) iban ??= clean(m[1] as string);
      else return clean(m[1] as string);
    }
  }
  return iban;
}

function clean(s: string): string {
  return s.trim().replace(/\s{2,}/g, ' ');
}

const HOLDER_RE =
  /^(account name|account holder|name|kontoinhaber|inhaber|titular|titulaire|intestatario|rekeninghouder|customer name)\s*[:.]?\s*(.*)$/i;

export function findHolder(lines: FactLine[]): string | null {
  for (const { line } of lines) {
    for (let r = 0; r < line.runs.length; r++) {
      const m = HOLDER_RE.exec(line.runs[r]?.text ?? '');
      if (!m) continue;
      const value = (m[2] || line.runs[r + 1]?.text || '').replace(/^[:.]\s*/, '').trim();
      if (value && /[A-Za-z]/.test(value) && !/\d{3}/.test(value) && value.length < 60) return value;
    }
  }
  return null;
}

const BANK_RE =
  /\b(bank|banque|banco|banca|bancorp|credit union|kreditbank|sparkasse|volksbank|trust company|building society|savings|caixa|caisse)\b/i;
const LEGAL_RE = /\b(plc|ltd|limited|ag|inc|n\.?a\.?|gmbh|s\.?a\.?|llc|bhd|se|nv|bv|spa)\b\.?/i;

/** Bank name: a line naming a bank, preferring its legal form ("... Bank plc", "... Bank AG"). */
export function findBankName(lines: FactLine[]): string | null {
  let fallback: string | null = null;
  for (const { line } of lines) {
    for (const run of line.runs) {
      const text = run.text;
      if (!BANK_RE.test(text)) continue;
      const legal = new RegExp(`^(.*?\\b(?:${BANK_RE.source.slice(3, -3)})\\b[^.,;·|]*?${LEGAL_RE.source})`, 'i').exec(
        text,
      );
      if (legal) return legal[1]?.replace(/[.,]$/, '').trim() ?? null;
      if (
        !fallback &&
        text.length < 40 &&
        !/^(your|our|the|dear|thank)\b/i.test(text) &&
        !/\d/.test(text) &&
        !/@|www|\.example|thank|p\.?o\.? box/i.test(text)
      )
        fallback = text.trim();
    }
  }
  return fallback;
}

const FROM_RE =
  /^(von|from|du|desde|de|dal|van|start date|starting date|period start|beginn|período de|periode van)\s*:?\s*(.*)$/i;
const TO_RE = /^(bis|to|au|hasta|até|ate|al|tot|end date|ending date|period end|ende)\s*:?\s*(.*)$/i;

/** A period printed as two labelled dates ("Von: 01.07.2024" / "Bis: 31.07.2024"). */
export function findLabelledPeriod(lines: FactLine[], order: DayOrder): { start: string; end: string } | null {
  let from: DateToken | null = null;
  let to: DateToken | null = null;
  for (const { line } of lines) {
    for (let r = 0; r < line.runs.length; r++) {
      const text = line.runs[r]?.text ?? '';
      for (const [re, set] of [
        [FROM_RE, (t: DateToken) => (from ??= t)],
        [TO_RE, (t: DateToken) => (to ??= t)],
      ] as const) {
        const m = re.exec(text);
        if (!m) continue;
        const value = (m[2] || line.runs[r + 1]?.text || '').replace(/^[:.]\s*/, '');
        const t = parseDateToken(value);
        if (t) set(t);
      }
    }
  }
  if (!from || !to) return null;
  return resolveRange(from, to, order);
}

const AS_OF_RE =
  /\b(kontostand|saldo|balance|solde)\b.*?\b(vom|as of|as at|on|al|au|em|per|am|at)\s+(\S+(?:\s\S+){0,2}?)\s*:?$/i;

/** Balances labelled with a date ("Kontostand vom 31.07.2024: 5.067,86 EUR"). */
export function findDatedBalances(lines: FactLine[], decimal: DecimalMark): { date: DateToken; value: ParsedAmount }[] {
  const out: { date: DateToken; value: ParsedAmount }[] = [];
  for (const { line } of lines) {
    for (let r = 0; r < line.runs.length; r++) {
      const m = AS_OF_RE.exec(line.runs[r]?.text ?? '');
      if (!m) continue;
      const date = parseDateToken((m[3] as string).replace(/[:,]$/, ''));
      const value = date ? valueRightOf(line, r, decimal) : null;
      if (date && value) out.push({ date, value });
    }
  }
  return out;
}

const CARD_RE =
  /\b(minimum (payment|amount)( due)?|payment due date|credit limit|available credit|credit line|kreditlimit|kartenlimit|mindestbetrag|plafond de la carte|límite de crédito|limite de crédito|pago mínimo|pagamento mínimo|pagamento minimo|importo minimo)\b/i;

/** A credit-card statement: it names a minimum payment, a payment due date or a credit limit. */
export function isCardStatement(lines: FactLine[]): boolean {
  return lines.some(({ line }) => line.runs.some((r) => CARD_RE.test(r.text)));
}

/** Money and date helpers shared by the writers: numbers become text only here, without float noise. */

/** ISO 4217 codes whose minor unit is not 2 digits (SCHEMA.md: "none for JPY-like ones"). */
const MINOR_DIGITS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  PYG: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
};

export function minorDigits(currency: string | null): number {
  return (currency ? MINOR_DIGITS[currency.toUpperCase()] : undefined) ?? 2;
}

/** `-1234.5` -> `-1234.50` (no grouping, `.` decimal point); empty for null. */
export function formatMoney(value: number | null, digits = 2): string {
  if (value === null || !Number.isFinite(value)) return '';
  const text = value.toFixed(digits);
  // toFixed keeps the sign of tiny negatives: -0.001 -> "-0.00".
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** `1234.5` -> `1,234.50` for human-readable formats (text, HTML). */
export function formatMoneyGrouped(value: number | null, digits = 2): string {
  const plain = formatMoney(value, digits);
  if (plain === '') return '';
  const [whole = '', fraction] = plain.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digitsOnly = sign ? whole.slice(1) : whole;
  const grouped = digitsOnly.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Sums in integer minor units so that totals carry no float noise. */
export function sumMoney(values: Iterable<number | null>, digits = 2): number {
  const scale = 10 ** digits;
  let total = 0;
  for (const v of values) if (v !== null && Number.isFinite(v)) total += Math.round(v * scale);
  return total / scale;
}

/** `2025-01-03` -> [2025, 1, 3]; null when the text is not an ISO date. */
export function parseIsoDate(iso: string | null): [number, number, number] | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** UTC midnight of an ISO date: ExcelJS turns it into a whole Excel date serial. */
export function isoToUtcDate(iso: string): Date | null {
  const parts = parseIsoDate(iso);
  return parts ? new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])) : null;
}

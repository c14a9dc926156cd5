/** SPEC §9 formatting: relative time and file sizes. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now' under 2 minutes, then minutes, hours, 'Yesterday', days under 7, else a short US date. */
export function formatRelativeTime(iso: string | number | Date, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const diff = Math.max(0, now - then);
  if (diff < 2 * MINUTE) return 'Just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} minutes ago`;
  if (diff < 2 * HOUR) return '1 hour ago';
  if (diff < DAY) return `${Math.floor(diff / HOUR)} hours ago`;
  if (diff < 2 * DAY) return 'Yesterday';
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)} days ago`;
  return formatShortDate(then);
}

/** Short US-style date, e.g. 'Jan 29, 2025'. */
export function formatShortDate(value: string | number | Date): string {
  return new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A date and time in the reader's own zone, e.g. 'Jan 29, 2025, 3:04 PM'. */
export function formatDateTime(value: string | number | Date): string {
  return new Date(value).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Base 1024, two decimals at most: '0 Bytes', '1.5 KB', '10 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Number.parseFloat((bytes / 1024 ** i).toFixed(2));
  return `${value} ${UNITS[i]}`;
}

/** A money amount with its currency when known (ISO code), else a plain 2-decimal number. */
export function formatAmount(value: number | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return moneyFormat(currency).format(value);
}

/** One formatter per currency: making one costs far more than formatting (the grid formats thousands). */
const formats = new Map<string, Intl.NumberFormat>();
const PLAIN = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
function moneyFormat(currency: string | null | undefined): Intl.NumberFormat {
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return PLAIN;
  let f = formats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // Unknown ISO code: a plain number.
      f = PLAIN;
    }
    formats.set(currency, f);
  }
  return f;
}

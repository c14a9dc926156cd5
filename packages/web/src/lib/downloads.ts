/** Which URL serves each output format of a file record, and the labels users see. */
import {
  CSV_DATE_FORMATS,
  type CsvColumn,
  type CsvDateFormat,
  type CsvPreset,
  type FileRecord,
  type OutputFormat,
} from '@statemint/shared';

export const FORMAT_LABELS: Record<OutputFormat, string> = {
  xlsx: 'Excel',
  csv: 'CSV',
  json: 'JSON',
  xml: 'XML',
  txt: 'Text',
  html: 'HTML',
  ofx: 'OFX',
  qfx: 'QFX',
  qbo: 'QBO',
  qif: 'QIF',
  iif: 'IIF (QuickBooks Desktop)',
};

/** DECISIONS.md's other CSV column sets, offered beside the standard CSV. */
export const CSV_PRESET_LABELS: Record<Exclude<CsvPreset, 'standard'>, string> = {
  simple: 'CSV (simple)',
  accounting: 'CSV (accounting)',
};
export const EXTRA_CSV_PRESETS = Object.keys(CSV_PRESET_LABELS) as Exclude<CsvPreset, 'standard'>[];

/** A download URL asking for a CSV column set (the standard one is the plain URL). */
export function withPreset(url: string, preset: CsvPreset): string {
  if (preset === 'standard') return url;
  return `${url}${url.includes('?') ? '&' : '?'}preset=${preset}`;
}

/** A CSV download that starts with a UTF-8 byte-order mark (Excel on Windows reads accents right). */
export function withBom(url: string, bom: boolean): string {
  return bom ? `${url}${url.includes('?') ? '&' : '?'}bom=1` : url;
}

/** A CSV download with these columns in this order (issue 27; null: the preset's). */
export function withColumns(url: string, columns: readonly CsvColumn[] | null): string {
  return columns ? `${url}${url.includes('?') ? '&' : '?'}columns=${columns.join(',')}` : url;
}

/** A CSV download with its Date column in another format (ISO is the plain URL). */
export function withDates(url: string, dates: CsvDateFormat): string {
  return dates === 'iso' ? url : `${url}${url.includes('?') ? '&' : '?'}dates=${dates}`;
}

const DATES_KEY = 'statemint.csvDates';
/** The CSV date format chosen, remembered in this browser. */
export function rememberedDates(): CsvDateFormat {
  try {
    const v = localStorage.getItem(DATES_KEY);
    return CSV_DATE_FORMATS.find((d) => d === v) ?? 'iso';
  } catch {
    return 'iso';
  }
}
export function rememberDates(dates: CsvDateFormat): void {
  try {
    localStorage.setItem(DATES_KEY, dates);
  } catch {
    // Private mode: the choice lasts this page only.
  }
}

/** One file per statement, in a ZIP (files of several statements: a ZIP upload, two accounts in one PDF). */
export function withSplit(url: string, split: boolean): string {
  return split ? `${url}${url.includes('?') ? '&' : '?'}split=1` : url;
}

const BOM_KEY = 'statemint.csvBom';
/** The byte-order mark choice, remembered in this browser. */
export function rememberedBom(): boolean {
  try {
    return localStorage.getItem(BOM_KEY) === '1';
  } catch {
    return false;
  }
}
export function rememberBom(bom: boolean): void {
  try {
    localStorage.setItem(BOM_KEY, bom ? '1' : '0');
  } catch {
    // Private mode: the choice lasts this page only.
  }
}

/** The three main downloads first (SPEC §2), then the extra formats (DECISIONS.md). */
export const PRIMARY_FORMATS: readonly OutputFormat[] = ['xlsx', 'csv', 'json'];
export const EXTRA_FORMATS: readonly OutputFormat[] = ['xml', 'txt', 'html', 'ofx', 'qfx', 'qbo', 'qif', 'iif'];

/** SPEC §7's download-free format names. */
const FREE_FORMAT_PARAM: Partial<Record<OutputFormat, string>> = { xlsx: 'excel', csv: 'csv', json: 'json' };

export function formatUrl(file: FileRecord, format: OutputFormat): string | null {
  const byField: Record<OutputFormat, string | null | undefined> = {
    xlsx: file.xlsxUrl ?? file.excelUrl,
    csv: file.csvUrl,
    json: file.jsonUrl,
    xml: file.xmlUrl,
    txt: file.textUrl,
    html: file.htmlUrl,
    ofx: file.ofxUrl,
    qfx: file.qfxUrl,
    qbo: file.qboUrl,
    qif: file.qifUrl,
    iif: file.iifUrl,
  };
  return byField[format] || null;
}

/** Anonymous files (free trial, pay per file) without URL fields fall back to SPEC §7's download-free route. */
export function downloadUrl(file: FileRecord, format: OutputFormat, anonymous: boolean): string | null {
  const url = formatUrl(file, format);
  if (url) return url;
  const param = FREE_FORMAT_PARAM[format];
  const hasAnyUrl = [...PRIMARY_FORMATS, ...EXTRA_FORMATS].some((f) => formatUrl(file, f));
  if (anonymous && param && !hasAnyUrl) return `/api/download-free/${encodeURIComponent(file.id)}?format=${param}`;
  return null;
}

export function availableFormats(file: FileRecord): OutputFormat[] {
  return [...PRIMARY_FORMATS, ...EXTRA_FORMATS].filter((f) => formatUrl(file, f));
}

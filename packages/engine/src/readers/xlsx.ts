/**
 * XLSX reader: one grid page per worksheet, in workbook order (page = sheet index), with
 * cells at their real column so columns line up. Values come out in one neutral notation the
 * value parser understands whatever the workbook's locale: dates as YYYY-MM-DD, numbers with
 * a '.' decimal and no grouping (with the currency symbol or code of a currency format).
 */
import ExcelJS from 'exceljs';
import { gridPage, type LayoutDocument, type LayoutPage } from '../layout/model';
import { checkZipSize, compactDateColumns, isoDateTimeCell, unreadable } from './decode';

/** Bank exports are a few MB at most; ExcelJS holds the whole inflated workbook in memory. */
const MAX_INFLATED_BYTES = 150 * 1024 * 1024;

/** Blank rows between data keep some vertical space, but a stray cell far below does not cost a million rows. */
const MAX_BLANK_ROWS = 3;

export async function readXlsx(bytes: Uint8Array): Promise<LayoutDocument> {
  checkZipSize(bytes, 'XLSX', MAX_INFLATED_BYTES);
  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS declares its own `Buffer` as an ArrayBuffer; at run time it takes a copy of the bytes.
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch (e) {
    throw unreadable('XLSX', e);
  }
  const date1904 = Boolean((workbook.properties as { date1904?: boolean } | undefined)?.date1904);
  const pages: LayoutPage[] = workbook.worksheets.map((sheet, i) => {
    const number = i + 1;
    // Hidden sheets keep their number (so later sheets keep theirs) but contribute no text.
    if (sheet.state !== 'visible' && sheet.state !== undefined) return gridPage(number, []);
    return gridPage(number, compactDateColumns(sheetRows(sheet, date1904)));
  });
  return { pages };
}

function sheetRows(sheet: ExcelJS.Worksheet, date1904: boolean): string[][] {
  const grid: { rowNumber: number; cells: { value: ExcelJS.CellValue; numFmt: string | undefined }[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: { value: ExcelJS.CellValue; numFmt: string | undefined }[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      // A merged range shows its value once, in its top-left cell.
      if (cell.isMerged && cell.master !== cell) return;
      cells[col - 1] = { value: cell.value, numFmt: cell.numFmt };
    });
    grid.push({ rowNumber, cells });
  });
  const general = generalColumns(grid.map((r) => r.cells));
  const rows: string[][] = [];
  let lastRow = 0;
  for (const { rowNumber, cells } of grid) {
    const texts = Array.from(cells, (cell, c) => {
      if (!cell) return '';
      const kind = general.get(c);
      const n = generalNumber(cell.value, cell.numFmt);
      if (n !== null && kind === 'date') return serialDate(n, date1904);
      // Long whole numbers beside the money (an account number in the preamble) are not money.
      if (n !== null && kind === 'money' && Math.abs(n) < 1e7) return n.toFixed(2);
      return cellText(cell.value, cell.numFmt, date1904);
    });
    if (!texts.some(Boolean)) continue;
    const gap = Math.min(MAX_BLANK_ROWS, rowNumber - lastRow - 1);
    for (let g = 0; g < gap; g++) rows.push([]);
    rows.push(texts);
    lastRow = rowNumber;
  }
  return rows;
}

/** A number shown in the General format (no number format), or null. */
function generalNumber(value: ExcelJS.CellValue, numFmt: string | undefined): number | null {
  if (numFmt && !/^general$/i.test(numFmt)) return null;
  const v =
    value !== null && typeof value === 'object' && ('formula' in value || 'sharedFormula' in value)
      ? value.result
      : value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

// Serial numbers of 1990-01-01 and 2049-12-31.
const SERIAL_MIN = 32874;
const SERIAL_MAX = 54789;

/**
 * Columns of General-format numbers, which machine-written workbooks use for everything:
 * 'money' where some value has cents (2540 then prints as 2540.00, like its neighbours),
 * 'date' where at least three whole numbers in the range of date serials run in date order
 * (a statement is sorted by date; amounts are not).
 */
function generalColumns(
  rows: { value: ExcelJS.CellValue; numFmt: string | undefined }[][],
): Map<number, 'money' | 'date'> {
  const byColumn = new Map<number, number[]>();
  for (const cells of rows)
    cells.forEach((cell, c) => {
      const n = cell ? generalNumber(cell.value, cell.numFmt) : null;
      if (n === null) return;
      const list = byColumn.get(c) ?? [];
      list.push(n);
      byColumn.set(c, list);
    });
  const out = new Map<number, 'money' | 'date'>();
  for (const [c, ns] of byColumn) {
    const cents = ns.map((n) => Math.round(n * 100));
    const exactCents = ns.every((n, i) => Math.abs((cents[i] as number) / 100 - n) < 1e-9 * Math.max(1, Math.abs(n)));
    if (exactCents && cents.some((v) => v % 100 !== 0)) out.set(c, 'money');
    else if (ns.length >= 3 && ns.every((n) => Number.isInteger(n) && n >= SERIAL_MIN && n <= SERIAL_MAX)) {
      const up = ns.every((n, i) => i === 0 || n >= (ns[i - 1] as number));
      const down = ns.every((n, i) => i === 0 || n <= (ns[i - 1] as number));
      if ((up || down) && ns[0] !== ns[ns.length - 1]) out.set(c, 'date');
    }
  }
  return out;
}

/** The text a cell shows, in the neutral notation described above. */
export function cellText(value: ExcelJS.CellValue, numFmt: string | undefined, date1904 = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return isoDateTimeCell(value);
  if (typeof value === 'number') {
    if (numFmt && isDateFormat(numFmt)) return serialDate(value, date1904);
    return numberText(value, numFmt);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    return result === undefined ? '' : cellText(result, numFmt, date1904);
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text, numFmt, date1904);
  return '';
}

/** Decimals shown by a number format ('#,##0.00' -> 2), or null for General and unknown formats. */
function formatDecimals(numFmt: string | undefined): number | null {
  if (!numFmt || /^general$/i.test(numFmt)) return null;
  // The positive section decides; quoted literals and escapes carry no digits.
  const section = (numFmt.split(';')[0] ?? '').replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  const m = /[0#?]\.([0#?]+)/.exec(section);
  if (m) return (m[1] as string).length;
  return /[0#?]/.test(section) ? 0 : null;
}

function numberText(n: number, numFmt: string | undefined): string {
  if (!Number.isFinite(n)) return String(n);
  const percent = numFmt ? /%/.test(numFmt.split(';')[0]?.replace(/"[^"]*"/g, '') ?? '') : false;
  const value = percent ? n * 100 : n;
  const decimals = formatDecimals(numFmt);
  // Only widen to the format's decimals: a value with more precision than shown keeps it.
  let text = decimals !== null && decimals > 0 && roundsTo(value, decimals) ? value.toFixed(decimals) : plain(value);
  if (text === '-0' || /^-0\.0*$/.test(text)) text = text.slice(1);
  if (percent) return `${text}%`;
  // A currency format's symbol is often the only place a workbook names its currency.
  const currency = formatCurrency(numFmt);
  if (!currency) return text;
  if (currency.after) return `${text} ${currency.symbol}`;
  const lead = /^[A-Z]{3}$/.test(currency.symbol) ? `${currency.symbol} ` : currency.symbol;
  return text.startsWith('-') ? `-${lead}${text.slice(1)}` : `${lead}${text}`;
}

const CURRENCY_IN_FORMAT = /^(?:[$£€¥₹]|R\$|[A-Z]{3})$/;

/**
 * The currency symbol or code of a number format ('£#,##0.00', '#,##0.00 [$€-407]',
 * '#,##0.00 "EUR"'), and whether it follows the number; null for formats without one.
 */
function formatCurrency(numFmt: string | undefined): { symbol: string; after: boolean } | null {
  if (!numFmt) return null;
  const section = numFmt.split(';')[0] ?? '';
  const digit = section.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, (m) => ' '.repeat(m.length)).search(/[0#?]/);
  if (digit < 0) return null;
  const found: { symbol: string; at: number }[] = [];
  for (const m of section.matchAll(/\[\$([^\]-]+)(?:-[0-9A-Fa-f]+)?\]|"([^"]+)"|\\(.)|([$£€¥₹])/g)) {
    const symbol = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (CURRENCY_IN_FORMAT.test(symbol)) found.push({ symbol, at: m.index });
  }
  const first = found[0];
  return first ? { symbol: first.symbol, after: first.at > digit } : null;
}

function roundsTo(n: number, decimals: number): boolean {
  const f = 10 ** decimals;
  return Math.abs(Math.round(n * f) / f - n) < 1e-9 * Math.max(1, Math.abs(n));
}

/** Shortest text of the number, with float noise (0.1 + 0.2) trimmed. */
function plain(n: number): string {
  return String(Number.parseFloat(n.toPrecision(15)));
}

function isDateFormat(numFmt: string): boolean {
  const f = numFmt.replace(/"[^"]*"|\\.|\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dy]|m{3,}|(^|[^hs:])m{1,2}([^ms:]|$)/i.test(f) && !/^[#0.,\s%]*$/.test(f);
}

function serialDate(serial: number, date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return isoDate(new Date(epoch + Math.round(serial * 86400) * 1000));
}

/** ExcelJS gives dates as UTC instants; a time of day, where there is one, follows the date. */
function isoDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  const time = iso.slice(11, 19);
  return time === '00:00:00'
    ? iso.slice(0, 10)
    : `${iso.slice(0, 10)} ${time.endsWith(':00') ? time.slice(0, 5) : time}`;
}

/** File types, statuses and output formats shared by server and web. */

export const FILE_STATUSES = ['processing', 'completed', 'archived', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const RESTORE_STATUSES = ['requested', 'in_progress', 'completed'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

/** Upload extensions accepted (SPEC §5 and the dashboard chooser). */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'csv',
  'rtf',
  'xlsx',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'tiff',
  'tif',
  'svg',
  'zip',
] as const;

export const OUTPUT_FORMATS = ['xlsx', 'csv', 'json', 'xml', 'txt', 'html', 'ofx', 'qfx', 'qbo', 'qif', 'iif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * DECISIONS.md CSV column sets: `standard` (the 9 columns, the stored CSV), `simple` (Date, Description,
 * Amount, Reference, Category) and `accounting` (Date, Description, Debit, Credit, Balance). Downloads
 * take one as `preset`.
 */
export const CSV_PRESETS = ['standard', 'simple', 'accounting'] as const;
export type CsvPreset = (typeof CSV_PRESETS)[number];

/**
 * The columns a CSV download may choose and put in order (`columns=date,payee,amount`, issue 27's
 * export options), remembered per account (PUT /api/account/export-settings). Payee and Category
 * are what the account's rules give a row; Category falls back to the built-in categoriser.
 */
export const CSV_COLUMNS = [
  'date',
  'sourceDate',
  'description',
  'payee',
  'category',
  'credit',
  'debit',
  'amount',
  'balance',
  'reference',
  'page',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_COLUMN_LABELS: Record<CsvColumn, string> = {
  date: 'Date',
  sourceDate: 'Source Date',
  description: 'Description',
  payee: 'Payee',
  category: 'Category',
  credit: 'Credit',
  debit: 'Debit',
  amount: 'Amount',
  balance: 'Balance',
  reference: 'Reference',
  page: 'Page',
};

/** A list of CSV columns as `columns=` writes it ('date,description,amount'): known, each once, at least one; else null. */
export function parseCsvColumns(raw: string): CsvColumn[] | null {
  const names = raw.split(',').map((c) => c.trim());
  const columns = names.map((n) => CSV_COLUMNS.find((c) => c.toLowerCase() === n.toLowerCase()));
  if (columns.length === 0 || columns.some((c) => c === undefined)) return null;
  const list = columns as CsvColumn[];
  return new Set(list).size === list.length ? list : null;
}

/** How a CSV writes its Date column: ISO (the default), day first or month first (`dates=` on downloads). */
export const CSV_DATE_FORMATS = ['iso', 'dmy', 'mdy'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];
export const CSV_DATE_FORMAT_LABELS: Record<CsvDateFormat, string> = {
  iso: 'YYYY-MM-DD',
  dmy: 'DD/MM/YYYY',
  mdy: 'MM/DD/YYYY',
};

/** An ISO date written in a CSV date format (anything else is left as it is). */
export function formatCsvDate(iso: string, format: CsvDateFormat): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m || format === 'iso') return iso;
  return format === 'dmy' ? `${m[3]}/${m[2]}/${m[1]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

export const OUTPUT_CONTENT_TYPES: Record<OutputFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  ofx: 'application/x-ofx',
  qfx: 'application/vnd.intu.qfx',
  qbo: 'application/vnd.intu.qbo',
  qif: 'application/qif',
  iif: 'application/x-iif',
};

function baseName(originalFilename: string): string {
  const known = new RegExp(`\\.(${UPLOAD_EXTENSIONS.join('|')})$`, 'i');
  return originalFilename.replace(known, '') || 'statement';
}

/** SPEC §5: known extensions are removed, then `_converted.xlsx`, `.csv`, `.json`, ... is added. */
export function downloadName(originalFilename: string, format: OutputFormat): string {
  return `${baseName(originalFilename)}_converted.${format}`;
}

/** A ZIP of one file per statement (`split=1` on the download routes): `march_converted_ofx.zip`. */
export function splitDownloadName(originalFilename: string, format: OutputFormat): string {
  return `${baseName(originalFilename)}_converted_${format}.zip`;
}

/**
 * Statement `index` (0-based) in that ZIP: numbered, then the account's last four letters or digits,
 * else its source file's name (`march_1_4821.ofx`, `bundle_2_giro.ofx`).
 */
export function statementFileName(
  originalFilename: string,
  index: number,
  statement: { source?: string; statement: { accountNumber: string | null } },
  format: OutputFormat,
): string {
  const tail = (statement.statement.accountNumber ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);
  const source = (statement.source ?? '').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const label = (tail || source).replace(/[^\w.-]+/g, '_').slice(0, 40);
  return `${baseName(originalFilename)}_${index + 1}${label ? `_${label}` : ''}.${format}`;
}

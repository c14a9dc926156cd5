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

export const OUTPUT_FORMATS = ['xlsx', 'csv', 'json', 'xml', 'txt', 'html', 'ofx', 'qfx', 'qbo', 'qif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * DECISIONS.md CSV column sets: `standard` (the 9 columns, the stored CSV), `simple` (Date, Description,
 * Amount, Reference, Category) and `accounting` (Date, Description, Debit, Credit, Balance). Downloads
 * take one as `preset`.
 */
export const CSV_PRESETS = ['standard', 'simple', 'accounting'] as const;
export type CsvPreset = (typeof CSV_PRESETS)[number];

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
};

/** SPEC §5: known extensions are removed, then `_converted.xlsx`, `.csv`, `.json`, ... is added. */
export function downloadName(originalFilename: string, format: OutputFormat): string {
  const known = new RegExp(`\\.(${UPLOAD_EXTENSIONS.join('|')})$`, 'i');
  const base = originalFilename.replace(known, '') || 'statement';
  return `${base}_converted.${format}`;
}

/**
 * Downloads: outputs of anonymous files by id within their hour, outputs and originals of
 * account files by owner (Bearer) or by a signed link, with SPEC's names and content types.
 */
import { exportStatements } from '@statemint/engine/export';
import {
  AppError,
  CSV_COLUMNS,
  CSV_DATE_FORMATS,
  CSV_PRESETS,
  type CsvColumn,
  type CsvDateFormat,
  type CsvPreset,
  DOWNLOAD_FORMAT_ALIASES,
  downloadName,
  type OriginalDownloadResponse,
  OUTPUT_CONTENT_TYPES,
  type OutputFormat,
  parseCsvColumns,
  splitDownloadName,
  statementFileName,
} from '@statemint/shared';
import type { FilesContext } from '../files/context';
import { originalKey, outputKey } from '../files/keys';
import { availableUntil, type FileRow, isAlive, isEphemeral } from '../files/life';
import { originalUrl, storedFormats } from '../files/record';
import { isArchivedNow } from '../files/repository';
import { findOwnedFile, NOT_FOUND_MESSAGE } from '../files/service';
import { currentStatements, latestVersion } from '../files/statement-versions';
import { asBuffer } from '../review/bytes';
import { editedOutput } from '../review/outputs';
import { isLiveKeyOf } from '../services/api-keys';
import { getExportSettings } from '../services/export-settings';
import { StoredObjectMissingError } from '../storage/file-store';

export const ARCHIVED_MESSAGE = 'This file is archived. Restore it to download it again.';
export const LINK_EXPIRED_MESSAGE =
  'This download link has expired. Please download the file again from your dashboard.';
export const VERIFY_TO_DOWNLOAD_MESSAGE =
  'Please verify your email address to download files from your vault: use the link we sent you, or request a new one from your dashboard.';

export interface Download {
  body: Buffer;
  contentType: string;
  filename: string;
}

export function parseFormat(raw: string | undefined): OutputFormat {
  const format = raw ? DOWNLOAD_FORMAT_ALIASES[raw.toLowerCase()] : undefined;
  if (!format)
    throw new AppError(
      'VALIDATION_FAILED',
      `format must be one of ${Object.keys(DOWNLOAD_FORMAT_ALIASES).join(', ')}`,
      { field: 'format' },
    );
  return format;
}

const ORIGINAL_CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  rtf: 'application/rtf',
  zip: 'application/zip',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  // SVG can carry script; it is only ever handed out as opaque bytes.
  svg: 'application/octet-stream',
};

function notAvailable(format: OutputFormat): AppError {
  const label = format === 'xlsx' ? 'Excel' : format.toUpperCase();
  return new AppError('FORMAT_NOT_AVAILABLE', `No ${label} file available. Please try a different format.`);
}

async function readStored(files: FilesContext, key: string, onMissing: () => AppError): Promise<Buffer> {
  try {
    return await files.store.get(key);
  } catch (e) {
    // Deleted between the row check and the read (a sweep or a delete running alongside).
    if (e instanceof StoredObjectMissingError) throw onMissing();
    throw e;
  }
}

/** The CSV column set asked for; only CSV takes one. */
export function parsePreset(format: OutputFormat, raw: string | undefined): CsvPreset {
  if (raw === undefined || raw === '') return 'standard';
  const preset = CSV_PRESETS.find((p) => p === raw.toLowerCase());
  if (!preset || (format !== 'csv' && preset !== 'standard'))
    throw new AppError('VALIDATION_FAILED', `preset must be one of ${CSV_PRESETS.join(', ')}, with format csv`, {
      field: 'preset',
    });
  return preset;
}

/** Whether a CSV should start with a byte-order mark (`bom=1`); only CSV takes one. */
export function parseBom(format: OutputFormat, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if ((raw === '1' || raw === 'true') && format === 'csv') return true;
  throw new AppError('VALIDATION_FAILED', 'bom must be 1 or 0, with format csv', { field: 'bom' });
}

/** How a CSV writes its dates (`dates=iso|dmy|mdy`); only CSV takes one. */
export function parseDates(format: OutputFormat, raw: string | undefined): CsvDateFormat {
  if (raw === undefined || raw === '') return 'iso';
  const dates = CSV_DATE_FORMATS.find((d) => d === raw.toLowerCase());
  if (!dates || (format !== 'csv' && dates !== 'iso'))
    throw new AppError('VALIDATION_FAILED', `dates must be one of ${CSV_DATE_FORMATS.join(', ')}, with format csv`, {
      field: 'dates',
    });
  return dates;
}

/** The CSV columns a download chose, in its order (`columns=date,payee,amount`); only CSV takes them. */
export function parseColumns(format: OutputFormat, raw: string | undefined): CsvColumn[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const columns = parseCsvColumns(raw);
  if (!columns || format !== 'csv')
    throw new AppError(
      'VALIDATION_FAILED',
      `columns must be some of ${CSV_COLUMNS.join(', ')}, each once, comma-separated, with format csv`,
      { field: 'columns' },
    );
  return columns;
}

/** Whether to download one file per statement, in a ZIP (`split=1`). */
export function parseSplit(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new AppError('VALIDATION_FAILED', 'split must be 1 or 0', { field: 'split' });
}

/** The download options of the query string, as given. */
export interface DownloadQuery {
  preset?: string | undefined;
  bom?: string | undefined;
  dates?: string | undefined;
  columns?: string | undefined;
  split?: string | undefined;
}

const BOM = Buffer.from('\uFEFF', 'utf8');

function readyForDownload(files: FilesContext, row: FileRow, format: OutputFormat): void {
  const now = files.ctx.clock.now();
  if (isArchivedNow(row, now)) throw new AppError('FILE_ARCHIVED', ARCHIVED_MESSAGE);
  if (availableUntil(row, now) === null || !storedFormats(row).includes(format)) throw notAvailable(format);
}

async function download(files: FilesContext, row: FileRow, format: OutputFormat, query: DownloadQuery) {
  const preset = parsePreset(format, query.preset);
  const bom = parseBom(format, query.bom);
  const dates = parseDates(format, query.dates);
  const columns = parseColumns(format, query.columns);
  if (!parseSplit(query.split)) return outputOf(files, row, format, preset, bom, dates, columns);
  // One file per statement of the latest version, each with its own account and currency (OFX).
  readyForDownload(files, row, format);
  const statements = await currentStatements(files, row.id);
  if (!statements) throw notAvailable(format);
  const names = statements.map((s, i) => statementFileName(row.original_filename, i, s, format));
  const answer = await files.review.run({
    op: 'split',
    statements,
    names,
    format,
    preset,
    bom,
    dates,
    ...(columns ? { columns } : {}),
  });
  if (!answer.ok)
    throw answer.code === 'NOT_IMPLEMENTED' ? notAvailable(format) : new AppError(answer.code, answer.message);
  if (!('output' in answer)) throw new AppError('INTERNAL_ERROR', 'No output.');
  return {
    body: asBuffer(answer.output),
    contentType: 'application/zip',
    filename: splitDownloadName(row.original_filename, format),
  };
}

async function outputOf(
  files: FilesContext,
  row: FileRow,
  format: OutputFormat,
  preset: CsvPreset = 'standard',
  bom = false,
  dates: CsvDateFormat = 'iso',
  columns?: CsvColumn[],
): Promise<Download> {
  const download = await storedOutput(files, row, format, preset, dates, columns);
  return bom ? { ...download, body: Buffer.concat([BOM, download.body]) } : download;
}

async function storedOutput(
  files: FilesContext,
  row: FileRow,
  format: OutputFormat,
  preset: CsvPreset,
  dates: CsvDateFormat,
  columns?: CsvColumn[],
): Promise<Download> {
  readyForDownload(files, row, format);
  const custom = preset !== 'standard' || dates !== 'iso' || columns !== undefined;
  const version = await latestVersion(files, row.id);
  if (version > 0 && !custom) {
    // An edited version's outputs are written when first downloaded (review/outputs.ts).
    let body: Buffer;
    try {
      body = await editedOutput(files, row.id, version, format);
    } catch (e) {
      // Its statements deleted meanwhile, or a format no writer makes.
      if (e instanceof AppError && (e.code === 'CONVERSION_FAILED' || e.code === 'NOT_IMPLEMENTED'))
        throw notAvailable(format);
      throw e;
    }
    return { body, contentType: OUTPUT_CONTENT_TYPES[format], filename: downloadName(row.original_filename, format) };
  }
  if (custom) {
    // The other CSV column sets, chosen columns and date formats are written on demand from the stored statements.
    const statements = await currentStatements(files, row.id);
    if (!statements) throw notAvailable(format);
    const csv = await exportStatements(statements, 'csv', {
      csvPreset: preset,
      csvDates: dates,
      ...(columns ? { csvColumns: columns } : {}),
    });
    return {
      body: Buffer.from(csv),
      contentType: OUTPUT_CONTENT_TYPES.csv,
      filename: downloadName(row.original_filename, format),
    };
  }
  return {
    body: await readStored(files, outputKey(row.id, format), () => notAvailable(format)),
    contentType: OUTPUT_CONTENT_TYPES[format],
    filename: downloadName(row.original_filename, format),
  };
}

async function findRow(files: FilesContext, id: string): Promise<FileRow | undefined> {
  return files.repo.find(id);
}

/** GET /api/download-free/{id}?format=: anonymous (free-trial, pay-per-file) files within their hour. */
export async function downloadFree(
  files: FilesContext,
  id: string,
  formatParam: string | undefined,
  query: DownloadQuery = {},
): Promise<Download> {
  const format = parseFormat(formatParam);
  const row = await findRow(files, id);
  if (!row || !isEphemeral(row) || !isAlive(row, files.ctx.clock.now()))
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return download(files, row, format, query);
}

/**
 * An account file's output, for its owner: with the Bearer token, or with the signed link
 * from the file record (a new tab sends no Authorization header).
 */
export async function downloadOwned(
  files: FilesContext,
  id: string,
  formatParam: string | undefined,
  who: { userId: string | null; token: string | undefined },
  query: DownloadQuery = {},
): Promise<Download> {
  const format = parseFormat(formatParam);
  const row = await authorizedRow(files, id, format, who);
  // The account's remembered CSV options (issue 27), where the download does not say otherwise
  // (columns: unless it names its own or a preset).
  if (format === 'csv' && row.user_id) {
    const remembered = await getExportSettings(files.ctx, row.user_id);
    const columns = remembered.csvColumns && !query.preset ? remembered.csvColumns.join(',') : undefined;
    return download(files, row, format, {
      ...query,
      columns: query.columns || columns,
      dates: query.dates || remembered.csvDates,
      bom: query.bom || (remembered.bom ? '1' : '0'),
    });
  }
  return download(files, row, format, query);
}

async function authorizedRow(
  files: FilesContext,
  id: string,
  target: string,
  who: { userId: string | null; token: string | undefined },
): Promise<FileRow> {
  const row = await findRow(files, id);
  if (!row?.user_id || !isAlive(row, files.ctx.clock.now())) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  if (who.userId !== null && who.userId === row.user_id) return verifiedOwner(files, row);
  if (who.token) {
    const sessionId = files.links.verify(row.id, target, who.token);
    // The link lives only as long as the session it was made for (logout, password change).
    if (sessionId && (await isLiveSession(files, sessionId, row.user_id))) return verifiedOwner(files, row);
    throw new AppError('UNAUTHORIZED', LINK_EXPIRED_MESSAGE);
  }
  if (who.userId === null) throw new AppError('UNAUTHORIZED', 'Authentication required. Please log in.');
  throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
}

/** Whether the login session (or API key) a link was made for still works for `userId`. */
export async function isLiveSession(files: FilesContext, sessionId: string, userId: string): Promise<boolean> {
  if (sessionId.startsWith('api-key:')) return isLiveKeyOf(files.ctx, sessionId.slice('api-key:'.length), userId);
  return files.ctx.repos.users.isLiveSessionOf(sessionId, userId);
}

/**
 * Vault files are downloaded only by an owner whose e-mail is verified: an account opened with
 * someone else's address (a checkout sign-up) cannot use it to hand out files.
 */
async function verifiedOwner(files: FilesContext, row: FileRow): Promise<FileRow> {
  if (!(await files.ctx.repos.users.isVerified(row.user_id as string)))
    throw new AppError('EMAIL_NOT_VERIFIED', VERIFY_TO_DOWNLOAD_MESSAGE);
  return row;
}

/** GET /api/files/{id}/download (Bearer): a short-lived link to the original upload. */
export async function originalLink(
  files: FilesContext,
  id: string,
  userId: string,
  sessionId: string,
): Promise<OriginalDownloadResponse> {
  const row = await verifiedOwner(files, await findOwnedFile(files, id, userId));
  if (isArchivedNow(row, files.ctx.clock.now())) throw new AppError('FILE_ARCHIVED', ARCHIVED_MESSAGE);
  return { downloadUrl: originalUrl(row, files.links.forSession(sessionId)), filename: row.original_filename };
}

/** GET /api/files/{id}/original?token= (or Bearer): the original bytes. */
export async function downloadOriginal(
  files: FilesContext,
  id: string,
  who: { userId: string | null; token: string | undefined },
): Promise<Download> {
  const row = await authorizedRow(files, id, 'original', who);
  if (isArchivedNow(row, files.ctx.clock.now())) throw new AppError('FILE_ARCHIVED', ARCHIVED_MESSAGE);
  return {
    body: await readStored(files, originalKey(row.id), () => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE)),
    contentType: ORIGINAL_CONTENT_TYPES[row.input_kind] ?? 'application/octet-stream',
    filename: row.original_filename,
  };
}

/** Content-Disposition for a download: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

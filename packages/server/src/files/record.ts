/** A file row as the API shows it (FileRecord, SPEC §3 plus reconciliation and extra formats). */
import {
  type ErrorCode,
  type FileMode,
  type FileReconciliation,
  type FileRecord,
  type FileStatus,
  type FileUrls,
  FORMAT_URL_FIELDS,
  OUTPUT_FORMATS,
  type OutputFormat,
  type RestoreStatus,
  type Statement,
  type Transaction,
} from '@statemint/shared';
import type { LinkMinter } from '../downloads/links';
import { availableUntil, deleteAt, type FileRow, isEphemeral, type RetentionSettings } from './life';
import { isArchivedNow } from './repository';
import { previewOf } from './statement-versions';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function parse<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

export function storedFormats(row: FileRow): OutputFormat[] {
  const outputs = parse<Partial<Record<OutputFormat, number>>>(row.outputs) ?? {};
  return OUTPUT_FORMATS.filter((f) => outputs[f] !== undefined);
}

/** Where a format is downloaded: anonymous files by id, vault files by a signed link. */
export function formatUrl(row: FileRow, format: OutputFormat, links: LinkMinter | null): string | null {
  if (isEphemeral(row)) return `/api/download-free/${row.id}?format=${format}`;
  if (!links) return null;
  return `/api/files/${row.id}/download/${format}?token=${links.sign(row.id, format)}`;
}

export function originalUrl(row: FileRow, links: LinkMinter): string {
  return `/api/files/${row.id}/original?token=${links.sign(row.id, 'original')}`;
}

/** What only the sealed statements know: the first rows and where the balances do not add up. */
export interface FileDetail {
  preview: Transaction[];
  mismatches: FileReconciliation['mismatches'];
}

export function detailOf(statements: Statement[]): FileDetail {
  return {
    preview: previewOf(statements),
    mismatches: statements.flatMap((s, statement) => s.reconciliation.mismatches.map((m) => ({ ...m, statement }))),
  };
}

function reconciliationOf(row: FileRow, detail: FileDetail | null): FileReconciliation | null {
  const stored = parse<{ status: FileReconciliation['status']; mismatchCount?: number; mismatches?: unknown[] }>(
    row.reconciliation,
  );
  if (!stored) return null;
  return {
    status: stored.status,
    mismatchCount: stored.mismatchCount ?? stored.mismatches?.length ?? 0,
    mismatches: detail?.mismatches ?? [],
  };
}

export function toFileRecord(
  row: FileRow,
  opts: {
    now: number;
    /** Signs vault links for the session asking; null: no vault links (the owner is not asking). */
    links: LinkMinter | null;
    retention: RetentionSettings | null;
    /** Read from the sealed statements for a single file's answer; lists go without. */
    detail?: FileDetail | null;
  },
): FileRecord {
  const urls: FileUrls = {
    excelUrl: null,
    xlsxUrl: null,
    csvUrl: null,
    jsonUrl: null,
    xmlUrl: null,
    textUrl: null,
    htmlUrl: null,
    ofxUrl: null,
    qfxUrl: null,
    qboUrl: null,
    qifUrl: null,
    iifUrl: null,
  };
  const until = availableUntil(row, opts.now);
  if (until !== null) {
    for (const format of storedFormats(row)) urls[FORMAT_URL_FIELDS[format]] = formatUrl(row, format, opts.links);
    urls.excelUrl = urls.xlsxUrl;
  }
  return {
    id: row.id,
    originalFilename: row.original_filename,
    fileSize: row.file_size,
    createdAt: iso(row.created_at) as string,
    mode: row.mode as FileMode,
    // The status it has now: a completed file past its hot window is archived before the sweeper marks it.
    status: (isArchivedNow(row, opts.now) ? 'archived' : row.status) as FileStatus,
    restoreStatus: row.restore_status as RestoreStatus | null,
    restoreExpiresAt: row.restore_status === 'completed' ? iso(row.restore_expires_at) : null,
    availableUntil: iso(until),
    deleteAt: iso(deleteAt(row, opts.retention)),
    transactionCount: row.transaction_count,
    statementCount: row.statement_count,
    currency: row.currency,
    reconciliation: reconciliationOf(row, opts.detail ?? null),
    preview: opts.detail?.preview ?? null,
    errorCode: row.error_code as ErrorCode | null,
    errorMessage: row.error_message,
    ...urls,
  };
}

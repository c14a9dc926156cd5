/** Shapes of the upload, file, download and vault API (SPEC §3, §7), shared by server and web. */
import type { ApiUser } from './api';
import type { ErrorCode } from './errors';
import type { FileStatus, OutputFormat, RestoreStatus } from './files';
import type { ReconciliationMismatch, ReconciliationStatus, Transaction } from './statement';

/** How a file was uploaded: free trial and pay-per-file files live 1 hour; subscription files live in the vault. */
export type FileMode = 'free_trial' | 'paid' | 'subscription';

/** POST /api/files/upload-free-trial, /upload-paid, /upload: 201. */
export interface UploadResponse {
  id: string;
  status: FileStatus;
  /**
   * An anonymous upload's capability: sent back in FILE_CAPABILITY_HEADER, it lets its holder
   * save review edits of the file and delete it (the file's id alone reads it for its hour).
   */
  capability?: string;
}

/** The header that carries an anonymous file's capability (UploadResponse.capability). */
export const FILE_CAPABILITY_HEADER = 'x-file-capability';

/** POST /api/check-free-trial: 200. `code` says why not (FREE_TRIAL_COOLDOWN or FREE_TRIAL_LOCKED). */
export interface FreeTrialCheckResponse {
  canUse: boolean;
  reason: string;
  code?: ErrorCode;
  /** When refused: from when (ISO) the free trial can be used again, if known. */
  nextAt?: string | null;
}

export interface FileReconciliation {
  status: ReconciliationStatus;
  /** How many rows (and closing checks) do not add up. */
  mismatchCount: number;
  /**
   * Which, with the figures: GET /api/files/{id} only (empty in lists, which read no statement
   * content). `statement` indexes the statements of a ZIP or multi-account file.
   */
  mismatches: Array<ReconciliationMismatch & { statement: number }>;
}

/** Download links of a file; null where the format is not available (or the file is not downloadable now). */
export interface FileUrls {
  excelUrl: string | null;
  xlsxUrl: string | null;
  csvUrl: string | null;
  jsonUrl: string | null;
  xmlUrl: string | null;
  textUrl: string | null;
  htmlUrl: string | null;
  ofxUrl: string | null;
  qfxUrl: string | null;
  qboUrl: string | null;
  qifUrl: string | null;
  /** QuickBooks Desktop (IIF). */
  iifUrl: string | null;
}

/** The URL field of each output format. */
export const FORMAT_URL_FIELDS: Record<OutputFormat, keyof FileUrls> = {
  xlsx: 'xlsxUrl',
  csv: 'csvUrl',
  json: 'jsonUrl',
  xml: 'xmlUrl',
  txt: 'textUrl',
  html: 'htmlUrl',
  ofx: 'ofxUrl',
  qfx: 'qfxUrl',
  qbo: 'qboUrl',
  qif: 'qifUrl',
  iif: 'iifUrl',
};

/** GET /api/files/{id}, and each entry of the dashboard's recentFiles. Times are ISO strings. */
export interface FileRecord extends FileUrls {
  id: string;
  originalFilename: string;
  fileSize: number;
  createdAt: string;
  mode: FileMode;
  status: FileStatus;
  restoreStatus: RestoreStatus | null;
  restoreExpiresAt: string | null;
  /** Until when the outputs can be downloaded (hot period or restore window); null when not downloadable. */
  availableUntil: string | null;
  /** When the file and everything derived from it will be deleted. */
  deleteAt: string | null;
  transactionCount: number | null;
  statementCount: number | null;
  currency: string | null;
  reconciliation: FileReconciliation | null;
  /** The first transactions (GET /api/files/{id} only; null in lists). */
  preview: Transaction[] | null;
  errorCode: ErrorCode | null;
  errorMessage: string | null;
}

/** GET /api/files/{id}/download: a short-lived link to the original, opened in a new tab. */
export interface OriginalDownloadResponse {
  downloadUrl: string;
  filename: string;
}

/** POST /api/files/{id}/restore */
export interface RestoreRequest {
  expedited?: boolean;
}

export interface RestoreResponse {
  message: string;
  file: FileRecord;
}

/** GET /api/dashboard (SPEC §3). storageUsed is in bytes; limits of -1 mean unlimited. */
export interface DashboardResponse {
  user: ApiUser;
  stats: {
    totalFiles: number;
    filesThisMonth: number;
    restoresThisMonth: number;
    storageUsed: number;
    archivedFiles: number;
    restoredFiles: number;
  };
  limits: { uploads: number; restores: number };
  /** The newest files, one page (VAULT_PAGE_SIZE); the rest by GET /api/files?cursor=nextCursor. */
  recentFiles: FileRecord[];
  /** Where the next page of recentFiles starts, or null when there is none. */
  nextCursor: string | null;
  /**
   * Free accounts (whose uploads are the free trial): whether it can be used now, and from
   * when (ISO) if not. Absent for other plans.
   */
  freeTrial?: { canUse: boolean; code: 'FREE_TRIAL_COOLDOWN' | 'FREE_TRIAL_LOCKED' | null; nextAt: string | null };
}

/** Accepted `format` values of download URLs (SPEC's excel and text included). */
export const DOWNLOAD_FORMAT_ALIASES: Record<string, OutputFormat> = {
  excel: 'xlsx',
  xlsx: 'xlsx',
  csv: 'csv',
  json: 'json',
  xml: 'xml',
  txt: 'txt',
  text: 'txt',
  html: 'html',
  ofx: 'ofx',
  qfx: 'qfx',
  qbo: 'qbo',
  qif: 'qif',
  iif: 'iif',
};

/** Files in one page of the vault (the dashboard's recentFiles, GET /api/files) unless `limit` says otherwise. */
export const VAULT_PAGE_SIZE = 25;
export const VAULT_MAX_PAGE_SIZE = 100;
/** GET /api/files sorts: upload date, file name (case-insensitive), status. */
export const VAULT_SORTS = ['date', 'name', 'status'] as const;
export type VaultSort = (typeof VAULT_SORTS)[number];
export const VAULT_ORDERS = ['desc', 'asc'] as const;
export type VaultOrder = (typeof VAULT_ORDERS)[number];
/**
 * GET /api/files status filter, by the status a file has now: `archived` includes a completed file
 * whose 24 hot hours are over (and one being restored); `completed` is a file that can be downloaded.
 */
export const VAULT_STATUS_FILTERS = ['completed', 'archived', 'processing', 'failed'] as const;
export type VaultStatusFilter = (typeof VAULT_STATUS_FILTERS)[number];

/** GET /api/files: one page of the vault. */
export interface VaultPage {
  files: FileRecord[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/**
 * Tables of uploads, conversions and the vault (migration 0100_files). Same conventions as
 * db/schema.ts: text ids, epoch-millisecond bigint times, 0/1 integers for booleans.
 */

export interface FilesTable {
  /** Random, unguessable (144 bits): anonymous files are reachable only through it. */
  id: string;
  user_id: string | null;
  /** FileMode: free_trial | paid | subscription */
  mode: string;
  /** The e-mail given with a free-trial or pay-per-file upload (tracking, receipt). */
  email: string | null;
  /** Data only: stored objects are named by id, never by this. */
  original_filename: string;
  file_size: number;
  /** What the bytes are (engine's detectInputKind). */
  input_kind: string;
  /** FileStatus: processing | completed | archived | failed */
  status: string;
  error_code: string | null;
  error_message: string | null;
  transaction_count: number | null;
  statement_count: number | null;
  currency: string | null;
  /** JSON { status, mismatches } */
  reconciliation: string | null;
  /** JSON Transaction[] (first rows) */
  preview: string | null;
  /** JSON { [format]: bytes } of the outputs written */
  outputs: string | null;
  outputs_size: number;
  /** RestoreStatus: requested | in_progress | completed, or null */
  restore_status: string | null;
  restore_expedited: number;
  restore_requested_at: number | null;
  restore_expires_at: number | null;
  payment_intent_id: string | null;
  /** Conversion attempts started (a crash mid-conversion shows as attempts > 1). */
  attempts: number;
  created_at: number;
  completed_at: number | null;
  archived_at: number | null;
  /** Anonymous files: when they are deleted. */
  expires_at: number | null;
}

/**
 * One row per free-trial upload. Identifiers are stored as keyed hashes, never as given:
 * they only need to be compared. Rows older than two days are removed by the sweeper.
 */
export interface FreeTrialUsesTable {
  id: string;
  file_id: string | null;
  email_hash: string;
  fingerprint_hash: string | null;
  ip_hash: string;
  created_at: number;
}

export interface FreeTrialLocksTable {
  id: string;
  locked_at: number;
  locked_until: number;
}

/** Monthly counters (uploads, restores) that outlive deleted files. */
export interface UsageEventsTable {
  id: string;
  user_id: string;
  /** 'upload' | 'restore' */
  kind: string;
  file_id: string | null;
  created_at: number;
}

/** Versions of a file's statements after the conversion (review edits, restores); migration 0140. */
/** The capability of an anonymous file (files/capability.ts): its sha256, never the secret. */
export interface FileCapabilitiesTable {
  file_id: string;
  token_hash: string;
  created_at: number;
}

export interface StatementVersionsTable {
  file_id: string;
  /** 1, 2, ... (0 is the conversion and has no row). */
  version: number;
  /** 'edit' | 'restore' */
  kind: string;
  restored_from: number | null;
  created_at: number;
}

/**
 * Per user, what their vault (subscription) files add up to, by stored status: kept by the files
 * repository with every change of a row, so the dashboard's stats need not read every file
 * (migration 0161). Time alone changes no row here (files/repository.ts stats adds that).
 */
export interface VaultTotalsTable {
  user_id: string;
  files: number;
  bytes: number;
  archived: number;
  restored: number;
}

/** A type (not an interface) so Kysely's withTables accepts it. */
export type FilesTables = {
  files: FilesTable;
  statement_versions: StatementVersionsTable;
  file_capabilities: FileCapabilitiesTable;
  free_trial_uses: FreeTrialUsesTable;
  free_trial_locks: FreeTrialLocksTable;
  usage_events: UsageEventsTable;
  vault_totals: VaultTotalsTable;
};

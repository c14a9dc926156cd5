/** Typed conversion jobs and their explicit outcomes (EXAMPLES.md, practice 10). */
import type {
  ErrorCode,
  OutputFormat,
  PayeeRule,
  ReconciliationMismatch,
  ReconciliationStatus,
} from '@statemint/shared';

/**
 * `convert`: a new upload. `restore`: an archived file brought back; its stored outputs are
 * verified and any missing or damaged one is produced again from the original.
 */
export type JobKind = 'convert' | 'restore';

export interface ConversionJob {
  fileId: string;
  kind: JobKind;
  /** Expedited jobs are taken before all others. */
  expedited?: boolean;
  /**
   * A free trial's conversion (issue 29): taken after every paying user's job, and never on the
   * last free worker thread (freeSlots), so a paying user's file does not wait behind free ones.
   */
  free?: boolean;
}

/** Threads free trials may use at once of a pool of `size`: all but one kept for paying users. */
export function freeSlots(size: number): number {
  return size > 1 ? size - 1 : 1;
}

/** What a worker thread needs to process one job (the job plus what the database knows). */
export interface ConversionTask {
  fileId: string;
  kind: JobKind;
  originalFilename: string;
  timeoutMs: number;
  /** The PDF's password when one was given (held in memory only; stored encrypted with the file). */
  password?: string | undefined;
  /** Restores: the latest saved version of the statements (review edits), 0 or absent when none. */
  statementsVersion?: number;
  /** The owner's payee and category rules (issue 27), applied to what the engine read. */
  rules?: PayeeRule[];
}

export interface StatementMismatch extends ReconciliationMismatch {
  /** Index of the statement (several come from a ZIP or a multi-account file). */
  statement: number;
}

export interface StoredReconciliation {
  status: ReconciliationStatus;
  mismatchCount: number;
}

export interface ConversionSummary {
  transactionCount: number;
  statementCount: number;
  currency: string | null;
  /**
   * The balance check without its figures: the database keeps no statement text or amounts
   * (the mismatches themselves are read from the sealed statements, files/statements.ts).
   */
  reconciliation: StoredReconciliation;
  /** Size in bytes of each output that was written; formats absent here are not available. */
  outputs: Partial<Record<OutputFormat, number>>;
}

export type ConversionOutcome =
  | { ok: true; summary: ConversionSummary }
  | { ok: false; code: ErrorCode; message: string };

/** Applies an outcome (to the database); runs on the main thread. Must be idempotent. */
export type OutcomeHandler = (job: ConversionJob, outcome: ConversionOutcome) => Promise<void>;
/** Loads what a worker needs for a job; null when the file no longer exists (job dropped). */
export type TaskLoader = (job: ConversionJob) => Promise<ConversionTask | null>;

export interface ConversionQueue {
  /** Starts taking jobs. */
  start(): Promise<void>;
  /** Adds a job; adding a job for a file that is already queued does not run it twice. */
  enqueue(job: ConversionJob): Promise<void>;
  /** Jobs waiting or running. */
  pending(): Promise<number>;
  /**
   * Stops taking jobs and ends the workers. Running jobs may finish within `graceMs` (default 0);
   * past it they are given back (BullMQ: to the queue; in process: re-enqueued on the next start).
   */
  close(graceMs?: number): Promise<void>;
}

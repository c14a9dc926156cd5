/**
 * One conversion, as a worker thread runs it: decrypt the original, convert it with the
 * engine, write every output format, encrypt and store each one. Running it twice for the
 * same file gives the same result (outputs are replaced whole).
 */
import { exportStatements } from '@statemint/engine/export';
import {
  AppError,
  applyRules,
  isAppError,
  OUTPUT_FORMATS,
  type OutputFormat,
  type Statement,
  TEXTS,
} from '@statemint/shared';
import { editedOutputsPrefix, originalKey, outputKey, statementsKey } from '../files/keys';
import { decodeStatements, encodeStatements } from '../review/document';
import type { FileStore } from '../storage/file-store';
import type { ConversionOutcome, ConversionSummary, ConversionTask } from './types';

export const GENERIC_FAILURE = TEXTS.conversionFailed;

export async function runTask(store: FileStore, task: ConversionTask): Promise<ConversionOutcome> {
  try {
    // An edited file keeps its latest saved version's counts and balance check (its outputs are written
    // from that version when downloaded); out.<format> are the conversion's (version 0).
    const edited = task.kind === 'restore' ? await latestEdit(store, task) : null;
    if (task.kind === 'restore') {
      // Outputs of edited versions are written again when next downloaded.
      await store.deletePrefix(editedOutputsPrefix(task.fileId));
      const verified = await verifyOutputs(store, task, edited);
      if (verified) return verified;
    }
    const bytes = await store.get(originalKey(task.fileId));
    // The engine is imported here, in the conversion thread, which has loaded it already: the
    // server's main process imports this module only for its failures and summaries.
    const { convert } = await import('@statemint/engine');
    // The owner's payee and category rules (issue 27) name and file the rows the engine read.
    const statements = applyRules(
      await convert(bytes, { fileName: task.originalFilename, timeoutMs: task.timeoutMs, password: task.password }),
      task.rules ?? [],
    );
    // The conversion itself is version 0 of the statements the review screen shows and edits.
    await store.put(statementsKey(task.fileId, 0), encodeStatements(statements));
    const outputs = await writeOutputs(store, task.fileId, statements);
    return { ok: true, summary: summarize(edited ?? statements, outputs) };
  } catch (e) {
    return failure(e);
  }
}

/**
 * Writes every output format of the statements, replacing the file's earlier outputs; returns the
 * size of each one written.
 */
export async function writeOutputs(
  store: FileStore,
  fileId: string,
  statements: Statement[],
): Promise<Partial<Record<OutputFormat, number>>> {
  const outputs: Partial<Record<OutputFormat, number>> = {};
  for (const format of OUTPUT_FORMATS) {
    let data: Uint8Array | string;
    try {
      data = await exportStatements(statements, format);
    } catch (e) {
      // A writer that is not there yet makes that one format unavailable, not the file failed.
      if (isAppError(e) && e.code === 'NOT_IMPLEMENTED') {
        await store.delete(outputKey(fileId, format));
        continue;
      }
      throw e;
    }
    await store.put(outputKey(fileId, format), data);
    outputs[format] = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.byteLength;
  }
  if (Object.keys(outputs).length === 0)
    throw new AppError('CONVERSION_FAILED', 'No output format could be written for this statement.');
  return outputs;
}

async function latestEdit(store: FileStore, task: ConversionTask): Promise<Statement[] | null> {
  if (!task.statementsVersion) return null;
  try {
    return decodeStatements((await store.get(statementsKey(task.fileId, task.statementsVersion))).toString('utf8'));
  } catch {
    return null;
  }
}

/** A restore whose outputs all open (integrity checked) needs no conversion. */
async function verifyOutputs(
  store: FileStore,
  task: ConversionTask,
  edited: Statement[] | null,
): Promise<ConversionOutcome | null> {
  let json: Buffer;
  try {
    json = await store.get(outputKey(task.fileId, 'json'));
  } catch {
    return null;
  }
  const outputs: Partial<Record<OutputFormat, number>> = {};
  for (const format of OUTPUT_FORMATS) {
    if (!(await store.exists(outputKey(task.fileId, format)))) continue;
    try {
      outputs[format] = (await store.get(outputKey(task.fileId, format))).byteLength;
    } catch {
      return null;
    }
  }
  const parsed = JSON.parse(json.toString('utf8')) as Statement | Statement[];
  return { ok: true, summary: summarize(edited ?? (Array.isArray(parsed) ? parsed : [parsed]), outputs) };
}

export function summarize(statements: Statement[], outputs: Partial<Record<OutputFormat, number>>): ConversionSummary {
  const transactions = statements.flatMap((s) => s.transactions);
  const mismatchCount = statements.reduce((n, s) => n + s.reconciliation.mismatches.length, 0);
  const statuses = statements.map((s) => s.reconciliation.status);
  const status = statuses.includes('unbalanced')
    ? 'unbalanced'
    : statuses.length > 0 && statuses.every((s) => s === 'balanced')
      ? 'balanced'
      : 'unknown';
  return {
    transactionCount: transactions.length,
    statementCount: statements.length,
    currency: statements.find((s) => s.statement.currency)?.statement.currency ?? null,
    // The database gets the balance check's status and count, never statement text or amounts.
    reconciliation: { status, mismatchCount },
    outputs,
  };
}

export function failure(e: unknown): ConversionOutcome {
  if (isAppError(e)) return { ok: false, code: e.code, message: e.message };
  return { ok: false, code: 'CONVERSION_FAILED', message: GENERIC_FAILURE };
}

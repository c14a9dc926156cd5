/**
 * Entry of the review worker thread: the CPU work of the review screen, off the event loop.
 * `output`: writes one output format of a saved version, on its first download.
 * `split`: a ZIP of one file per statement in one format (the `split=1` downloads).
 * `page`: draws one page of the original for the review screen, kept (encrypted) once drawn.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pageImage } from '@statemint/engine';
import { exportStatements } from '@statemint/engine/export';
import type { CsvColumn, CsvDateFormat, CsvPreset, ErrorCode, OutputFormat, Statement } from '@statemint/shared';
import { strToU8, zipSync } from 'fflate';
import { editedOutputKey, originalKey, pageImageKey, statementsKey } from '../files/keys';
import { failure } from '../queue/run-task';
import { createFileStore, type StoreSpec } from '../storage/create';
import { StoredObjectMissingError } from '../storage/file-store';
import { transferList } from './bytes';
import { decodeStatements } from './document';
import { RECYCLE_JSON_BYTES, RECYCLE_ROWS } from './recycle';

export type ReviewRequest =
  | { op: 'output'; fileId: string; version: number; format: OutputFormat }
  | {
      op: 'split';
      statements: Statement[];
      names: string[];
      format: OutputFormat;
      preset: CsvPreset;
      bom: boolean;
      dates: CsvDateFormat;
      columns?: CsvColumn[];
    }
  | {
      op: 'page';
      fileId: string;
      fileName: string;
      page: number;
      source: string | undefined;
      password: string | undefined;
      slot: string;
    };

export type ReviewAnswer =
  | { ok: false; code: ErrorCode; message: string }
  | { ok: true; png: Uint8Array }
  | { ok: true; output: Uint8Array; recycle?: boolean };

const port = parentPort;
if (!port) throw new Error('review-thread.ts must run in a worker thread');
const store = createFileStore((workerData as { store: StoreSpec }).store);

async function handle(request: ReviewRequest): Promise<ReviewAnswer> {
  if (request.op === 'split') {
    const entries: Record<string, Uint8Array> = {};
    for (const [i, statement] of request.statements.entries()) {
      const data = await exportStatements([statement], request.format, {
        csvPreset: request.preset,
        csvDates: request.dates,
        ...(request.columns ? { csvColumns: request.columns } : {}),
      });
      const text = typeof data === 'string' ? `${request.bom ? '\uFEFF' : ''}${data}` : null;
      entries[request.names[i] ?? `${i + 1}.${request.format}`] = text === null ? (data as Uint8Array) : strToU8(text);
    }
    const rows = request.statements.reduce((n, s) => n + s.transactions.length, 0);
    return { ok: true, output: zipSync(entries), recycle: rows >= RECYCLE_ROWS };
  }
  if (request.op === 'output') {
    const json = await store.get(statementsKey(request.fileId, request.version));
    const data = await exportStatements(decodeStatements(json.toString()), request.format);
    // The output as written, without a copy: it is handed to the main thread, not cloned (transferList).
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await store.put(editedOutputKey(request.fileId, request.version, request.format), bytes);
    return { ok: true, output: bytes, recycle: json.length >= RECYCLE_JSON_BYTES };
  }
  const key = pageImageKey(request.fileId, request.slot);
  try {
    return { ok: true, png: new Uint8Array(await store.get(key)) };
  } catch (e) {
    if (!(e instanceof StoredObjectMissingError)) throw e;
  }
  const image = await pageImage(await store.get(originalKey(request.fileId)), request.page, {
    fileName: request.fileName,
    source: request.source,
    password: request.password,
  });
  await store.put(key, image.png);
  return { ok: true, png: image.png };
}

port.on('message', (message: { id: number; request: ReviewRequest }) => {
  handle(message.request)
    .catch(failure)
    .then((answer) => {
      // The answer's bytes are moved to the main thread, not cloned (bytes.ts).
      const bytes = 'output' in answer ? answer.output : 'png' in answer ? answer.png : null;
      port.postMessage({ id: message.id, answer }, transferList(bytes));
    });
});

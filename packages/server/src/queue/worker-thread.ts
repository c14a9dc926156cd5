/** Entry of a conversion worker thread: takes one task at a time, answers with its outcome. */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { isCancellation } from '@statemint/engine';
import { loadWriters } from '@statemint/engine/export';
import { createFileStore, type StoreSpec } from '../storage/create';
import { threadId } from './cpu-time';
import { failure, runTask } from './run-task';
import type { ConversionTask } from './types';

export interface WorkerRequest {
  id: number;
  task: ConversionTask;
}

// PDF.js's notice that a task was cancelled may reject a promise nobody holds after its job has
// failed, while the next job runs: it is no error, and must not end this worker (and that job).
process.on('unhandledRejection', (reason) => {
  if (isCancellation(reason)) return;
  throw reason;
});

const port = parentPort;
if (!port) throw new Error('worker-thread.ts must run in a worker thread');
const store = createFileStore((workerData as { store: StoreSpec }).store);

port.on('message', (request: WorkerRequest) => {
  runTask(store, request.task)
    .catch(failure)
    .then((outcome) => {
      // The JS heap only: OCR's WebAssembly memory is reused by the next scan, not garbage.
      const heapMb = getHeapStatistics().total_heap_size / (1024 * 1024);
      port.postMessage({ id: request.id, outcome, heapMb });
    });
});
// Ready once every writer a conversion uses is loaded (WorkerPool.warm waits for this). The
// thread's id lets the pool read the CPU time it and its OCR processes use (cpu-time.ts).
await loadWriters();
port.postMessage({ ready: true, tid: threadId() });

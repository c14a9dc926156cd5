export { BullMqQueue } from './bullmq-queue';
export { InProcessQueue } from './in-process-queue';
export { GENERIC_FAILURE } from './run-task';
export type {
  ConversionJob,
  ConversionOutcome,
  ConversionQueue,
  ConversionSummary,
  ConversionTask,
  JobKind,
  OutcomeHandler,
  StatementMismatch,
  TaskLoader,
} from './types';
export { PoolClosedError, WorkerPool } from './worker-pool';

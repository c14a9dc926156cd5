/**
 * The conversion engine: a pure library. Bytes in, statements out; no network,
 * no database, no files besides its input.
 */

export type { Reconciliation, Statement, StatementFacts, Transaction } from '@statemint/shared';
export { isCancellation } from './cli/isolate';
export { type ConvertOptions, convert } from './convert';
export { type PageImage, type PageImageOptions, pageImage } from './page-image';
export { detectInputKind, type InputKind } from './readers/detect';

/**
 * The record of what the pipeline's passes decided and changed, as `{ pass, row, field, from,
 * to, why }` (shared's TraceEntry). Rows are referred to by their raw row id while the pipeline
 * runs and renumbered to transaction indexes when the statement is built. Every pass that
 * changes something says so here; `bin/statemint convert --trace` prints it and the bench counts
 * firings per pass. Pass names are typed: a pass must be registered (passes.ts) to be recorded.
 */
import type { TraceEntry } from '@statemint/shared';
import type { PassName, Stage } from './passes';

export interface RawTraceEntry extends Omit<TraceEntry, 'row'> {
  /** Raw row id, or undefined for a statement-level decision. */
  rowId?: number;
}

export class Tracer {
  readonly entries: RawTraceEntry[] = [];

  /** A statement-level decision (a table's column role, the day order, the period), by a pass or a stage. */
  note(
    pass: PassName | Stage,
    field: string,
    from: string | number | null,
    to: string | number | null,
    why: string,
  ): void {
    this.entries.push({ pass, field, from, to, why });
  }

  /** A change to one row. */
  change(
    pass: PassName,
    rowId: number,
    field: string,
    from: string | number | null,
    to: string | number | null,
    why: string,
  ): void {
    this.entries.push({ pass, rowId, field, from, to, why });
  }
}

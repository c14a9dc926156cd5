/**
 * The one judge of a cut statement (`ledger-breaks`, `statement-periods`): the statements a cut
 * makes are taken when each has balances to check, together they hold the same transactions as the
 * uncut ones (a cut moves no row), and they have fewer mismatches. Built on a copy of the trace, so
 * the reading not taken leaves nothing in it.
 */
import type { Statement } from '@statemint/shared';
import { Tracer } from '../trace';

const rows = (list: Statement[]) => list.reduce((n, s) => n + s.transactions.length, 0);
const misses = (list: Statement[]) => list.reduce((n, s) => n + s.reconciliation.mismatches.length, 0);

export function judgeCut<T>(
  pieces: T[],
  whole: Statement[],
  build: (piece: T, trace: Tracer) => Statement | null,
  trace: Tracer,
): { statements: Statement[]; misses: number; wholeMisses: number } | null {
  if (pieces.length < 2 || !whole.length) return null;
  const copy = new Tracer();
  copy.entries.push(...trace.entries);
  const built = pieces.map((p) => build(p, copy));
  if (built.some((b) => !b || b.reconciliation.status === 'unknown')) return null;
  const statements = built as Statement[];
  if (rows(statements) !== rows(whole) || misses(statements) >= misses(whole)) return null;
  trace.entries.length = 0;
  trace.entries.push(...copy.entries);
  return { statements, misses: misses(statements), wholeMisses: misses(whole) };
}

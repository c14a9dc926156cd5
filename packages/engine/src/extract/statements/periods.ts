/**
 * `statement-periods`: monthly statements of one account printed one after the other in one PDF,
 * each with its own period, summary, opening and closing, are statements of their own; read as
 * one, the first month's summary closed them all. Candidate: the statement cut where the lines
 * between two of its table regions print a period other than the one before; judge: the cut
 * statements' balances, each against its own summary. Taken when each has balances to check, they
 * hold the same transactions, and together they have fewer mismatches than the one.
 */
import type { Statement } from '@statemint/shared';
import type { Period } from '../facts/period';
import { passEnabled } from '../passes';
import type { Region } from '../table/model';
import type { TokenLine } from '../tokens/tokenise';
import type { Tracer } from '../trace';
import { judgeCut } from './cut-judge';
import type { StatementPart } from './split';

const key = (l: TokenLine) => l.page * 1_000_000 + l.index;

/** The part cut before each region whose lines above print a new period; one piece where none does. */
export function cutAtPeriods(part: StatementPart, periodOf: (lines: TokenLine[]) => Period | null): StatementPart[] {
  if (!passEnabled('statement-periods') || part.regions.length < 2) return [part];
  const first = (r: Region) => key(r.header[0] ?? (r.lines[0] as TokenLine));
  const last = (r: Region) => key(r.lines[r.lines.length - 1] as TokenLine);
  const between = (lo: number, hi: number) => part.lines.filter((l) => key(l) > lo && key(l) < hi);
  const same = (a: Period, b: Period) => a.start === b.start && a.end === b.end;
  let period = periodOf(between(-1, first(part.regions[0] as Region)));
  // Indexes of the regions that start a piece, and the line keys the pieces split at.
  const starts = [0];
  const bounds: number[] = [];
  part.regions.forEach((r, k) => {
    if (k === 0) return;
    const prev = part.regions[k - 1] as Region;
    const p = periodOf(between(last(prev), first(r)));
    if (!p) return;
    if (period && !same(p, period)) {
      starts.push(k);
      bounds.push(last(prev));
    }
    period = p;
  });
  if (starts.length < 2) return [part];
  return starts.map((from, i) => {
    const lo = i === 0 ? Number.NEGATIVE_INFINITY : (bounds[i - 1] as number);
    const hi = i + 1 < starts.length ? (bounds[i] as number) : Number.POSITIVE_INFINITY;
    return {
      regions: part.regions.slice(from, starts[i + 1] ?? part.regions.length),
      lines: part.lines.filter((l) => key(l) > lo && key(l) <= hi),
      account: part.account,
      accounts: part.accounts,
    };
  });
}

/** The statements of the pieces where their balances hold better than the whole's; else null. */
export function statementsByPeriod(
  pieces: StatementPart[],
  whole: Statement[],
  build: (piece: StatementPart, trace: Tracer) => Statement | null,
  trace: Tracer,
): Statement[] | null {
  const cut = judgeCut(pieces, whole, build, trace);
  if (!cut) return null;
  trace.note(
    'statement-periods',
    'statements',
    whole.length,
    cut.statements.length,
    `its pages print ${cut.statements.length} periods; read as one statement each, ${cut.misses} mismatches instead of ${cut.wholeMisses}`,
  );
  return cut.statements;
}

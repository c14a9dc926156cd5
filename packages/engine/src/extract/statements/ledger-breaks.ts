/**
 * `ledger-breaks`: two ledgers printed one after the other in one table (a second account or
 * currency under the first: "Currency Code : USD", "Beginning Balance 900.50"; a savings book after
 * the current account, each with its own opening and closing lines) are two statements. Candidate:
 * the statement cut at each balance row whose figure the running balance before it does not reach;
 * judge: the balances of the statements the cut makes.
 */
import type { Statement } from '@statemint/shared';
import type { Draft } from '../draft';
import { passEnabled } from '../passes';
import type { RawRow } from '../rows/assemble';
import type { Tracer } from '../trace';
import { judgeCut } from './cut-judge';
import type { StatementPart } from './split';

/**
 * Where a new ledger may start inside the statement (`ledger-breaks`): a balance row (labelled
 * opening or closing) whose figure the running balance before it does not reach, the rows before
 * it having chained. A second account or currency printed under the first ("Currency Code : USD",
 * "Beginning Balance 900.50") starts so; whether it is one is for the balances of the two
 * statements it would make to tell (see extract/index.ts).
 */
export function ledgerBreaks(draft: Draft): RawRow[] {
  const out: RawRow[] = [];
  let running = draft.opening?.cents ?? null;
  let seen = 0;
  for (const row of draft.rows) {
    if (row.kind === 'transaction') {
      if (running !== null) running += row.cents ?? 0;
      seen++;
    }
    if ((row.kind === 'transaction' || row.kind === 'balance') && row.balance !== null) {
      if (row.kind === 'balance' && seen > 0 && running !== null && running !== row.balance) out.push(row.raw);
      running = row.balance;
    }
  }
  return out;
}

/**
 * `ledger-breaks`: a statement whose running balances break at a balance row may be two ledgers
 * printed one after the other (a second account or currency under the first, each with its own
 * opening line). The statements cut at those rows are the candidate; they are taken when each has
 * balances to check, they hold the same transactions, and together they have fewer mismatches
 * than the one. Built on a copy of the
 * trace, so the reading not taken leaves nothing in it.
 */
/** Pages from the first ledger's last row to the second's first row (the next page, or one page of notices between). */
const MAX_PAGE_GAP = 2;

export function ledgersAtBreaks(
  part: StatementPart,
  rows: RawRow[],
  breaks: RawRow[],
  whole: Statement,
  build: (rows: RawRow[], trace: Tracer) => Statement | null,
  trace: Tracer,
): Statement[] | null {
  if (!passEnabled('ledger-breaks') || whole.reconciliation.status === 'balanced') return null;
  const regions = new Set(part.regions);
  const own = rows.filter((r) => regions.has(r.region));
  const cuts = breaks.map((b) => own.indexOf(b)).filter((i) => i > 0);
  if (!cuts.length) return null;
  const pieces = [0, ...cuts].map((from, k) => own.slice(from, cuts[k] ?? own.length));
  // The two ledgers stand next to each other: pages between them with no rows read (a table the
  // reader lost) would make each look complete when it is not.
  for (let k = 1; k < pieces.length; k++) {
    const before = pieces[k - 1] ?? [];
    const end = before[before.length - 1]?.page ?? 0;
    if ((pieces[k]?.[0]?.page ?? 0) - end > MAX_PAGE_GAP) return null;
  }
  const cut = judgeCut(pieces, [whole], build, trace);
  if (!cut) return null;
  trace.note(
    'ledger-breaks',
    'statements',
    1,
    cut.statements.length,
    `its balances break at ${cuts.length} balance row(s); cut there, ${cut.misses} mismatches instead of ${cut.wholeMisses}`,
  );
  return cut.statements;
}

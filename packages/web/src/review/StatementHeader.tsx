/** A statement's facts above its rows: bank, account, holder, currency, period, balances, totals and the balance check. */
import { balanceVerdict, type Reconciliation, statementTotals } from '@statemint/shared';
import { memo } from 'react';
import { formatAmount } from '../lib/format';
import type { DocStatement } from './model';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="truncate text-sm font-semibold text-ink" title={value ?? undefined}>
        {value || '–'}
      </dd>
    </div>
  );
}

export function BalanceCheck({
  rec,
  statement,
  currency,
  onSelectRow,
}: {
  rec: Reconciliation;
  statement: DocStatement;
  currency: string | null;
  onSelectRow: (row: number) => void;
}) {
  if (rec.status === 'unknown')
    return (
      <p className="text-sm text-slate-600" data-testid="balance-check">
        {balanceVerdict(rec)}.
      </p>
    );
  if (rec.status === 'balanced')
    return (
      <p
        className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
        data-testid="balance-check"
        data-status="balanced"
      >
        <span aria-hidden>✓</span> {balanceVerdict(rec)}
      </p>
    );
  return (
    <div
      className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="balance-check"
      data-status="unbalanced"
    >
      <p className="font-semibold">{balanceVerdict(rec)}</p>
      <ul className="mt-1 space-y-1">
        {rec.mismatches.slice(0, 8).map((m) => {
          const row = m.row >= 0 ? statement.transactions[m.row] : undefined;
          const off = formatAmount(Math.round((m.printed - m.expected) * 100) / 100, currency);
          const text = `expected ${formatAmount(m.expected, currency)}, printed ${formatAmount(m.printed, currency)} (off by ${off})`;
          return (
            <li key={`${m.row}-${m.check ?? ''}-${m.expected}-${m.printed}`}>
              {m.row < 0 ? (
                <>
                  {m.check === 'credits' ? 'Total credits' : m.check === 'debits' ? 'Total debits' : 'Closing balance'}:{' '}
                  {text}
                </>
              ) : (
                <button
                  type="button"
                  className="text-left underline decoration-dotted underline-offset-2 hover:decoration-solid"
                  onClick={() => onSelectRow(m.row)}
                >
                  Row {m.row + 1}
                  {row ? ` (${row.date}, ${row.description || 'no description'})` : ''}: {text}
                </button>
              )}
            </li>
          );
        })}
        {rec.mismatches.length > 8 && <li>…and {rec.mismatches.length - 8} more</li>}
      </ul>
    </div>
  );
}

/** Memoised: the selection moving through the rows leaves the header as it is. */
export const StatementHeader = memo(function StatementHeader({
  statement,
  rec,
  onSelectRow,
}: {
  statement: DocStatement;
  rec: Reconciliation;
  onSelectRow: (row: number) => void;
}) {
  const f = statement.statement;
  const currency = f.currency;
  const totals = statementTotals(statement.transactions);
  const period = f.periodStart || f.periodEnd ? `${f.periodStart ?? '…'} to ${f.periodEnd ?? '…'}` : null;
  return (
    <div className="space-y-3" data-testid="statement-header">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
        <Fact label="Bank" value={f.bankName} />
        <Fact label="Account" value={f.accountNumber} />
        <Fact label="Holder" value={f.accountHolder} />
        <Fact label="Currency" value={currency} />
        <Fact label="Period" value={period} />
        <Fact label="Opening balance" value={formatAmount(f.openingBalance, currency)} />
        <Fact label="Closing balance" value={formatAmount(f.closingBalance, currency)} />
        <Fact label="Money in" value={formatAmount(totals.moneyIn, currency)} />
        <Fact label="Money out" value={formatAmount(totals.moneyOut, currency)} />
        <Fact label="Rows" value={String(statement.transactions.length)} />
      </dl>
      <BalanceCheck rec={rec} statement={statement} currency={currency} onSelectRow={onSelectRow} />
    </div>
  );
});

/** Four stat cards; monthly uploads and restores have progress bars and read 'Unlimited' for -1. */
import { type DashboardResponse, LIMITS } from '@statemint/shared';
import type { ReactNode } from 'react';
import { ProgressBar } from '../../components/ui';
import { formatFileSize } from '../../lib/format';

function Card({ title, value, note, children }: { title: string; value: string; note?: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-500">{title}</p>
      <p className="mt-1 text-xl font-bold text-ink sm:text-2xl">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}

function usage(used: number, limit: number, title: string) {
  if (limit === -1) return { value: `${used}`, note: 'Unlimited', bar: null };
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return {
    value: `${used} / ${limit.toLocaleString('en-US')}`,
    note: `${Math.max(0, limit - used).toLocaleString('en-US')} left this month`,
    bar: <ProgressBar value={pct} label={title} />,
  };
}

/** A free account's uploads are its free trial: say whether it can be used now, never 'N left this month'. */
function freeTrialCard(trial: NonNullable<DashboardResponse['freeTrial']>) {
  if (trial.canUse)
    return { value: 'Free trial', note: `1 free conversion every ${LIMITS.freeTrialWindowHours} hours: available now` };
  if (trial.code === 'FREE_TRIAL_LOCKED')
    return {
      value: 'Free trial paused',
      note: trial.nextAt ? `Free trial back ${formatDateTime(trial.nextAt)}` : 'Try later',
    };
  return {
    value: 'Free trial used',
    note: trial.nextAt ? `Next free conversion ${formatDateTime(trial.nextAt)}` : 'Next free conversion in 24 hours',
  };
}

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function StatCards({ data }: { data: DashboardResponse }) {
  const uploads = data.freeTrial
    ? { ...freeTrialCard(data.freeTrial), bar: null }
    : usage(data.stats.filesThisMonth, data.limits.uploads, 'Monthly Uploads');
  const restores = usage(data.stats.restoresThisMonth, data.limits.restores, 'Monthly Restores');
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Card title="Total Files" value={String(data.stats.totalFiles)} note={`${data.stats.archivedFiles} archived`} />
      <Card title="Storage Used" value={formatFileSize(data.stats.storageUsed)} note="Encrypted with AES-256" />
      <Card title="Monthly Uploads" value={uploads.value} note={uploads.note}>
        {uploads.bar}
      </Card>
      <Card title="Monthly Restores" value={restores.value} note={restores.note}>
        {restores.bar}
      </Card>
    </div>
  );
}

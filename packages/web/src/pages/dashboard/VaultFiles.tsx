/**
 * My Files, a page at a time (GET /api/files): search by name, filter by status and upload dates,
 * sort; 'Load more files' follows the server's cursor. The dashboard's own first page is shown
 * without a second request while nothing is searched.
 */
import {
  type DashboardResponse,
  LIMITS,
  ROUTES,
  type VaultOrder,
  type VaultPage,
  type VaultSort,
  type VaultStatusFilter,
} from '@statemint/shared';
import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type InputHTMLAttributes, useEffect, useId, useState } from 'react';
import { callApi } from '../../api/client';
import { Button, Spinner } from '../../components/ui';
import { FileList } from './FileList';

/** The sort menu's choices: one value each for the select, as sort and order. */
export const SORT_CHOICES: Array<{ value: string; label: string; sort: VaultSort; order: VaultOrder }> = [
  { value: 'date-desc', label: 'Newest first', sort: 'date', order: 'desc' },
  { value: 'date-asc', label: 'Oldest first', sort: 'date', order: 'asc' },
  { value: 'name-asc', label: 'Name A–Z', sort: 'name', order: 'asc' },
  { value: 'name-desc', label: 'Name Z–A', sort: 'name', order: 'desc' },
  { value: 'status-asc', label: 'Status', sort: 'status', order: 'asc' },
];

export const STATUS_CHOICES: Array<{ value: VaultStatusFilter | ''; label: string }> = [
  { value: '', label: 'All files' },
  { value: 'completed', label: 'Available' },
  { value: 'archived', label: 'Archived' },
  { value: 'processing', label: 'Processing' },
  { value: 'failed', label: 'Failed' },
];

const SEARCH_DELAY_MS = 300;

/** A date input's day (YYYY-MM-DD, the browser's local day) as the instant it starts. */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + plusDays).toISOString();
}

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Input({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
        {...input}
      />
    </div>
  );
}

export function VaultFiles({
  dashboard,
  dashboardUpdatedAt,
  onUploadFirst,
}: {
  dashboard: DashboardResponse;
  dashboardUpdatedAt: number;
  onUploadFirst: () => void;
}) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<VaultStatusFilter | ''>('');
  const [sortValue, setSortValue] = useState('date-desc');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  // Typing searches once it pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const choice = SORT_CHOICES.find((c) => c.value === sortValue) ?? (SORT_CHOICES[0] as (typeof SORT_CHOICES)[0]);
  const query = {
    sort: choice.sort,
    order: choice.order,
    q: q || undefined,
    status: status || undefined,
    from: dayStart(from),
    // The 'To' day is included: the server's bound is the start of the next day.
    to: dayStart(to, 1),
  };
  const filtered = Boolean(q || status || from || to);
  const isDefault = !filtered && sortValue === 'date-desc';

  const files = useInfiniteQuery<VaultPage, Error, InfiniteData<VaultPage>, unknown[], string | undefined>({
    // Under /api/dashboard: whatever refreshes the dashboard (uploads, restores, deletes) refreshes this too.
    queryKey: ['/api/dashboard', 'files', query],
    queryFn: ({ pageParam }) => callApi(ROUTES.listFiles, { query: { ...query, cursor: pageParam } }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: LIMITS.dashboardRefetchMs,
    staleTime: LIMITS.dashboardStaleMs,
    placeholderData: keepPreviousData,
    ...(isDefault
      ? {
          initialData: {
            pages: [{ files: dashboard.recentFiles, nextCursor: dashboard.nextCursor }],
            pageParams: [undefined],
          },
          initialDataUpdatedAt: dashboardUpdatedAt,
        }
      : {}),
  });

  const list = files.data?.pages.flatMap((p) => p.files) ?? [];
  if (!filtered && dashboard.stats.totalFiles === 0 && list.length === 0)
    return <FileList files={[]} onUploadFirst={onUploadFirst} />;

  const clear = () => {
    setSearch('');
    setQ('');
    setStatus('');
    setFrom('');
    setTo('');
  };

  return (
    <div className="space-y-3">
      <search
        aria-label="Search files"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-3 lg:grid-cols-5"
      >
        <div className="col-span-2 lg:col-span-1">
          <Input
            label="Search by name"
            type="search"
            value={search}
            placeholder="e.g. March"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select
          label="Status"
          value={status}
          onChange={(v) => setStatus(v as VaultStatusFilter | '')}
          options={STATUS_CHOICES}
        />
        <Select label="Sort by" value={sortValue} onChange={setSortValue} options={SORT_CHOICES} />
        <Input
          label="Uploaded from"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Input
          label="Uploaded to"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </search>

      <p className="text-sm text-slate-600" aria-live="polite" data-testid="vault-count">
        {filtered
          ? files.isPending
            ? 'Searching…'
            : `${list.length}${files.hasNextPage ? '+' : ''} matching ${list.length === 1 && !files.hasNextPage ? 'file' : 'files'}`
          : `Showing ${list.length} of ${dashboard.stats.totalFiles} ${dashboard.stats.totalFiles === 1 ? 'file' : 'files'}`}
      </p>

      {files.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label="Loading files" />
        </div>
      ) : files.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load files: {files.error.message}{' '}
          <Button size="sm" variant="secondary" onClick={() => void files.refetch()}>
            Retry
          </Button>
        </p>
      ) : list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <h3 className="text-lg font-semibold">No files match your search</h3>
          <Button className="mt-4" variant="secondary" onClick={clear}>
            Clear search
          </Button>
        </div>
      ) : (
        <FileList files={list} onUploadFirst={onUploadFirst} />
      )}

      {files.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={files.isFetchingNextPage} onClick={() => void files.fetchNextPage()}>
            {files.isFetchingNextPage ? 'Loading…' : 'Load more files'}
          </Button>
        </div>
      )}
    </div>
  );
}

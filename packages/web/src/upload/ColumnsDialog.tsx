/**
 * Export options (issue 27): which CSV columns a download has and in which order, its date format
 * and byte-order mark. Remembered per account for the vault's files (PUT
 * /api/account/export-settings, so every device and the API agree) and in this browser for files
 * without an account.
 */
import {
  CSV_COLUMN_LABELS,
  CSV_COLUMNS,
  type CsvColumn,
  type CsvDateFormat,
  parseCsvColumns,
  ROUTES,
} from '@statemint/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callApi } from '../api/client';
import { toast } from '../components/toast';
import { Button, Modal } from '../components/ui';
import { rememberBom, rememberDates, rememberedBom, rememberedDates } from '../lib/downloads';

const SETTINGS_KEY = ['/api/account/export-settings'] as const;
const LOCAL_KEY = 'statemint.csvColumns';

function localColumns(): CsvColumn[] | null {
  try {
    return parseCsvColumns(localStorage.getItem(LOCAL_KEY) ?? '');
  } catch {
    return null;
  }
}

export interface CsvOptions {
  /** The columns chosen, in order; null for the preset's. */
  columns: CsvColumn[] | null;
  dates: CsvDateFormat;
  bom: boolean;
}

/**
 * The CSV options in force (columns, date format, byte-order mark) and how to keep a change: the
 * account's for its vault files (issue 27: remembered per account), this browser's otherwise.
 */
export function useCsvOptions(account: boolean) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<CsvOptions>(() => ({
    columns: localColumns(),
    dates: rememberedDates(),
    bom: rememberedBom(),
  }));
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => callApi(ROUTES.exportSettings),
    enabled: account,
    retry: false,
  });
  // A change is shown in the event that makes it (a checkbox reads its own click back at once),
  // until its save settles; the query cache tells its listeners only a task later.
  const [shown, setShown] = useState<Partial<CsvOptions>>({});
  const latest = useRef(0);
  const options: CsvOptions = {
    ...(account && settings.data
      ? { columns: settings.data.csvColumns, dates: settings.data.csvDates, bom: settings.data.bom }
      : local),
    ...shown,
  };
  const save = useMutation({
    mutationFn: async (change: Partial<CsvOptions>) => {
      const next = { ...options, ...change };
      // This browser remembers the dates and the mark too (files without an account use them).
      rememberDates(next.dates);
      rememberBom(next.bom);
      if (account && settings.data) {
        // Shown (and used by the next download) at once; the server's answer confirms it.
        const before = settings.data;
        const body = { csvColumns: next.columns, csvDates: next.dates, bom: next.bom };
        queryClient.setQueryData(SETTINGS_KEY, body);
        try {
          queryClient.setQueryData(SETTINGS_KEY, await callApi(ROUTES.saveExportSettings, { body }));
        } catch (e) {
          queryClient.setQueryData(SETTINGS_KEY, before);
          throw e;
        }
        return;
      }
      try {
        if (next.columns) localStorage.setItem(LOCAL_KEY, next.columns.join(','));
        else localStorage.removeItem(LOCAL_KEY);
      } catch {
        // Private mode: the choice lasts this page only.
      }
      setLocal(next);
    },
  });
  return {
    ...options,
    save: (change: Partial<CsvOptions>) => {
      setShown((before) => ({ ...before, ...change }));
      latest.current += 1;
      const n = latest.current;
      return save.mutateAsync(change).finally(() => {
        if (n === latest.current) setShown({});
      });
    },
  };
}

export function ColumnsDialog({
  open,
  onOpenChange,
  columns,
  account,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The columns chosen now; null for the standard ones. */
  columns: CsvColumn[] | null;
  /** Kept for the account (true) or this browser. */
  account: boolean;
  onSave: (columns: CsvColumn[] | null) => Promise<void>;
}) {
  const standard: CsvColumn[] = [
    'date',
    'sourceDate',
    'description',
    'credit',
    'debit',
    'amount',
    'balance',
    'reference',
    'page',
  ];
  const [chosen, setChosen] = useState<CsvColumn[]>(columns ?? standard);
  const [saving, setSaving] = useState(false);
  const others = CSV_COLUMNS.filter((c) => !chosen.includes(c));
  const move = (i: number, by: -1 | 1) =>
    setChosen((list) => {
      const next = [...list];
      const [c] = next.splice(i, 1);
      if (c) next.splice(i + by, 0, c);
      return next;
    });
  const keep = async (value: CsvColumn[] | null) => {
    setSaving(true);
    try {
      await onSave(value);
      onOpenChange(false);
    } catch (e) {
      toast({ title: 'The columns were not saved', description: String((e as Error).message), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="CSV columns"
      description={`Choose the CSV's columns and their order. ${
        account ? 'Kept for your account: every CSV you download uses them.' : 'Kept in this browser.'
      }`}
    >
      <ol className="space-y-1" aria-label="Columns in the CSV">
        {chosen.map((c, i) => (
          <li
            key={c}
            className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-1.5"
          >
            <span className="text-sm font-medium">
              {i + 1}. {CSV_COLUMN_LABELS[c]}
            </span>
            <span className="flex gap-1">
              <Button
                size="sm"
                variant="secondary"
                disabled={i === 0}
                aria-label={`Move ${CSV_COLUMN_LABELS[c]} up`}
                onClick={() => move(i, -1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={i === chosen.length - 1}
                aria-label={`Move ${CSV_COLUMN_LABELS[c]} down`}
                onClick={() => move(i, 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={chosen.length === 1}
                aria-label={`Remove ${CSV_COLUMN_LABELS[c]}`}
                onClick={() => setChosen((list) => list.filter((x) => x !== c))}
              >
                ✕
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {others.length > 0 && (
        <div className="mt-3">
          <p className="text-sm text-slate-600">Add a column:</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {others.map((c) => (
              <Button key={c} size="sm" variant="secondary" onClick={() => setChosen((list) => [...list, c])}>
                + {CSV_COLUMN_LABELS[c]}
              </Button>
            ))}
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={saving} onClick={() => keep(null)}>
          Use the standard columns
        </Button>
        <Button disabled={saving} onClick={() => keep(chosen)}>
          Save columns
        </Button>
      </div>
    </Modal>
  );
}

/** Processing, completed and failed panels: reconciliation, preview, downloads in every format. */

import type { FileRecord } from '@statemint/shared';
import { type CsvPreset, downloadName, type OutputFormat } from '@statemint/shared';
import { toast } from '../components/toast';
import { Button, ProgressBar, Spinner } from '../components/ui';
import { saveDownload } from '../lib/download';
import {
  CSV_PRESET_LABELS,
  downloadUrl,
  EXTRA_CSV_PRESETS,
  EXTRA_FORMATS,
  FORMAT_LABELS,
  PRIMARY_FORMATS,
  withPreset,
} from '../lib/downloads';
import { formatAmount } from '../lib/format';
import {
  actionFailure,
  BALANCED_TEXT,
  CONVERSION_FAILED_TEXT,
  missingFormatToast,
  SUCCESS,
  unbalancedText,
} from '../lib/messages';
import type { Phase } from './useUploadFlow';

export function UploadProgress({ value }: { value: number }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex justify-between text-sm text-slate-600">
        <span>Uploading…</span>
        <span>{value}%</span>
      </div>
      <ProgressBar value={value} label="Upload progress" />
    </div>
  );
}

function Reconciliation({ record }: { record: FileRecord }) {
  const rec = record.reconciliation;
  if (!rec || rec.status === 'unknown')
    return (
      <p className="text-sm text-slate-600" data-testid="reconciliation">
        Balance check: not available (the statement prints no balances to check against).
      </p>
    );
  if (rec.status === 'balanced')
    return (
      <p
        className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
        data-testid="reconciliation"
      >
        <span aria-hidden>✓</span> {BALANCED_TEXT}
      </p>
    );
  const preview = record.preview ?? [];
  return (
    <div
      data-testid="reconciliation"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">{unbalancedText(rec.mismatches.length)}</p>
      <ul className="mt-2 space-y-1">
        {rec.mismatches.slice(0, 10).map((m) => {
          const tx = m.row >= 0 ? preview[m.row] : undefined;
          return (
            <li key={`${m.row}-${m.expected}-${m.printed}`}>
              {m.row < 0 ? 'Closing balance' : `Row ${m.row + 1}${tx ? ` (${tx.date}, ${tx.description})` : ''}`}:
              expected {formatAmount(m.expected, record.currency)}, printed {formatAmount(m.printed, record.currency)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Preview({ record }: { record: FileRecord }) {
  const seen = new Map<string, number>();
  // Stable keys from the row's content; identical rows get a running suffix.
  const rows = (record.preview ?? []).map((t) => {
    const base = `${t.page}|${t.date}|${t.description}|${t.amount}|${t.balance}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { t, key: `${base}|${n}` };
  });
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Preview of the first {rows.length} transactions
        </caption>
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ t, key }) => (
            <tr key={key}>
              <td className="px-3 py-2 whitespace-nowrap">{t.date}</td>
              <td className="px-3 py-2">{t.description}</td>
              <td
                className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${t.amount < 0 ? 'text-red-700' : 'text-brand-700'}`}
              >
                {formatAmount(t.amount, record.currency)}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatAmount(t.balance, record.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export async function downloadFormat(
  record: FileRecord,
  format: OutputFormat,
  anonymous: boolean,
  preset: CsvPreset = 'standard',
) {
  const url = downloadUrl(record, format, anonymous);
  if (!url) {
    toast(missingFormatToast(FORMAT_LABELS[format]));
    return;
  }
  try {
    await saveDownload(withPreset(url, preset), downloadName(record.originalFilename, format));
    toast(SUCCESS.download);
  } catch (e) {
    toast(actionFailure('download', e));
  }
}

export function ResultPanel({
  phase,
  record,
  anonymous,
  onReset,
}: {
  phase: Phase;
  record: FileRecord | undefined;
  anonymous: boolean;
  onReset: () => void;
}) {
  if (phase === 'processing')
    return (
      <section aria-label="Processing" className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <Spinner label="Processing" />
        <h2 className="mt-3 text-lg font-bold">Processing your statement…</h2>
        <p className="mt-1 text-sm text-slate-600">This usually takes about 30 seconds. You can keep this page open.</p>
      </section>
    );
  if (phase === 'failed')
    return (
      <section aria-label="Conversion failed" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h2 className="text-lg font-bold text-red-800">Conversion Failed</h2>
        <p className="mt-2 text-sm text-red-700">{record?.errorMessage || CONVERSION_FAILED_TEXT}</p>
        <Button className="mt-5" onClick={onReset}>
          Convert Another File
        </Button>
      </section>
    );
  if (phase !== 'completed' || !record) return null;
  return (
    <section
      aria-label="Conversion complete"
      className="space-y-5 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold">Conversion Complete</h2>
          <p className="mt-1 text-sm text-slate-600">
            {record.originalFilename}: {record.transactionCount ?? 0} transactions
            {record.currency ? ` · ${record.currency}` : ''}
          </p>
        </div>
        <Reconciliation record={record} />
      </div>
      <Preview record={record} />
      <div>
        <h3 className="text-sm font-semibold text-slate-700">Download</h3>
        <div className="mt-2 flex flex-wrap gap-2">
          {PRIMARY_FORMATS.map((f) => (
            <Button key={f} onClick={() => downloadFormat(record, f, anonymous)}>
              {FORMAT_LABELS[f]}
            </Button>
          ))}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {EXTRA_CSV_PRESETS.map((p) => (
            <Button key={p} size="sm" variant="secondary" onClick={() => downloadFormat(record, 'csv', anonymous, p)}>
              {CSV_PRESET_LABELS[p]}
            </Button>
          ))}
          {EXTRA_FORMATS.map((f) => (
            <Button key={f} size="sm" variant="secondary" onClick={() => downloadFormat(record, f, anonymous)}>
              {FORMAT_LABELS[f]}
            </Button>
          ))}
        </div>
      </div>
      <Button variant="secondary" onClick={onReset}>
        Convert Another File
      </Button>
    </section>
  );
}

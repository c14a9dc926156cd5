/**
 * The result of one conversion: processing, failed (with the password form of a protected PDF)
 * or completed: the review screen with every row and each statement's balance check (shown there
 * once, following every edit), and downloads in every format (which always carry the latest saved
 * version).
 */
import {
  CSV_COLUMN_LABELS,
  CSV_DATE_FORMAT_LABELS,
  CSV_DATE_FORMATS,
  type CsvColumn,
  type CsvDateFormat,
  type CsvPreset,
  downloadName,
  type FileRecord,
  type OutputFormat,
  PASSWORD_ERRORS,
  splitDownloadName,
} from '@statemint/shared';
import { useRef, useState } from 'react';
import { ApiError } from '../api/errors';
import { toast } from '../components/toast';
import { Button, Field, Modal, ProgressBar, Spinner } from '../components/ui';
import { saveDownload } from '../lib/download';
import {
  CSV_PRESET_LABELS,
  downloadUrl,
  EXTRA_CSV_PRESETS,
  EXTRA_FORMATS,
  FORMAT_LABELS,
  PRIMARY_FORMATS,
  withBom,
  withColumns,
  withDates,
  withPreset,
  withSplit,
} from '../lib/downloads';
import {
  actionFailure,
  CONVERSION_FAILED_TEXT,
  FAILED_IS_FREE_TEXT,
  missingFormatToast,
  NOT_A_STATEMENT_HINT,
  SUCCESS,
} from '../lib/messages';
import { type ReviewHandle, ReviewScreen } from '../review/ReviewScreen';
import { ColumnsDialog, useCsvOptions } from './ColumnsDialog';

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

export async function downloadFormat(
  record: FileRecord,
  format: OutputFormat,
  anonymous: boolean,
  preset: CsvPreset = 'standard',
  bom = false,
  split = false,
  dates: CsvDateFormat = 'iso',
  columns: readonly CsvColumn[] | null = null,
) {
  const url = downloadUrl(record, format, anonymous);
  if (!url) {
    toast(missingFormatToast(FORMAT_LABELS[format]));
    return;
  }
  try {
    await saveDownload(
      withSplit(
        withColumns(
          withDates(withBom(withPreset(url, preset), bom && format === 'csv'), format === 'csv' ? dates : 'iso'),
          format === 'csv' && preset === 'standard' ? columns : null,
        ),
        split,
      ),
      split ? splitDownloadName(record.originalFilename, format) : downloadName(record.originalFilename, format),
    );
    toast(SUCCESS.download);
  } catch (e) {
    toast(actionFailure('download', e));
  }
}

export function ProcessingPanel() {
  return (
    <section aria-label="Processing" className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <Spinner label="Processing" />
      <h2 className="mt-3 text-lg font-bold">Processing your statement…</h2>
      <p className="mt-1 text-sm text-slate-600">This usually takes a few seconds. You can keep this page open.</p>
    </section>
  );
}

function PasswordForm({ onRetry }: { onRetry: (password: string) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mx-auto mt-4 flex max-w-sm flex-col gap-2 text-left"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!password) return;
        setBusy(true);
        try {
          await onRetry(password);
        } catch (err) {
          toast({
            title: 'Could Not Open the PDF',
            description: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Please try again.',
            variant: 'error',
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field
        label="PDF password"
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={busy || !password}>
        Open PDF
      </Button>
      <p className="text-xs text-slate-600">The conversion runs again; you are not charged twice.</p>
    </form>
  );
}

export function FailedPanel({
  record,
  onRetry,
  onReset,
}: {
  record: FileRecord | null;
  onRetry?: (password: string) => Promise<void>;
  onReset?: () => void;
}) {
  const needsPassword = record?.errorCode && PASSWORD_ERRORS.includes(record.errorCode);
  return (
    <section aria-label="Conversion failed" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <h2 className="text-lg font-bold text-red-800">
        {needsPassword ? 'This PDF Needs Its Password' : 'Conversion Failed'}
      </h2>
      <p className="mt-2 text-sm text-red-800">{record?.errorMessage || CONVERSION_FAILED_TEXT}</p>
      {record?.errorCode === 'NOT_A_STATEMENT' && <p className="mt-2 text-sm text-red-800">{NOT_A_STATEMENT_HINT}</p>}
      {record && <p className="mt-2 text-sm text-slate-700">{FAILED_IS_FREE_TEXT}</p>}
      {needsPassword && onRetry && <PasswordForm onRetry={onRetry} />}
      {onReset && (
        <Button className="mt-5" variant={needsPassword ? 'secondary' : 'primary'} onClick={onReset}>
          Convert Another File
        </Button>
      )}
    </section>
  );
}

export function CompletedPanel({
  record,
  anonymous,
  onReset,
  onSaved,
}: {
  record: FileRecord;
  anonymous: boolean;
  onReset?: () => void;
  onSaved?: (record: FileRecord) => void;
}) {
  const review = useRef<ReviewHandle>(null);
  // The CSV's columns and their order, dates and byte-order mark (issue 27): the account's for vault
  // files, this browser's otherwise.
  const csv = useCsvOptions(!anonymous);
  const { bom, dates } = csv;
  const [columnsOpen, setColumnsOpen] = useState(false);
  /** One file per statement (a ZIP), offered when the file holds several. */
  const [split, setSplit] = useState(false);
  const several = (record.statementCount ?? 1) > 1;
  /** What waits for an answer about unsaved edits: a download or starting another file. */
  const [pending, setPending] = useState<{ kind: 'download' | 'reset'; run: () => void } | null>(null);
  // No lost work: a download with unsaved edits (the saved version is what downloads carry) or
  // another file asks to save first.
  const guarded = (kind: 'download' | 'reset', run: () => void) => () => {
    if (review.current?.isDirty()) setPending({ kind, run });
    else run();
  };
  return (
    <section
      aria-label="Conversion complete"
      className="space-y-5 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold">Conversion Complete</h2>
          <p className="mt-1 text-sm break-words text-slate-600">
            {record.originalFilename}: {record.transactionCount ?? 0} transactions
            {record.currency ? ` · ${record.currency}` : ''}
            {record.statementCount && record.statementCount > 1 ? ` · ${record.statementCount} statements` : ''}
          </p>
        </div>
      </div>
      <ReviewScreen ref={review} file={record} {...(onSaved ? { onSaved } : {})} />
      <Modal
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title="Save your changes first?"
        description={`Your edits to ${record.originalFilename} are not saved. ${
          pending?.kind === 'download' ? 'Downloads carry the saved version only.' : 'They are lost if you go on.'
        }`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              const run = pending?.run;
              setPending(null);
              run?.();
            }}
          >
            {pending?.kind === 'download' ? 'Download without them' : 'Discard them'}
          </Button>
          <Button
            onClick={async () => {
              const run = pending?.run;
              try {
                await review.current?.save();
              } catch {
                return;
              }
              setPending(null);
              run?.();
            }}
          >
            {pending?.kind === 'download' ? 'Save and download' : 'Save them'}
          </Button>
        </div>
      </Modal>
      <div>
        <h3 className="text-sm font-semibold text-slate-700">Download</h3>
        <div className="mt-2 flex flex-wrap gap-2">
          {PRIMARY_FORMATS.map((f) => (
            <Button
              key={f}
              onClick={guarded('download', () =>
                downloadFormat(record, f, anonymous, 'standard', bom, split, dates, csv.columns),
              )}
            >
              {FORMAT_LABELS[f]}
            </Button>
          ))}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {EXTRA_CSV_PRESETS.map((p) => (
            <Button
              key={p}
              size="sm"
              variant="secondary"
              onClick={guarded('download', () => downloadFormat(record, 'csv', anonymous, p, bom, split, dates))}
            >
              {CSV_PRESET_LABELS[p]}
            </Button>
          ))}
          {EXTRA_FORMATS.map((f) => (
            <Button
              key={f}
              size="sm"
              variant="secondary"
              onClick={guarded('download', () => downloadFormat(record, f, anonymous, 'standard', false, split))}
            >
              {FORMAT_LABELS[f]}
            </Button>
          ))}
        </div>
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={bom} onChange={(e) => void csv.save({ bom: e.target.checked })} />
          CSV for Excel on Windows (adds a byte-order mark, so accented letters read right)
        </label>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          CSV dates
          <select
            className="rounded-md border border-slate-300 px-2 py-1"
            value={dates}
            onChange={(e) => {
              void csv.save({ dates: CSV_DATE_FORMATS.find((d) => d === e.target.value) ?? 'iso' });
            }}
          >
            {CSV_DATE_FORMATS.map((d) => (
              <option key={d} value={d}>
                {CSV_DATE_FORMAT_LABELS[d]}
              </option>
            ))}
          </select>
        </label>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span data-testid="csv-columns">
            CSV columns: {csv.columns ? csv.columns.map((c) => CSV_COLUMN_LABELS[c]).join(', ') : 'standard'}
          </span>
          <Button size="sm" variant="secondary" onClick={() => setColumnsOpen(true)}>
            Choose CSV columns
          </Button>
        </p>
        {columnsOpen && (
          <ColumnsDialog
            open
            onOpenChange={setColumnsOpen}
            columns={csv.columns}
            account={!anonymous}
            onSave={(columns) => csv.save({ columns })}
          />
        )}
        {several && (
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={split} onChange={(e) => setSplit(e.target.checked)} />
            One file per statement ({record.statementCount} files in a ZIP; each OFX, QFX or QBO with its own account
            and currency)
          </label>
        )}
      </div>
      {onReset && (
        <Button variant="secondary" onClick={guarded('reset', onReset)}>
          Convert Another File
        </Button>
      )}
    </section>
  );
}

/** My Files: name, size, date, transactions, currency, 'Available until', badge and SPEC §4's actions. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { type CsvPreset, downloadName, type FileRecord, LIMITS, type OutputFormat, ROUTES } from '@statemint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { callApi } from '../../api/client';
import { Link } from '../../app/router';
import { toast } from '../../components/toast';
import { Button, buttonClass, ConfirmDialog, StatusBadge } from '../../components/ui';
import { fileActions, fileBadge } from '../../lib/badge';
import { saveDownload } from '../../lib/download';
import {
  availableFormats,
  CSV_PRESET_LABELS,
  EXTRA_CSV_PRESETS,
  FORMAT_LABELS,
  formatUrl,
  withPreset,
} from '../../lib/downloads';
import { formatFileSize, formatRelativeTime, formatShortDate } from '../../lib/format';
import { actionFailure, BALANCED_TEXT, DASHBOARD_EXCEL_FAILED, SUCCESS, unbalancedText } from '../../lib/messages';

const HOUR = 3_600_000;

/** The date a file stops being downloadable or kept: restore window, archive time, or the server's own date. */
export function availableUntil(file: FileRecord): string | null {
  if (file.restoreStatus === 'completed' && file.restoreExpiresAt) return file.restoreExpiresAt;
  if (file.availableUntil) return file.availableUntil;
  if (file.status === 'completed')
    return new Date(Date.parse(file.createdAt) + LIMITS.hotFileHours * HOUR).toISOString();
  return null;
}

async function downloadOutput(file: FileRecord, format: OutputFormat, preset: CsvPreset = 'standard') {
  const url = formatUrl(file, format);
  try {
    if (!url) throw new Error('missing');
    await saveDownload(withPreset(url, preset), downloadName(file.originalFilename, format));
    toast(SUCCESS.download);
  } catch (e) {
    toast(format === 'xlsx' ? DASHBOARD_EXCEL_FAILED : actionFailure('download', e));
  }
}

/** DECISIONS.md: each file shows its balance check, 'Balanced' or how many rows do not add up. */
function ReconciliationNote({ file }: { file: FileRecord }) {
  const rec = file.reconciliation;
  if (file.status === 'processing' || file.status === 'failed' || !rec || rec.status === 'unknown') return null;
  if (rec.status === 'balanced')
    return (
      <p className="mt-0.5 text-xs font-semibold text-brand-700" data-testid="file-reconciliation">
        <span aria-hidden>✓</span> {BALANCED_TEXT}
      </p>
    );
  return (
    <p className="mt-0.5 text-xs font-semibold text-amber-700" data-testid="file-reconciliation">
      {unbalancedText(rec.mismatchCount ?? rec.mismatches.length)}
    </p>
  );
}

function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-50 rounded-md bg-ink px-2 py-1 text-xs text-white shadow">
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function FileRow({ file }: { file: FileRecord }) {
  const queryClient = useQueryClient();
  const badge = fileBadge(file);
  const actions = fileActions(file);
  const formats = availableFormats(file);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });

  const restore = useMutation({
    mutationFn: () => callApi(ROUTES.restoreFile, { params: { id: file.id }, body: { expedited: false } }),
    onSuccess: () => {
      toast(SUCCESS.restore);
      void refresh();
    },
    onError: (e) => toast(actionFailure('restore', e)),
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => callApi(ROUTES.deleteFile, { params: { id: file.id } }),
    onSuccess: () => {
      toast(SUCCESS.delete);
      void refresh();
    },
    onError: (e) => toast(actionFailure('delete', e)),
  });

  async function original() {
    try {
      const res = await callApi(ROUTES.originalLink, { params: { id: file.id } });
      window.open(res.downloadUrl, '_blank', 'noopener');
      toast(SUCCESS.download);
    } catch (e) {
      toast(actionFailure('download', e));
    }
  }

  const until = availableUntil(file);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="file-row">
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">{file.originalFilename}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {formatFileSize(file.fileSize)} · {formatRelativeTime(file.createdAt)}
          {file.transactionCount !== null && ` · ${file.transactionCount} transactions`}
          {file.currency && ` · ${file.currency}`}
        </p>
        {(until || file.deleteAt) && (
          <p className="mt-0.5 text-xs text-slate-500">
            {until && `Available until ${formatShortDate(until)}`}
            {until && file.deleteAt && ' · '}
            {file.deleteAt && <span data-testid="delete-at">Deleted on {formatShortDate(file.deleteAt)}</span>}
          </p>
        )}
        <ReconciliationNote file={file} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge {...badge} />
        {actions.kind === 'download' ? (
          <>
            {file.status === 'completed' && (
              <Link
                href={`/review?file=${encodeURIComponent(file.id)}`}
                className={buttonClass('secondary', 'sm')}
                aria-label={`Review ${file.originalFilename}`}
              >
                Review
              </Link>
            )}
            <Tip label="Download the file you uploaded">
              <Button size="sm" variant="secondary" onClick={original}>
                Original
              </Button>
            </Tip>
            {formats.length > 0 && (
              <DropdownMenu.Root>
                <DropdownMenu.Trigger className={buttonClass('primary', 'sm')}>Download</DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    align="end"
                    sideOffset={4}
                    className="z-50 min-w-36 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
                  >
                    {formats.flatMap((f) => [
                      <DropdownMenu.Item
                        key={f}
                        onSelect={() => void downloadOutput(file, f)}
                        className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                      >
                        {FORMAT_LABELS[f]}
                      </DropdownMenu.Item>,
                      ...(f === 'csv' ? EXTRA_CSV_PRESETS : []).map((p) => (
                        <DropdownMenu.Item
                          key={`csv-${p}`}
                          onSelect={() => void downloadOutput(file, 'csv', p)}
                          className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                        >
                          {CSV_PRESET_LABELS[p]}
                        </DropdownMenu.Item>
                      )),
                    ])}
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            )}
          </>
        ) : (
          file.status !== 'processing' &&
          file.status !== 'failed' && (
            <Button
              size="sm"
              variant="secondary"
              disabled={actions.restoreDisabled || restore.isPending}
              onClick={() => restore.mutate()}
            >
              Restore
            </Button>
          )
        )}
        <Button
          size="sm"
          variant="danger"
          disabled={remove.isPending}
          aria-label={`Delete ${file.originalFilename}`}
          onClick={() => setConfirmDelete(true)}
        >
          Delete
        </Button>
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete ${file.originalFilename}?`}
          description="Are you sure you want to delete this file? This action cannot be undone."
          confirmLabel="Delete file"
          onConfirm={() => remove.mutate()}
          danger
        />
      </div>
    </li>
  );
}

export function FileList({ files, onUploadFirst }: { files: FileRecord[]; onUploadFirst: () => void }) {
  if (files.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <h3 className="text-lg font-semibold">No files yet</h3>
        <p className="mt-1 text-sm text-slate-600">Your converted statements are kept here, encrypted.</p>
        <Button className="mt-5" onClick={onUploadFirst}>
          Upload First File
        </Button>
      </div>
    );
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
      {files.map((f) => (
        <FileRow key={f.id} file={f} />
      ))}
    </ul>
  );
}

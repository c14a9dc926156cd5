/** Each chosen file's row: its own progress and its own result (issue 14: several files at once). */
import type { FileRecord } from '@statemint/shared';
import { StatusBadge } from '../components/ui';
import type { BadgeTone } from '../lib/badge';
import { formatFileSize } from '../lib/format';
import { CompletedPanel, FailedPanel, ProcessingPanel, UploadProgress } from './ResultPanel';
import type { ItemState, UploadItem } from './useUploads';

const STATE_BADGES: Record<ItemState, { label: string; tone: BadgeTone }> = {
  chosen: { label: 'Ready', tone: 'slate' },
  uploading: { label: 'Uploading', tone: 'blue' },
  processing: { label: 'Processing', tone: 'amber' },
  completed: { label: 'Converted', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  refused: { label: 'Not converted', tone: 'red' },
};

function ItemBody({
  item,
  onRetry,
  onReset,
  onSaved,
}: {
  item: UploadItem;
  onRetry: (key: string, password: string) => Promise<void>;
  onReset?: () => void;
  onSaved: (record: FileRecord) => void;
}) {
  switch (item.state) {
    case 'chosen':
      return null;
    case 'uploading':
      return <UploadProgress value={item.progress} />;
    case 'processing':
      return <ProcessingPanel />;
    case 'refused':
      return (
        <p role="alert" className="text-sm text-red-700">
          {item.problem}
        </p>
      );
    case 'failed':
      return (
        <FailedPanel
          record={item.record}
          onRetry={(password) => onRetry(item.key, password)}
          {...(onReset ? { onReset } : {})}
        />
      );
    case 'completed':
      return item.record ? (
        <CompletedPanel
          record={item.record}
          anonymous={item.record.mode !== 'subscription'}
          onSaved={onSaved}
          {...(onReset ? { onReset } : {})}
        />
      ) : (
        <ProcessingPanel />
      );
  }
}

export function UploadItems({
  items,
  onRetry,
  onReset,
  onSaved,
  onRemove,
}: {
  items: UploadItem[];
  onRetry: (key: string, password: string) => Promise<void>;
  onReset: () => void;
  onSaved: (record: FileRecord) => void;
  onRemove: (key: string) => void;
}) {
  if (items.length === 0) return null;
  // One file: its result fills the space, as before; several: one row each.
  const single = items.length === 1 ? items[0] : undefined;
  if (single && single.state !== 'chosen')
    return <ItemBody item={single} onRetry={onRetry} onReset={onReset} onSaved={onSaved} />;
  return (
    <ul className="space-y-3" aria-label="Files">
      {items.map((item) => {
        const badge = STATE_BADGES[item.state];
        return (
          <li
            key={item.key}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 sm:p-4"
            data-testid="upload-item"
            data-state={item.state}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-semibold break-words text-ink">
                {item.name} <span className="font-normal text-slate-500">({formatFileSize(item.size)})</span>
              </p>
              <div className="flex items-center gap-2">
                <StatusBadge {...badge} />
                {(item.state === 'chosen' || item.state === 'refused') && (
                  <button
                    type="button"
                    className="text-sm text-slate-600 underline"
                    onClick={() => onRemove(item.key)}
                    aria-label={`Remove ${item.name}`}
                  >
                    Remove
                  </button>
                )}
              </div>
            </div>
            <ItemBody item={item} onRetry={onRetry} onSaved={onSaved} />
          </li>
        );
      })}
    </ul>
  );
}

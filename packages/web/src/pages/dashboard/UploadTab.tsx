/** The dashboard's Upload tab: authenticated upload plus the supported-formats and storage panels. */
import { LIMITS, MAX_UPLOAD_LABEL, UPLOAD_EXTENSIONS, usesFreeTrial } from '@statemint/shared';
import { useModals } from '../../app/modals';
import { useSession } from '../../app/session';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { EXTRA_FORMATS, FORMAT_LABELS, PRIMARY_FORMATS } from '../../lib/downloads';
import { uploadFailure } from '../../lib/messages';
import { DropZone } from '../../upload/DropZone';
import { freeTrialRefusal } from '../../upload/freeTrial';
import { UploadItems } from '../../upload/UploadItems';
import { useUploads } from '../../upload/useUploads';

const ONE_FREE_FILE = `The free trial converts one file every ${LIMITS.freeTrialWindowHours} hours: this one was not sent.`;

function Panel({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-600">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

export function UploadTab() {
  const uploads = useUploads('dashboard');
  const { openCheckout } = useModals();
  const { user } = useSession();

  async function convert() {
    if (uploads.busy || uploads.chosen.length === 0) return;
    // SPEC §6: a free account's upload is its free trial, checked before the file is sent.
    const freeTrial = user !== null && usesFreeTrial(user.plan);
    if (freeTrial && (await freeTrialRefusal(user.email))) return;
    await uploads.start(
      { path: '/api/files/upload', fields: {} },
      {
        ...(freeTrial ? { limit: { count: 1, problem: ONE_FREE_FILE } } : {}),
        onError: (e) => {
          const outcome = uploadFailure(e, true);
          toast(outcome.toast);
          if (outcome.openPaymentChooser)
            openCheckout({ kind: 'chooser', notice: 'Payment Required: Please choose a payment option to continue.' });
        },
      },
    );
  }

  const working = uploads.items.some((i) => i.state !== 'chosen');

  return (
    <div className="space-y-6">
      {!working && (
        <div className="space-y-4">
          <DropZone where="dashboard" files={uploads.chosen} disabled={uploads.busy} onFiles={uploads.choose} />
          {uploads.chosen.length > 0 && (
            <Button size="lg" className="w-full" onClick={convert} disabled={uploads.busy}>
              {uploads.chosen.length > 1 ? `Convert ${uploads.chosen.length} Statements` : 'Convert Statement'}
            </Button>
          )}
        </div>
      )}
      <UploadItems
        items={working || uploads.items.length > 1 ? uploads.items : []}
        onRetry={uploads.retry}
        onReset={uploads.reset}
        onSaved={uploads.updateRecord}
        onRemove={uploads.remove}
      />
      {working && uploads.items.length > 1 && (
        <Button variant="secondary" onClick={uploads.reset}>
          Convert Other Files
        </Button>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Panel
          title="Supported input formats"
          items={[
            UPLOAD_EXTENSIONS.map((e) => e.toUpperCase()).join(', '),
            `Up to ${MAX_UPLOAD_LABEL} per file; ZIP for many statements at once`,
          ]}
        />
        <Panel
          title="Output formats"
          items={[
            [...PRIMARY_FORMATS, ...EXTRA_FORMATS].map((f) => FORMAT_LABELS[f]).join(', '),
            'Every conversion is reconciled against the statement balances',
          ]}
        />
        <Panel
          title="Use cases"
          items={[
            'Bookkeeping and month-end close',
            'Tax preparation',
            'Loan and mortgage applications',
            'Expense analysis',
          ]}
        />
        <Panel
          title="Secure storage"
          items={[
            'AES-256 encryption at rest, one key per file',
            `Files ready to download for ${LIMITS.hotFileHours} hours, then archived; restore any time`,
            `Kept up to ${LIMITS.defaultRetentionDays} days, or your own auto-delete period`,
            'Deleting removes the original and every output',
          ]}
        />
      </div>
    </div>
  );
}

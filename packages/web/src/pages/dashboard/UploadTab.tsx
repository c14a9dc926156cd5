/** The dashboard's Upload tab: authenticated upload plus the supported-formats and storage panels. */
import { LIMITS, MAX_UPLOAD_LABEL, UPLOAD_EXTENSIONS, usesFreeTrial } from '@statemint/shared';
import { useModals } from '../../app/modals';
import { useSession } from '../../app/session';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { EXTRA_FORMATS, FORMAT_LABELS, PRIMARY_FORMATS } from '../../lib/downloads';
import { uploadFailure } from '../../lib/messages';
import { DropZone } from '../../upload/DropZone';
import { freeTrialAllowed } from '../../upload/freeTrial';
import { ResultPanel, UploadProgress } from '../../upload/ResultPanel';
import { useUploadFlow } from '../../upload/useUploadFlow';

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
  const flow = useUploadFlow('dashboard');
  const { openCheckout } = useModals();
  const { user } = useSession();

  async function convert() {
    if (flow.uploading || !flow.file) return;
    // SPEC §6: a free account's upload is its free trial, checked before the file is sent.
    if (user && usesFreeTrial(user.plan) && !(await freeTrialAllowed(user.email))) return;
    try {
      await flow.upload({ path: '/api/files/upload', fields: {} });
    } catch (e) {
      const outcome = uploadFailure(e, true);
      toast(outcome.toast);
      if (outcome.openPaymentChooser)
        openCheckout({ kind: 'chooser', notice: 'Payment Required: Please choose a payment option to continue.' });
    }
  }

  return (
    <div className="space-y-6">
      {(flow.phase === 'idle' || flow.phase === 'chosen') && (
        <div className="space-y-4">
          <DropZone where="dashboard" file={flow.file} disabled={flow.uploading} onFiles={flow.choose} />
          {flow.file && (
            <Button size="lg" className="w-full" onClick={convert} disabled={flow.uploading}>
              Convert Statement
            </Button>
          )}
        </div>
      )}
      {flow.phase === 'uploading' && <UploadProgress value={flow.progress} />}
      <ResultPanel phase={flow.phase} record={flow.record} anonymous={false} onReset={flow.reset} />
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

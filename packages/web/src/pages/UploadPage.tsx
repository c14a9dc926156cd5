/** SPEC §2/§4 upload page: free trial, pay-as-you-go and signed-in modes, banners, progress, results. */
import { formatPrice, LIMITS, PLAN_LABELS, PLAN_LIMITS, PRICES_CENTS, usesFreeTrial } from '@statemint/shared';
import { useEffect, useState } from 'react';
import { useModals } from '../app/modals';
import { Link, navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { PAYG_STORAGE_KEY } from '../checkout/keys';
import { toast } from '../components/toast';
import { Banner, Button, Field } from '../components/ui';
import { deviceFingerprint, FINGERPRINT_HEADER } from '../lib/fingerprint';
import { EMAIL_INVALID_TOAST, EMAIL_REQUIRED_TOAST, LOGIN_TO_UPLOAD_TOAST, uploadFailure } from '../lib/messages';
import { EMAIL_PATTERN } from '../lib/validate';
import { DropZone } from '../upload/DropZone';
import { freeTrialAllowed } from '../upload/freeTrial';
import { ResultPanel, UploadProgress } from '../upload/ResultPanel';
import { type UploadTarget, useUploadFlow } from '../upload/useUploadFlow';

type Mode = 'free' | 'payasyougo' | 'paid' | 'auth';

function readPayg(): { paymentIntentId: string; email: string } | null {
  try {
    const raw = sessionStorage.getItem(PAYG_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as { paymentIntentId: string; email: string }) : null;
  } catch {
    return null;
  }
}

export default function UploadPage() {
  const { user } = useSession();
  const { openLogin, openCheckout } = useModals();
  const { search } = useLocation();
  // Paid plans (the legacy starter plan too) upload against their monthly quota; free accounts use the free trial.
  const accountUploads = user !== null && !usesFreeTrial(user.plan);
  const defaultMode: Mode = accountUploads ? 'auth' : 'free';
  const [mode, setMode] = useState<Mode>(defaultMode);
  const [email, setEmail] = useState(user && !accountUploads ? user.email : '');
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);
  // Paid without the checkout's e-mail at hand (another tab): ask for it, and keep asking while it is typed.
  const [askReceiptEmail, setAskReceiptEmail] = useState(false);
  const flow = useUploadFlow('upload');

  // SPEC §2: arriving with ?payment=…&mode=payasyougo switches to paid mode and cleans the URL.
  const paymentParam = search.get('payment');
  const modeParam = search.get('mode');
  useEffect(() => {
    if (paymentParam && modeParam === 'payasyougo') {
      const stored = readPayg();
      setPaymentIntentId(paymentParam);
      const known = stored?.paymentIntentId === paymentParam;
      setEmail(known ? stored.email : '');
      setAskReceiptEmail(!known);
      setMode('paid');
      navigate('/upload', { replace: true });
    }
  }, [paymentParam, modeParam]);

  // Signing in or out while here switches between the account upload and the free trial.
  useEffect(() => {
    setMode((m) => (accountUploads && m === 'free' ? 'auth' : !accountUploads && m === 'auth' ? 'free' : m));
  }, [accountUploads]);

  async function convert() {
    if (flow.uploading || !flow.file) return;
    let target: UploadTarget;
    const fingerprint = { [FINGERPRINT_HEADER]: deviceFingerprint() };
    if (mode === 'auth') {
      if (!user) {
        toast(LOGIN_TO_UPLOAD_TOAST);
        openLogin();
        return;
      }
      target = { path: '/api/files/upload', fields: {} };
    } else if (mode === 'paid' && paymentIntentId) {
      target = { path: '/api/files/upload-paid', fields: { paymentIntentId, email: email.trim() } };
    } else if (mode === 'payasyougo') {
      openCheckout({ kind: 'payasyougo', email: email.trim() });
      return;
    } else if (mode === 'free') {
      if (!email.trim()) {
        toast(EMAIL_REQUIRED_TOAST);
        return;
      }
      if (!EMAIL_PATTERN.test(email.trim())) {
        toast(EMAIL_INVALID_TOAST);
        return;
      }
      if (!(await freeTrialAllowed(email.trim()))) return;
      target = { path: '/api/files/upload-free-trial', fields: { email: email.trim() }, headers: fingerprint };
    } else {
      openLogin();
      return;
    }
    try {
      await flow.upload(target);
      if (mode === 'paid') sessionStorage.removeItem(PAYG_STORAGE_KEY);
    } catch (e) {
      const outcome = uploadFailure(e, mode === 'auth');
      toast(outcome.toast);
      if (outcome.openPaymentChooser)
        openCheckout({ kind: 'chooser', notice: 'Payment Required: Please choose a payment option to continue.' });
    }
  }

  function reset() {
    flow.reset();
    setMode(defaultMode);
    setEmail('');
    setPaymentIntentId(null);
    setAskReceiptEmail(false);
  }

  const working =
    flow.phase === 'uploading' || flow.phase === 'processing' || flow.phase === 'completed' || flow.phase === 'failed';
  const limit = user ? PLAN_LIMITS[user.plan].uploads : 0;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight">Convert a Bank Statement</h1>
      <p className="mt-2 text-slate-600">Upload a statement and download it as Excel, CSV or JSON.</p>

      <div className="mt-6 space-y-4">
        {user && !accountUploads && (
          <Banner tone="warning" title="Free plan">
            Your plan includes 1 free conversion every {LIMITS.freeTrialWindowHours} hours.{' '}
            <Link href="/pricing" className="font-semibold underline">
              See plans for more conversions
            </Link>
          </Banner>
        )}
        {mode === 'free' && !working && (
          <Banner title="Free Trial">
            <p>
              1 free conversion every {LIMITS.freeTrialWindowHours} hours per device or location. No signup; enter your
              e-mail for tracking. Files expire after {LIMITS.anonymousFileLifeHours} hour.
            </p>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field
                className="flex-1"
                label="Email for free trial"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button variant="secondary" onClick={() => setMode('payasyougo')}>
                Choose Different Option
              </Button>
            </div>
          </Banner>
        )}
        {mode === 'payasyougo' && !working && (
          <Banner title="Pay-As-You-Go">
            <p>
              {formatPrice(PRICES_CENTS.payasyougo)} per file. No signup; files are kept {LIMITS.anonymousFileLifeHours}{' '}
              hour. We e-mail your receipt.
            </p>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row">
              <Button onClick={() => openCheckout({ kind: 'payasyougo', email: email.trim() })}>
                Pay {formatPrice(PRICES_CENTS.payasyougo)}
              </Button>
              <Button variant="secondary" onClick={() => setMode('free')}>
                Use Free Trial Instead
              </Button>
            </div>
          </Banner>
        )}
        {mode === 'paid' && !working && (
          <Banner tone="success" title="Payment Received">
            Your payment is confirmed. Choose your statement and convert it.
            {askReceiptEmail && (
              <Field
                className="mt-3"
                label="Email for your receipt"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Banner>
        )}
        {mode === 'auth' && user && !working && (
          <Banner tone="success" title={`${PLAN_LABELS[user.plan]} plan`}>
            Up to {limit === -1 ? 'unlimited' : limit.toLocaleString('en-US')} conversions per month, kept in your{' '}
            <Link href="/dashboard" className="font-semibold underline">
              secure vault
            </Link>
            .
          </Banner>
        )}
      </div>

      <div className="mt-6 space-y-4">
        {(flow.phase === 'idle' || flow.phase === 'chosen') && (
          <>
            <DropZone where="upload" file={flow.file} disabled={flow.uploading} onFiles={flow.choose} />
            {flow.file && (
              <Button size="lg" className="w-full" onClick={convert} disabled={flow.uploading}>
                {mode === 'payasyougo'
                  ? `Pay ${formatPrice(PRICES_CENTS.payasyougo)} and Convert`
                  : 'Convert Statement'}
              </Button>
            )}
          </>
        )}
        {flow.phase === 'uploading' && <UploadProgress value={flow.progress} />}
        <ResultPanel phase={flow.phase} record={flow.record} anonymous={mode !== 'auth'} onReset={reset} />
      </div>
    </section>
  );
}

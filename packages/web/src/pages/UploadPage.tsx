/**
 * SPEC §2/§4 upload page: free trial, pay-as-you-go and signed-in modes, banners, and one row per
 * chosen file with its progress and result (issue 14). The rows survive a reload of the page.
 */

import { formatPrice, LIMITS, PLAN_LABELS, PLAN_LIMITS, PRICES_CENTS, usesFreeTrial } from '@statemint/shared';
import { useEffect, useState } from 'react';
import { WIDE } from '../app/layout';
import { useModals } from '../app/modals';
import { Link, navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { PAYG_STORAGE_KEY } from '../checkout/keys';
import { toast } from '../components/toast';
import { Banner, Button, buttonClass, Field } from '../components/ui';
import { deviceFingerprint, FINGERPRINT_HEADER } from '../lib/fingerprint';
import { formatDateTime } from '../lib/format';
import { EMAIL_INVALID_TOAST, EMAIL_REQUIRED_TOAST, LOGIN_TO_UPLOAD_TOAST, uploadFailure } from '../lib/messages';
import { EMAIL_PATTERN } from '../lib/validate';
import { DropZone } from '../upload/DropZone';
import { type FreeTrialRefusal, freeTrialRefusal } from '../upload/freeTrial';
import { UploadItems } from '../upload/UploadItems';
import { type UploadTarget, useUploads } from '../upload/useUploads';

type Mode = 'free' | 'payasyougo' | 'paid' | 'auth';

/** The rows of this tab's uploads, kept across reloads (a paid result must not be lost to F5). */
const UPLOADS_STORAGE_KEY = 'statemint.uploads';
const ONE_FILE = {
  free: `The free trial converts one file every ${LIMITS.freeTrialWindowHours} hours: this one was not sent.`,
  paid: 'One payment converts one file: this one was not sent.',
} as const;

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
  /** The free trial refused (cooldown or daily lock): said on the page, with the next free time and a pay option. */
  const [refused, setRefused] = useState<FreeTrialRefusal | null>(null);
  const [email, setEmail] = useState(user && !accountUploads ? user.email : '');
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);
  // Paid without the checkout's e-mail at hand (another tab): ask for it, and keep asking while it is typed.
  const [askReceiptEmail, setAskReceiptEmail] = useState(false);
  const uploads = useUploads('upload', { persistKey: UPLOADS_STORAGE_KEY });

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
    if (uploads.busy || uploads.chosen.length === 0) return;
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
      const refusal = await freeTrialRefusal(email.trim());
      setRefused(refusal?.code === 'OTHER' ? null : refusal);
      if (refusal) return;
      target = { path: '/api/files/upload-free-trial', fields: { email: email.trim() }, headers: fingerprint };
    } else {
      openLogin();
      return;
    }
    const onlyFirst = mode === 'free' ? ONE_FILE.free : mode === 'paid' ? ONE_FILE.paid : undefined;
    await uploads.start(target, {
      ...(onlyFirst ? { onlyFirst } : {}),
      onError: (e) => {
        const outcome = uploadFailure(e, mode === 'auth');
        toast(outcome.toast);
        if (outcome.openPaymentChooser)
          openCheckout({ kind: 'chooser', notice: 'Payment Required: Please choose a payment option to continue.' });
      },
    });
    if (mode === 'paid') sessionStorage.removeItem(PAYG_STORAGE_KEY);
  }

  function reset() {
    // A failed conversion used nothing up (DECISIONS.md): the same e-mail and payment take the next file.
    const allFailed = uploads.items.length > 0 && uploads.items.every((i) => i.state === 'failed');
    uploads.reset();
    if (allFailed) return;
    setMode(defaultMode);
    setEmail('');
    setPaymentIntentId(null);
    setAskReceiptEmail(false);
  }

  const working = uploads.items.some((i) => i.state !== 'chosen');
  const limit = user ? PLAN_LIMITS[user.plan].uploads : 0;

  return (
    // Results (the review grid beside its page) get the width of the screen; the form stays narrow.
    <section className={`mx-auto px-4 py-10 sm:py-14 ${working ? WIDE : 'max-w-3xl'}`}>
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
        {mode === 'free' && !working && refused && (
          <section
            aria-label="Free trial used"
            className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <h2 className="font-semibold">
              {refused.code === 'FREE_TRIAL_LOCKED' ? 'Free Trial Temporarily Unavailable' : 'Free Trial Cooldown'}
            </h2>
            <p className="mt-1" data-testid="free-trial-next">
              {refused.code === 'FREE_TRIAL_LOCKED'
                ? 'The free trial has reached its daily limit.'
                : `This device or location has used its free conversion of the last ${LIMITS.freeTrialWindowHours} hours.`}
              {refused.nextAt && ` Your next free conversion: ${formatDateTime(refused.nextAt)}.`}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                onClick={() => {
                  setMode('payasyougo');
                  openCheckout({ kind: 'payasyougo', email: email.trim() });
                }}
              >
                Pay {formatPrice(PRICES_CENTS.payasyougo)} and Convert Now
              </Button>
              <Link href="/pricing" className={buttonClass('secondary')}>
                See Plans
              </Link>
            </div>
          </section>
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
        {!working && (
          <>
            <DropZone where="upload" files={uploads.chosen} disabled={uploads.busy} onFiles={uploads.choose} />
            {uploads.chosen.length > 0 && (
              <Button size="lg" className="w-full" onClick={convert} disabled={uploads.busy}>
                {mode === 'payasyougo'
                  ? `Pay ${formatPrice(PRICES_CENTS.payasyougo)} and Convert`
                  : uploads.chosen.length > 1
                    ? `Convert ${uploads.chosen.length} Statements`
                    : 'Convert Statement'}
              </Button>
            )}
          </>
        )}
        <UploadItems
          items={working || uploads.items.length > 1 ? uploads.items : []}
          onRetry={uploads.retry}
          onReset={reset}
          onSaved={uploads.updateRecord}
          onRemove={uploads.remove}
        />
        {working &&
          uploads.items.length > 1 &&
          uploads.items.every((i) => !['uploading', 'processing'].includes(i.state)) && (
            <Button variant="secondary" onClick={reset}>
              Convert Other Files
            </Button>
          )}
      </div>
    </section>
  );
}

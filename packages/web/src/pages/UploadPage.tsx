/**
 * SPEC §2/§4 upload page: free trial, pay-as-you-go and signed-in modes, banners, and one row per
 * chosen file with its progress and result (issue 14). The rows survive a reload of the page.
 * A pay-as-you-go payment is a credit the server keeps until used (issue 27): this browser
 * remembers its payments and finds what is left of them on every visit, the receipt's link
 * brings it back on any device, and several chosen files are paid for at once.
 */

import {
  formatPrice,
  LIMITS,
  PAYG_MAX_FILES,
  PLAN_LABELS,
  PLAN_LIMITS,
  PRICES_CENTS,
  paymentAmount,
  usesFreeTrial,
} from '@statemint/shared';
import { useEffect, useState } from 'react';
import { WIDE } from '../app/layout';
import { useModals } from '../app/modals';
import { Link, navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { fetchCredit, findUnusedCredit, forgetCredit, rememberCredit, storedCredits } from '../checkout/credits';
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
const ONE_FREE_FILE = `The free trial converts one file every ${LIMITS.freeTrialWindowHours} hours: this one was not sent.`;
const files = (n: number) => (n === 1 ? 'one file' : `${n} files`);
const notCovered = (n: number) => `Your payment converts ${files(n)}: this one was not sent.`;

/** A payment of this browser with conversions left. */
interface Credit {
  paymentIntentId: string;
  remaining: number;
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
  const [credit, setCredit] = useState<Credit | null>(null);
  const paymentIntentId = credit?.paymentIntentId ?? null;
  // Paid without the checkout's e-mail at hand (another tab): ask for it, and keep asking while it is typed.
  const [askReceiptEmail, setAskReceiptEmail] = useState(false);
  const uploads = useUploads('upload', { persistKey: UPLOADS_STORAGE_KEY });

  // SPEC §2: arriving with ?payment=…&mode=payasyougo switches to paid mode and cleans the URL.
  const paymentParam = search.get('payment');
  const modeParam = search.get('mode');
  // The receipt's link (issue 27) carries the e-mail in its fragment: the payment is kept here too.
  useEffect(() => {
    if (paymentParam && modeParam === 'payasyougo') {
      const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('email');
      if (fromLink) rememberCredit({ paymentIntentId: paymentParam, email: fromLink });
      const stored = storedCredits().find((c) => c.paymentIntentId === paymentParam);
      setCredit({ paymentIntentId: paymentParam, remaining: 1 });
      setEmail(stored?.email ?? '');
      setAskReceiptEmail(!stored);
      setMode('paid');
      navigate('/upload', { replace: true });
      if (stored)
        void fetchCredit(stored)
          .then((left) => left && setCredit({ paymentIntentId: paymentParam, remaining: left.remaining }))
          .catch(() => {});
      return;
    }
    // A visit without one: a payment of this browser with conversions left is taken up again.
    let live = true;
    void findUnusedCredit().then((found) => {
      if (!live || !found) return;
      setCredit({ paymentIntentId: found.paymentIntentId, remaining: found.remaining });
      setEmail(found.email);
      setAskReceiptEmail(false);
      setMode((m) => (m === 'auth' ? m : 'paid'));
    });
    return () => {
      live = false;
    };
  }, [paymentParam, modeParam]);

  // Signing in or out while here switches between the account upload and the free trial.
  useEffect(() => {
    setMode((m) => (accountUploads && m === 'free' ? 'auth' : !accountUploads && m === 'auth' ? 'free' : m));
  }, [accountUploads]);

  /** Uploads the chosen files (and `payFor`, rows not sent before) against a payment's conversions. */
  async function convertPaid(paid: { paymentIntentId: string; email: string; remaining: number }, payFor?: string[]) {
    await uploads.start(
      { path: '/api/files/upload-paid', fields: { paymentIntentId: paid.paymentIntentId, email: paid.email } },
      {
        limit: { count: paid.remaining, problem: notCovered(paid.remaining) },
        ...(payFor ? { payFor } : {}),
        onError: (e) => {
          const outcome = uploadFailure(e, false);
          toast(outcome.toast);
          if (outcome.openPaymentChooser)
            openCheckout({ kind: 'chooser', notice: 'Payment Required: Please choose a payment option to continue.' });
        },
      },
    );
    const left = await fetchCredit({ paymentIntentId: paid.paymentIntentId, email: paid.email }).catch(() => null);
    if (left?.paid && left.remaining === 0) forgetCredit(paid.paymentIntentId);
    setCredit(left ? { paymentIntentId: paid.paymentIntentId, remaining: left.remaining } : null);
  }

  /** One payment for several files (the chosen ones, or those a payment did not cover), converted when paid. */
  function payFor(count: number, keys?: string[]) {
    openCheckout({
      kind: 'payasyougo',
      email: email.trim(),
      files: Math.min(count, PAYG_MAX_FILES),
      onPaid: (paid) => {
        setCredit({ paymentIntentId: paid.paymentIntentId, remaining: paid.files });
        setEmail(paid.email);
        setAskReceiptEmail(false);
        setMode('paid');
        void convertPaid({ ...paid, remaining: paid.files }, keys);
      },
    });
  }

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
      let remaining = credit?.remaining ?? 1;
      if (askReceiptEmail && email.trim()) {
        // Arrived from a link without the e-mail: with it typed, the payment is kept and its files counted.
        const paid = { paymentIntentId, email: email.trim() };
        const left = await fetchCredit(paid).catch(() => null);
        if (left?.paid) {
          rememberCredit(paid);
          remaining = Math.max(left.remaining, 1);
        }
      }
      await convertPaid({ paymentIntentId, email: email.trim(), remaining });
      return;
    } else if (mode === 'payasyougo') {
      payFor(uploads.chosen.length);
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
    await uploads.start(target, {
      ...(mode === 'free' ? { limit: { count: 1, problem: ONE_FREE_FILE } } : {}),
      onError: (e) => {
        const outcome = uploadFailure(e, mode === 'auth');
        toast(outcome.toast);
        if (outcome.openPaymentChooser)
          openCheckout({ kind: 'chooser', notice: 'Payment Required: Please choose a payment option to continue.' });
      },
    });
  }

  function reset() {
    // A failed conversion used nothing up (DECISIONS.md): the same e-mail and payment take the next file.
    const allFailed = uploads.items.length > 0 && uploads.items.every((i) => i.state === 'failed');
    uploads.reset();
    if (allFailed) return;
    setMode(defaultMode);
    setEmail('');
    setCredit(null);
    setAskReceiptEmail(false);
  }

  const working = uploads.items.some((i) => i.state !== 'chosen');
  const unpaid = uploads.unpaid.length;
  const settled = uploads.items.every((i) => !['uploading', 'processing'].includes(i.state));
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
            {credit && credit.remaining > 1
              ? `Your payment is confirmed and converts ${credit.remaining} more files. Choose your statements and convert them.`
              : 'Your payment is confirmed. Choose your statement and convert it.'}{' '}
            The payment is kept until used, here and from the link in your receipt.
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
                  ? uploads.chosen.length > 1
                    ? `Pay ${formatPrice(paymentAmount('payasyougo', Math.min(uploads.chosen.length, PAYG_MAX_FILES)))} for ${Math.min(uploads.chosen.length, PAYG_MAX_FILES)} Files and Convert`
                    : `Pay ${formatPrice(PRICES_CENTS.payasyougo)} and Convert`
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
        {working && unpaid > 0 && settled && mode !== 'auth' && (
          // Files the free trial or a payment did not cover: one payment converts them all.
          <Button
            onClick={() =>
              payFor(
                unpaid,
                uploads.unpaid.map((i) => i.key),
              )
            }
          >
            Pay {formatPrice(paymentAmount('payasyougo', Math.min(unpaid, PAYG_MAX_FILES)))} to Convert{' '}
            {unpaid === 1 ? 'the Other File' : `the Other ${Math.min(unpaid, PAYG_MAX_FILES)} Files`}
          </Button>
        )}
        {working && uploads.items.length > 1 && settled && (
          <Button variant="secondary" onClick={reset}>
            Convert Other Files
          </Button>
        )}
      </div>
    </section>
  );
}

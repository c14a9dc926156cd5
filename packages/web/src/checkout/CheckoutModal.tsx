/** SPEC §2/§5: checkout modals for Pro, Business, Pay-As-You-Go, and the payment-option chooser. */
import { formatPrice, LIMITS, type PaymentType, PLAN_LIMITS, PRICES_CENTS, paymentAmount } from '@statemint/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { CheckoutRequest } from '../app/modals';
import { navigate } from '../app/router';
import { useSession } from '../app/session';
import { toast } from '../components/toast';
import { Button, Field, Modal } from '../components/ui';
import { trackCheckoutStart } from '../lib/ads';
import { SUCCESS } from '../lib/messages';
import { type CheckoutErrors, validateCheckoutSignup, validatePaygEmail } from '../lib/validate';
import { CardForm } from './CardForm';
import { rememberCredit } from './credits';
import type { RegistrationData } from './payment';

type Step = 'choose' | 'signup' | 'email' | 'pay';

const TITLES: Record<PaymentType, string> = {
  payasyougo: 'Pay Per File',
  pro: 'Upgrade to Pro',
  business: 'Business Plan',
};

const DESCRIPTIONS: Record<PaymentType, string> = {
  payasyougo: `${formatPrice(PRICES_CENTS.payasyougo)} for one conversion. No signup; files are kept ${LIMITS.anonymousFileLifeHours} hour.`,
  pro: `${formatPrice(PRICES_CENTS.pro)} per month: ${PLAN_LIMITS.pro.uploads} files a month, ${LIMITS.defaultRetentionDays} days of secure storage.`,
  business: `${formatPrice(PRICES_CENTS.business)} per month: ${PLAN_LIMITS.business.uploads.toLocaleString('en-US')} files a month and a dedicated account manager.`,
};

export default function CheckoutModal({ request, onClose }: { request: CheckoutRequest; onClose: () => void }) {
  const { token, user, signIn, refreshUser } = useSession();
  const queryClient = useQueryClient();
  const initialType: PaymentType | null = request.kind === 'chooser' ? null : request.kind;
  const [type, setType] = useState<PaymentType | null>(initialType);
  const firstStep = (t: PaymentType | null): Step =>
    t === null ? 'choose' : t === 'payasyougo' ? 'email' : user ? 'pay' : 'signup';
  const [step, setStep] = useState<Step>(firstStep(initialType));
  const [signup, setSignup] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [signupErrors, setSignupErrors] = useState<CheckoutErrors>({});
  const [email, setEmail] = useState(request.email ?? user?.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [registration, setRegistration] = useState<RegistrationData | undefined>(undefined);

  // A checkout starts when its plan is known: opened for a plan, or picked in the chooser.
  useEffect(() => {
    if (type) trackCheckoutStart(type);
  }, [type]);

  function choose(t: PaymentType) {
    setType(t);
    setStep(firstStep(t));
  }

  function submitSignup(e: FormEvent) {
    e.preventDefault();
    const errors = validateCheckoutSignup(signup);
    setSignupErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setRegistration({ name: signup.name.trim(), email: signup.email.trim(), password: signup.password });
    setStep('pay');
  }

  function submitEmail(e: FormEvent) {
    e.preventDefault();
    const problem = validatePaygEmail(email);
    setEmailError(problem);
    if (!problem) setStep('pay');
  }

  // Pay-as-you-go for several chosen files at once: one payment, the per-file price each.
  const files = type === 'payasyougo' ? (request.files ?? 1) : 1;
  const title = type ? TITLES[type] : 'Choose a Payment Option';
  const description = !type
    ? (request.notice ?? 'Pick how you would like to convert your statements.')
    : files > 1
      ? `${formatPrice(PRICES_CENTS.payasyougo)} per file: ${formatPrice(paymentAmount('payasyougo', files))} for your ${files} files. No signup; files are kept ${LIMITS.anonymousFileLifeHours} hour.`
      : DESCRIPTIONS[type];

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      {step === 'choose' && (
        <ul className="space-y-3">
          {(
            [
              ['payasyougo', 'Pay Per File', formatPrice(PRICES_CENTS.payasyougo), 'One conversion, no signup'],
              ['pro', 'Pro', formatPrice(PRICES_CENTS.pro), `${PLAN_LIMITS.pro.uploads} files per month`],
              [
                'business',
                'Business',
                formatPrice(PRICES_CENTS.business),
                `${PLAN_LIMITS.business.uploads.toLocaleString('en-US')} files per month`,
              ],
            ] as const
          ).map(([t, name, price, note]) => (
            <li key={t}>
              <button
                type="button"
                onClick={() => choose(t)}
                className="flex w-full items-center justify-between rounded-xl border border-slate-200 p-4 text-left hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span>
                  <span className="block font-semibold">
                    {name} {price}
                  </span>
                  <span className="text-sm text-slate-600">{note}</span>
                </span>
                <span aria-hidden className="text-brand-600">
                  →
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {step === 'signup' && (
        <form onSubmit={submitSignup} noValidate className="space-y-3" aria-label="Create your account">
          <p className="text-sm text-slate-600">Create your account; it is activated with your payment.</p>
          <Field
            label="Name"
            autoComplete="name"
            value={signup.name}
            error={signupErrors.name}
            onChange={(e) => setSignup((s) => ({ ...s, name: e.target.value }))}
          />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            value={signup.email}
            error={signupErrors.email}
            onChange={(e) => setSignup((s) => ({ ...s, email: e.target.value }))}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            value={signup.password}
            error={signupErrors.password}
            onChange={(e) => setSignup((s) => ({ ...s, password: e.target.value }))}
          />
          <Field
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={signup.confirmPassword}
            error={signupErrors.confirmPassword}
            onChange={(e) => setSignup((s) => ({ ...s, confirmPassword: e.target.value }))}
          />
          <Button type="submit" className="w-full">
            Continue to Payment
          </Button>
        </form>
      )}

      {step === 'email' && (
        <form onSubmit={submitEmail} noValidate className="space-y-3" aria-label="Receipt e-mail">
          <Field
            label="Email for your receipt"
            type="email"
            autoComplete="email"
            value={email}
            error={emailError}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" className="w-full">
            Continue to Payment
          </Button>
        </form>
      )}

      {step === 'pay' && type && (
        <div>
          <p className="mb-4 flex items-baseline justify-between border-b border-slate-200 pb-3">
            <span className="text-sm text-slate-600">Amount due</span>
            <span className="text-2xl font-bold" data-testid="amount">
              {formatPrice(paymentAmount(type, files))}
              {type !== 'payasyougo' && <span className="text-sm font-normal text-slate-500"> / month</span>}
            </span>
          </p>
          <CardForm
            token={token}
            request={{
              type,
              email: type === 'payasyougo' ? email.trim() : (user?.email ?? registration?.email),
              registrationData: user ? undefined : registration,
              files,
            }}
            onPaid={async (result) => {
              if (type === 'payasyougo') {
                // Kept in this browser until used (and by the server, linked from the receipt).
                const paid = { paymentIntentId: result.paymentIntentId, email: email.trim() };
                rememberCredit(paid);
                onClose();
                if (request.onPaid) request.onPaid({ ...paid, files });
                else navigate(`/upload?payment=${encodeURIComponent(result.paymentIntentId)}&mode=payasyougo`);
                return;
              }
              if (result.token && result.user) signIn(result.token, result.user);
              else await refreshUser();
              await queryClient.invalidateQueries();
              toast(SUCCESS.upgrade);
              onClose();
              navigate('/dashboard');
            }}
          />
        </div>
      )}
    </Modal>
  );
}

/** SPEC §2 /verify-email: loading, success, error, expired; DECISIONS.md: a working resend by e-mail. */
import { ROUTES, TEXTS } from '@statemint/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';
import { useModals } from '../app/modals';
import { Link, navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { toast } from '../components/toast';
import { Button, buttonClass, Field, Spinner } from '../components/ui';
import { actionFailure, SUCCESS } from '../lib/messages';
import { validatePaygEmail } from '../lib/validate';

type Outcome = { state: 'success'; message: string } | { state: 'error' | 'expired'; message: string };

async function verify(token: string, emailChange: boolean): Promise<Outcome> {
  try {
    // A link from the settings page's e-mail change confirms the new address instead.
    const res = emailChange
      ? await callApi(ROUTES.confirmEmailChange, { body: { token }, auth: false })
      : await callApi(ROUTES.verifyEmail, { query: { token }, auth: false });
    return { state: 'success', message: res.message ?? 'Your email has been verified.' };
  } catch (e) {
    if (e instanceof ApiError && e.status !== 0) {
      return {
        state: e.code === 'TOKEN_EXPIRED' ? 'expired' : 'error',
        message: e.serverMessage ?? 'Verification failed',
      };
    }
    return { state: 'error', message: 'Failed to verify email. Please try again.' };
  }
}

function ResendForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validatePaygEmail(email) === null ? null : TEXTS.emailInvalid;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const res = await callApi(ROUTES.resendVerification, {
        body: { email: email.trim() },
        auth: false,
      });
      setSent(res.message ?? 'If an account with that email exists, we have sent a new verification link.');
      toast(SUCCESS.verificationSent);
    } catch (err) {
      toast(actionFailure('sendVerification', err));
    } finally {
      setBusy(false);
    }
  }
  if (sent)
    return (
      <p role="status" className="mt-6 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
        {sent}
      </p>
    );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-3 text-left"
      aria-label="Request a new verification email"
    >
      <Field
        label="Your email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        Send New Link
      </Button>
    </form>
  );
}

export default function VerifyEmailPage() {
  const { search } = useLocation();
  const token = search.get('token');
  const emailChange = search.get('change') === '1';
  const { user, refreshUser } = useSession();
  const { openLogin } = useModals();
  const [resend, setResend] = useState(false);
  const { data } = useQuery({
    queryKey: ['verify-email', token, emailChange],
    queryFn: () => verify(token ?? '', emailChange),
    enabled: Boolean(token),
  });
  const outcome: Outcome | undefined = token ? data : { state: 'error', message: TEXTS.noVerificationToken };

  const announced = useRef(false);
  const signedIn = user !== null;
  useEffect(() => {
    if (outcome?.state === 'success' && !announced.current) {
      announced.current = true;
      toast(SUCCESS.emailVerified);
      if (signedIn) void refreshUser();
    }
  }, [outcome?.state, refreshUser, signedIn]);

  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      {!outcome && (
        <div aria-live="polite">
          <Spinner label="Verifying your email" />
          <h1 className="mt-4 text-2xl font-bold">Verifying your email…</h1>
        </div>
      )}
      {outcome?.state === 'success' && (
        <div>
          <h1 className="text-2xl font-bold">Email Verified</h1>
          <p className="mt-3 text-slate-600">{outcome.message}</p>
          <Button
            className="mt-8"
            onClick={() => {
              if (user) navigate('/dashboard');
              else {
                navigate('/');
                openLogin('login');
              }
            }}
          >
            Go to Login
          </Button>
        </div>
      )}
      {(outcome?.state === 'error' || outcome?.state === 'expired') && (
        <div>
          <h1 className="text-2xl font-bold">{outcome.state === 'expired' ? 'Link Expired' : 'Verification Failed'}</h1>
          <p className="mt-3 text-slate-600">{outcome.message}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/" className={buttonClass('secondary')}>
              Back to Home
            </Link>
            <Button onClick={() => setResend(true)} aria-expanded={resend}>
              Request New Verification Email
            </Button>
          </div>
          {resend && <ResendForm />}
        </div>
      )}
    </section>
  );
}

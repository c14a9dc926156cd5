/**
 * /reset-password: without a token, asks for the e-mail address and sends a reset link; with
 * the link's token, sets a new password (which signs every device out) and offers the login.
 */
import { LIMITS } from '@statemint/shared';
import { type FormEvent, useState } from 'react';
import { apiRequest } from '../api/client';
import { ApiError } from '../api/errors';
import { useModals } from '../app/modals';
import { navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { EmailLinkRequest } from '../components/EmailLinkRequest';
import { toast } from '../components/toast';
import { Button, Field } from '../components/ui';
import { actionFailure } from '../lib/messages';
import { MESSAGES } from '../lib/validate';

function RequestForm() {
  return (
    <EmailLinkRequest
      path="/api/auth/forgot-password"
      sentMessage="If an account with that email exists, we have sent a password reset link."
      failure="passwordResetRequest"
      formLabel="Request a password reset"
      submitLabel="Send Reset Link"
    />
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem =
      password.length < LIMITS.minPasswordLength
        ? MESSAGES.passwordTooShortModal
        : password !== confirm
          ? MESSAGES.passwordsMismatchModal
          : null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const res = await apiRequest<{ message?: string }>('/api/auth/reset-password', {
        body: { token, password },
        auth: false,
      });
      onDone(res.message ?? 'Your password has been reset.');
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'TOKEN_INVALID' || err.code === 'TOKEN_EXPIRED'))
        setLinkProblem(err.serverMessage ?? 'This password reset link cannot be used.');
      else toast(actionFailure('passwordReset', err));
    } finally {
      setBusy(false);
    }
  }
  if (linkProblem)
    return (
      <div>
        <p role="alert" className="mt-3 text-slate-600">
          {linkProblem}
        </p>
        <RequestForm />
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-3 text-left" aria-label="Choose a new password">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        Set New Password
      </Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { search } = useLocation();
  const token = search.get('token');
  const { user, logout } = useSession();
  const { openLogin } = useModals();
  const [done, setDone] = useState<string | null>(null);

  if (done)
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Password Reset</h1>
        <p role="status" className="mt-3 text-slate-600">
          {done}
        </p>
        <Button
          className="mt-8"
          onClick={() => {
            navigate('/');
            openLogin('login');
          }}
        >
          Go to Login
        </Button>
      </section>
    );
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{token ? 'Choose a New Password' : 'Reset Your Password'}</h1>
      <p className="mt-3 text-slate-600">
        {token
          ? 'Setting a new password signs you out on every device.'
          : `Enter the email address of your account and we will send you a link to choose a new password. The link works once, for ${LIMITS.passwordResetTokenHours} hour.`}
      </p>
      {token ? (
        <NewPasswordForm
          token={token}
          onDone={(message) => {
            // Every session of the account ended on the server; this tab's one too.
            if (user) logout({ redirect: false });
            setDone(message);
          }}
        />
      ) : (
        <RequestForm />
      )}
    </section>
  );
}

/** SPEC §2/§4/§5: Sign In / Create Account modal. */

import { LIMITS, ROUTES } from '@statemint/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { callApi } from '../api/client';
import { navigate } from '../app/router';
import { useSession } from '../app/session';
import { authFailure, CHECK_EMAIL_TOAST, unverifiedLoginToast } from '../lib/messages';
import { validateAuthModal } from '../lib/validate';
import { toast } from './toast';
import { Button, Field, Modal } from './ui';

export function LoginModal({
  open,
  onOpenChange,
  initialMode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMode: 'login' | 'register';
}) {
  const { signIn } = useSession();
  const [mode, setMode] = useState(initialMode);
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setMode(initialMode);
      setError(null);
    }
  }, [open, initialMode]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateAuthModal(mode, form);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const res =
        mode === 'login'
          ? await callApi(ROUTES.login, {
              body: { email: form.email.trim(), password: form.password },
              auth: false,
            })
          : await callApi(ROUTES.register, {
              body: { email: form.email.trim(), password: form.password, name: form.name.trim() },
              auth: false,
            });
      if (res.token && res.user) {
        signIn(res.token, res.user);
        onOpenChange(false);
        setForm({ name: '', email: '', password: '', confirmPassword: '' });
        setTimeout(() => navigate('/dashboard'), LIMITS.loginRedirectDelayMs);
      } else {
        // SPEC §4: no token means the e-mail must be verified first. A login says whether it sent a link.
        onOpenChange(false);
        toast(
          'verificationSent' in res
            ? unverifiedLoginToast(res.verificationSent === true, res.message)
            : CHECK_EMAIL_TOAST,
        );
      }
    } catch (err) {
      // In the form, where the eye is, as well as the toast SPEC §8 names.
      const failure = authFailure(err, mode);
      setError(failure.description ?? failure.title);
      toast(failure);
    } finally {
      setBusy(false);
    }
  }

  const isLogin = mode === 'login';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={isLogin ? 'Sign In' : 'Create Account'}
      description={isLogin ? 'Welcome back. Sign in to your vault.' : 'Create your account to keep your statements.'}
    >
      <div role="tablist" aria-label="Account" className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm">
        {(['login', 'register'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`auth-tab-${m}`}
            aria-controls="auth-panel"
            aria-selected={mode === m}
            onClick={() => {
              setMode(m);
              setError(null);
            }}
            className={`rounded-md py-1.5 font-semibold ${mode === m ? 'bg-white shadow-sm' : 'text-slate-600'}`}
          >
            {m === 'login' ? 'Sign In' : 'Create Account'}
          </button>
        ))}
      </div>
      <form
        id="auth-panel"
        role="tabpanel"
        aria-labelledby={`auth-tab-${mode}`}
        onSubmit={submit}
        className="space-y-4"
        noValidate
      >
        {!isLogin && <Field label="Name" autoComplete="name" value={form.name} onChange={set('name')} />}
        <Field label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete={isLogin ? 'current-password' : 'new-password'}
          required
          value={form.password}
          onChange={set('password')}
        />
        {isLogin && (
          <p className="-mt-2 flex justify-between gap-3 text-sm">
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => {
                onOpenChange(false);
                navigate('/login-link');
              }}
            >
              Email me a login link
            </button>
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => {
                onOpenChange(false);
                navigate('/reset-password');
              }}
            >
              Forgot your password?
            </button>
          </p>
        )}
        {!isLogin && (
          <Field
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Please wait…' : isLogin ? 'Sign In' : 'Create Account'}
        </Button>
      </form>
    </Modal>
  );
}

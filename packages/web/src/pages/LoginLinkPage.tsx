/**
 * /login-link: without a token, asks for the e-mail address and sends a login link (issue 29: the
 * owner's way in while someone guesses the password from many addresses); with the link's token,
 * signs in once and opens the vault.
 */
import type { LoginResponse } from '@statemint/shared';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../api/client';
import { ApiError } from '../api/errors';
import { navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { EmailLinkRequest } from '../components/EmailLinkRequest';
import { toast } from '../components/toast';
import { actionFailure } from '../lib/messages';

function RequestForm() {
  return (
    <EmailLinkRequest
      path="/api/auth/login-link"
      sentMessage="If an account with that email exists, we have sent it a link to log in."
      failure="loginLinkRequest"
      formLabel="Request a login link"
      submitLabel="Email Me a Login Link"
    />
  );
}

function UseLink({ token }: { token: string }) {
  const { signIn } = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const used = useRef(false);
  useEffect(() => {
    // Once: the link works once, and a second call would answer that it was used.
    if (used.current) return;
    used.current = true;
    apiRequest<LoginResponse>('/api/auth/login-link/use', { body: { token }, auth: false })
      .then((res) => {
        if (res.token && res.user) signIn(res.token, res.user);
        navigate('/dashboard');
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && (err.code === 'TOKEN_INVALID' || err.code === 'TOKEN_EXPIRED'))
          setProblem(err.serverMessage ?? 'This login link cannot be used.');
        else toast(actionFailure('loginLink', err));
      });
  }, [token, signIn]);
  if (problem)
    return (
      <div>
        <p role="alert" className="mt-3 text-slate-600">
          {problem}
        </p>
        <RequestForm />
      </div>
    );
  return (
    <p role="status" className="mt-3 text-slate-600">
      Logging you in…
    </p>
  );
}

export default function LoginLinkPage() {
  const { search } = useLocation();
  const token = search.get('token');
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Log In by Email</h1>
      {token ? (
        <UseLink token={token} />
      ) : (
        <p className="mt-3 text-slate-600">
          Enter the email address of your account and we will send you a link that logs you in. The link works once, for
          15 minutes.
        </p>
      )}
      {!token && <RequestForm />}
    </section>
  );
}

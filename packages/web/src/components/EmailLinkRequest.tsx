/**
 * The form that asks for an e-mail address and has the server send a link to it (a password reset,
 * a login link): the same answer whether or not an account has that address, shown in place.
 */
import { TEXTS } from '@statemint/shared';
import { type FormEvent, useState } from 'react';
import { apiRequest } from '../api/client';
import { actionFailure } from '../lib/messages';
import { validatePaygEmail } from '../lib/validate';
import { toast } from './toast';
import { Button, Field } from './ui';

export function EmailLinkRequest(props: {
  /** The API route that sends the link. */
  path: string;
  /** Shown when the server's answer carries no message. */
  sentMessage: string;
  failure: Parameters<typeof actionFailure>[0];
  formLabel: string;
  submitLabel: string;
}) {
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
      const res = await apiRequest<{ message?: string }>(props.path, { body: { email: email.trim() }, auth: false });
      setSent(res.message ?? props.sentMessage);
    } catch (err) {
      toast(actionFailure(props.failure, err));
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
    <form onSubmit={submit} noValidate className="mt-6 space-y-3 text-left" aria-label={props.formLabel}>
      <Field
        label="Your email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {props.submitLabel}
      </Button>
    </form>
  );
}

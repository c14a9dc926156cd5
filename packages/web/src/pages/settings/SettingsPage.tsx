/**
 * Account settings: e-mail (verified before it takes effect), password, subscription and
 * retention, past payments (receipts), API keys with webhooks (Pro and Business), and deleting
 * the account with every file.
 */
import { formatPrice, isSubscriptionPlan, PLAN_LABELS, ROUTES } from '@statemint/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import { ApiError, formError } from '../../api/errors';
import { Link, navigate } from '../../app/router';
import { useSession } from '../../app/session';
import { toast } from '../../components/toast';
import { Button, Field, Spinner } from '../../components/ui';
import { formatShortDate } from '../../lib/format';
import { SubscriptionCard } from '../dashboard/SubscriptionCard';
import { ApiKeysSection } from './ApiKeysSection';

const failed = (title: string, e: unknown) =>
  toast({
    title,
    description: e instanceof ApiError ? (e.serverMessage ?? e.message) : 'Please try again.',
    variant: 'error',
  });

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function EmailSection({ email }: { email: string }) {
  const [form, setForm] = useState({ newEmail: '', password: '' });
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  const change = useMutation({
    mutationFn: () => callApi(ROUTES.changeEmail, { body: form }),
    onSuccess: (res) => {
      setError(null);
      setSent(res.message);
      setForm({ newEmail: '', password: '' });
      toast({ title: 'Check Your Email', description: res.message, variant: 'success' });
    },
    onError: (e) => setError(formError(e, ['newEmail', 'password'])),
  });
  return (
    <Section title="Email" description={`Your account's email is ${email}.`}>
      {sent && (
        <p role="status" className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {sent}
        </p>
      )}
      <form
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
        aria-label="Change email"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          change.mutate();
        }}
      >
        <Field
          label="New email"
          type="email"
          autoComplete="email"
          required
          value={form.newEmail}
          error={errorOf('newEmail')}
          onChange={(e) => setForm({ ...form, newEmail: e.target.value })}
        />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          error={errorOf('password')}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        <Button type="submit" disabled={change.isPending}>
          Change Email
        </Button>
        {error && error.field === null && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-3">
            {error.message}
          </p>
        )}
      </form>
    </Section>
  );
}

function PasswordSection() {
  const { signIn, user } = useSession();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ field: string | null; message: string } | null>(null);
  const change = useMutation({
    mutationFn: () =>
      callApi(ROUTES.changePassword, {
        body: { currentPassword: form.currentPassword, newPassword: form.newPassword },
      }),
    onSuccess: (res) => {
      setServerError(null);
      if (user) signIn(res.token, user);
      setForm({ currentPassword: '', newPassword: '', confirm: '' });
      toast({ title: 'Password Changed', description: res.message, variant: 'success' });
    },
    onError: (e) => {
      const answer = formError(e, ['currentPassword', 'newPassword']);
      setServerError(answer);
    },
  });
  return (
    <Section title="Password" description="Changing it signs out every other device.">
      <form
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        aria-label="Change password"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          const problem = form.newPassword !== form.confirm ? 'Passwords do not match.' : null;
          setError(problem);
          if (!problem) change.mutate();
        }}
      >
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          error={serverError?.field === 'currentPassword' ? serverError.message : null}
          onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          error={serverError?.field === 'newPassword' ? serverError.message : null}
          onChange={(e) => setForm({ ...form, newPassword: e.target.value })}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          error={error}
          onChange={(e) => setForm({ ...form, confirm: e.target.value })}
        />
        <Button type="submit" disabled={change.isPending}>
          Change Password
        </Button>
        {serverError && serverError.field === null && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-4">
            {serverError.message}
          </p>
        )}
      </form>
    </Section>
  );
}

function PaymentsSection() {
  const payments = useQuery({ queryKey: ['/api/account/payments'], queryFn: () => callApi(ROUTES.accountPayments) });
  return (
    <Section title="Payments" description="Every payment was sent a receipt by email.">
      {payments.isPending ? (
        <Spinner label="Loading payments" />
      ) : !payments.data?.length ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="payments">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 font-medium">Date</th>
              <th className="py-1 font-medium">For</th>
              <th className="py-1 font-medium">Card</th>
              <th className="py-1 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {payments.data.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="py-2">{formatShortDate(p.paidAt)}</td>
                <td className="py-2">{p.description}</td>
                <td className="py-2">{p.cardLast4 ? `•••• ${p.cardLast4}` : '-'}</td>
                <td className="py-2 text-right font-semibold">{formatPrice(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function ResumeButton() {
  const { refreshUser } = useSession();
  const queryClient = useQueryClient();
  const resume = useMutation({
    mutationFn: () => callApi(ROUTES.resumeSubscription),
    onSuccess: async (res) => {
      toast({ title: 'Subscription Resumed', description: res.message, variant: 'success' });
      await refreshUser();
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
    },
    onError: (e) => failed('Resume Failed', e),
  });
  return (
    <Button size="sm" variant="secondary" disabled={resume.isPending} onClick={() => resume.mutate()}>
      Resume Subscription
    </Button>
  );
}

function DeleteSection() {
  const { logout } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: () => callApi(ROUTES.deleteAccount, { body: { password } }),
    onSuccess: (res) => {
      toast({ title: 'Account Deleted', description: res.message, variant: 'success' });
      logout();
    },
    onError: (e) => failed('Account Not Deleted', e),
  });
  return (
    <Section
      title="Delete my account"
      description="Deletes your account and all your files: originals, converted outputs and their records. Receipts of payments are kept, as the law requires. This cannot be undone."
    >
      {!confirming ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete My Account and All My Files
        </Button>
      ) : (
        <form
          aria-label="Confirm account deletion"
          className="grid gap-3 sm:grid-cols-3 sm:items-end"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            remove.mutate();
          }}
        >
          <Field
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" variant="danger" disabled={remove.isPending || !password}>
            Delete Everything
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep My Account
          </Button>
        </form>
      )}
    </Section>
  );
}

export default function SettingsPage() {
  const { token, user, refreshUser } = useSession();
  useEffect(() => {
    if (!token || !user) navigate('/', { replace: true });
  }, [token, user]);
  // The plan and subscription as the server has them now.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);
  if (!token || !user) return null;
  const subscriber = isSubscriptionPlan(user.plan);
  const canceling = user.subscriptionStatus === 'canceling';
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:py-10">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight">Account Settings</h1>
          <p className="mt-1 text-slate-600">
            {user.name || user.email} · {PLAN_LABELS[user.plan]} plan ·{' '}
            <Link href="/dashboard" className="font-semibold text-brand-700 underline">
              Back to the vault
            </Link>
          </p>
        </header>
        <EmailSection email={user.email} />
        <PasswordSection />
        <Section
          title="Your plan"
          description={
            subscriber
              ? canceling && user.cancelAt
                ? `Canceled: your plan ends on ${formatShortDate(user.cancelAt)}.`
                : user.currentPeriodEnd
                  ? `Renews on ${formatShortDate(user.currentPeriodEnd)}.`
                  : undefined
              : 'You are on the Free plan.'
          }
        >
          {subscriber ? (
            <div className="space-y-3">
              <SubscriptionCard user={user} />
              {canceling && <ResumeButton />}
            </div>
          ) : (
            <Link href="/pricing" className="font-semibold text-brand-700 underline">
              See plans
            </Link>
          )}
        </Section>
        <PaymentsSection />
        {subscriber && <ApiKeysSection />}
        <DeleteSection />
      </div>
    </div>
  );
}

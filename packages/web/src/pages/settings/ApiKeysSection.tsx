/** API keys on the settings page: create (shown once), webhook URL, last use, revoke, delivery log. */
import { type ApiKeyInfo, ROUTES } from '@statemint/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callApi } from '../../api/client';
import { ApiError, formError } from '../../api/errors';
import { Link } from '../../app/router';
import { toast } from '../../components/toast';
import { Button, ConfirmDialog, Field, Spinner } from '../../components/ui';
import { formatRelativeTime } from '../../lib/format';
import { Section } from './SettingsPage';

const KEYS = ['/api/keys'];

const failed = (title: string, e: unknown) =>
  toast({
    title,
    description: e instanceof ApiError ? (e.serverMessage ?? e.message) : 'Please try again.',
    variant: 'error',
  });

function Deliveries({ apiKey }: { apiKey: ApiKeyInfo }) {
  const log = useQuery({
    queryKey: ['/api/keys', apiKey.id, 'deliveries'],
    queryFn: () => callApi(ROUTES.webhookDeliveries, { params: { id: apiKey.id } }),
  });
  if (log.isPending) return <Spinner label="Loading deliveries" />;
  if (!log.data?.length) return <p className="text-sm text-slate-600">No webhook deliveries yet.</p>;
  return (
    <table className="w-full text-left text-xs" aria-label={`Webhook deliveries of ${apiKey.name}`}>
      <thead className="text-slate-500">
        <tr>
          <th className="py-1 font-medium">Event</th>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1 font-medium">Attempts</th>
          <th className="py-1 font-medium">Last answer</th>
          <th className="py-1 font-medium">When</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id} className="border-t border-slate-100">
            <td className="py-1">{d.eventType}</td>
            <td className="py-1">{d.status}</td>
            <td className="py-1">{d.attempts}</td>
            <td className="py-1">{d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : '-')}</td>
            <td className="py-1">{formatRelativeTime(d.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyInfo }) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => callApi(ROUTES.revokeApiKey, { params: { id: apiKey.id } }),
    onSuccess: () => {
      toast({ title: 'API Key Revoked', description: `${apiKey.name} no longer works.`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (e) => failed('Revoke Failed', e),
  });
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="py-3" data-testid="api-key">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">
            {apiKey.name} <code className="ml-1 rounded bg-slate-100 px-1.5 text-xs">{apiKey.prefix}…</code>
            {revoked && <span className="ml-2 text-xs font-semibold text-red-700">Revoked</span>}
          </p>
          <p className="text-xs text-slate-500">
            Created {formatRelativeTime(apiKey.createdAt)} · Last used{' '}
            {apiKey.lastUsedAt ? formatRelativeTime(apiKey.lastUsedAt) : 'never'}
            {apiKey.webhookUrl && <> · Webhook {apiKey.webhookUrl}</>}
          </p>
        </div>
        <div className="flex gap-2">
          {apiKey.webhookUrl && (
            <Button size="sm" variant="ghost" onClick={() => setShowLog((v) => !v)}>
              {showLog ? 'Hide Deliveries' : 'Deliveries'}
            </Button>
          )}
          {!revoked && (
            <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => setConfirming(true)}>
              Revoke
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke ${apiKey.name}?`}
        description={`Programs using ${apiKey.name} (${apiKey.prefix}…) stop working at once. This cannot be undone.`}
        confirmLabel="Revoke Key"
        cancelLabel="Keep It"
        danger
        onConfirm={() => revoke.mutate()}
      />
      {showLog && (
        <div className="mt-2">
          <Deliveries apiKey={apiKey} />
        </div>
      )}
    </li>
  );
}

export function ApiKeysSection() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => callApi(ROUTES.listApiKeys) });
  const [form, setForm] = useState({ name: '', webhookUrl: '', password: '' });
  const [shown, setShown] = useState<{ key: string; webhookSecret: string | null } | null>(null);
  /** The last answer's error, under its field (name, webhook URL, password) or above the button. */
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  const create = useMutation({
    mutationFn: () =>
      callApi(ROUTES.createApiKey, {
        body: {
          name: form.name,
          password: form.password,
          ...(form.webhookUrl.trim() ? { webhookUrl: form.webhookUrl.trim() } : {}),
        },
      }),
    onSuccess: (res) => {
      setError(null);
      setShown({ key: res.key, webhookSecret: res.webhookSecret });
      setForm({ name: '', webhookUrl: '', password: '' });
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (e) => setError(formError(e, ['name', 'webhookUrl', 'password'])),
  });
  return (
    <Section
      title="API keys"
      description="Convert statements from your own software: send a key as Authorization: Bearer sm_live_… to the conversion and file endpoints."
    >
      <p className="mb-4 text-sm">
        <Link href="/docs/api" className="font-semibold text-brand-700 underline">
          API reference with curl, Python and JavaScript examples
        </Link>
      </p>
      {shown && (
        <div role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">Copy your new key now: it is shown only once.</p>
          <code data-testid="new-api-key" className="mt-1 block break-all rounded bg-white px-2 py-1">
            {shown.key}
          </code>
          {shown.webhookSecret && (
            <>
              <p className="mt-2 font-semibold">Webhook signing secret (also shown once):</p>
              <code data-testid="new-webhook-secret" className="mt-1 block break-all rounded bg-white px-2 py-1">
                {shown.webhookSecret}
              </code>
            </>
          )}
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => setShown(null)}>
            I Have Copied It
          </Button>
        </div>
      )}
      <form
        aria-label="Create API key"
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field
          label="Key name"
          value={form.name}
          placeholder="Bookkeeping sync"
          error={errorOf('name')}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label="Webhook URL (optional)"
          type="url"
          value={form.webhookUrl}
          placeholder="https://example.com/hooks/statemint"
          error={errorOf('webhookUrl')}
          onChange={(e) => setForm({ ...form, webhookUrl: e.target.value })}
        />
        <Field
          label="Your password, to confirm"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          error={errorOf('password')}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        <Button type="submit" disabled={create.isPending || !form.name.trim() || !form.password}>
          Create API Key
        </Button>
        {error && error.field === null && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-4">
            {error.message}
          </p>
        )}
      </form>
      {keys.isPending ? (
        <Spinner label="Loading API keys" />
      ) : keys.data?.length ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {keys.data.map((k) => (
            <KeyRow key={k.id} apiKey={k} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No API keys yet.</p>
      )}
    </Section>
  );
}

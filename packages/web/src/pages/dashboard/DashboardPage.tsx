/** SPEC §2 dashboard: the Secure Document Vault. */

import * as Tabs from '@radix-ui/react-tabs';
import {
  isSubscriptionPlan,
  LIMITS,
  PLAN_LABELS,
  PLAN_LIMITS,
  PRODUCT_NAME,
  ROUTES,
  usesFreeTrial,
} from '@statemint/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import { ApiError } from '../../api/errors';
import { WIDE } from '../../app/layout';
import { useModals } from '../../app/modals';
import { Link, navigate } from '../../app/router';
import { useSession } from '../../app/session';
import { toast } from '../../components/toast';
import { Banner, Button, buttonClass, Spinner } from '../../components/ui';
import { actionFailure, dashboardFailure, SUCCESS } from '../../lib/messages';
import { StatCards } from './StatCards';
import { SubscriptionCard } from './SubscriptionCard';
import { UploadTab } from './UploadTab';
import { VaultFiles } from './VaultFiles';

export default function DashboardPage() {
  const { token, user: sessionUser, logout, setUser } = useSession();
  const { openCheckout } = useModals();
  const [tab, setTab] = useState('files');

  const query = useQuery({
    queryKey: ['/api/dashboard'],
    enabled: token !== null,
    refetchInterval: LIMITS.dashboardRefetchMs,
    staleTime: LIMITS.dashboardStaleMs,
    retry: (count, e) => !(e instanceof ApiError && e.isAuthError) && count < LIMITS.dashboardRetries,
    queryFn: () => callApi(ROUTES.dashboard),
  });

  // SPEC §4: no session, no dashboard; a 401/403 ends the session.
  useEffect(() => {
    if (!token || !sessionUser) navigate('/', { replace: true });
  }, [token, sessionUser]);
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.isAuthError) {
      toast({ title: 'Session expired', description: 'Please sign in again.', variant: 'error' });
      logout();
    }
  }, [query.error, logout]);

  // Keep the stored user in step with the server's copy (plan changes, verification).
  const serverUser = query.data?.user;
  useEffect(() => {
    if (serverUser && sessionUser && JSON.stringify({ ...sessionUser, ...serverUser }) !== JSON.stringify(sessionUser))
      setUser({ ...sessionUser, ...serverUser });
  }, [serverUser, sessionUser, setUser]);

  const resend = useMutation({
    mutationFn: () => callApi(ROUTES.sendVerification),
    onSuccess: () => toast(SUCCESS.verificationSent),
    onError: (e) => toast(actionFailure('sendVerification', e)),
  });

  if (!token || !sessionUser) return null;
  if (query.isPending)
    return (
      <div className="grid min-h-[50vh] place-items-center">
        <Spinner label="Loading dashboard" />
      </div>
    );
  if (query.error)
    return (
      <section className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p role="alert" className="mt-3 text-slate-600">
          {dashboardFailure(query.error)}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => query.refetch()}>Retry Loading</Button>
          <Link href="/" className={buttonClass('secondary')}>
            Return to Home
          </Link>
        </div>
      </section>
    );

  const data = query.data;
  const user = { ...sessionUser, ...data.user };
  const subscriber = isSubscriptionPlan(user.plan);
  return (
    <div className="bg-slate-50">
      <div className={`mx-auto space-y-6 px-4 py-8 sm:py-10 ${WIDE}`}>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-brand-700">{PRODUCT_NAME}</p>
            <h1 className="text-3xl font-extrabold tracking-tight">Secure Document Vault</h1>
            <p className="mt-1 text-slate-600">
              Welcome back, {user.name || user.email}{' '}
              <span
                className="ml-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100"
                data-testid="plan-label"
              >
                {PLAN_LABELS[user.plan]} plan
              </span>
            </p>
          </div>
          <Button variant="secondary" onClick={() => logout()}>
            Sign Out
          </Button>
        </header>

        {!user.emailVerified && (
          <Banner tone="warning" title="Please verify your email address">
            <p>We sent a verification link to {user.email}.</p>
            <Button
              size="sm"
              variant="secondary"
              className="mt-2"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              Resend Email
            </Button>
          </Banner>
        )}

        {usesFreeTrial(user.plan) && (
          <Banner title="You are on the Free plan">
            <ul className="list-disc pl-5">
              <li>1 free conversion every {LIMITS.freeTrialWindowHours} hours</li>
              <li>Files deleted after {LIMITS.anonymousFileLifeHours} hour; no vault storage</li>
              <li>No restores from the archive</li>
            </ul>
            <p className="mt-2">
              Pro gives you {PLAN_LIMITS.pro.uploads} files a month and {LIMITS.defaultRetentionDays} days of secure
              storage.
            </p>
            <Button size="sm" className="mt-3" onClick={() => openCheckout({ kind: 'pro' })}>
              Upgrade to Pro
            </Button>
          </Banner>
        )}

        <StatCards data={data} />

        {subscriber && <SubscriptionCard user={user} />}

        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List aria-label="Vault" className="inline-flex rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-200">
            {[
              ['files', 'My Files'],
              ['upload', 'Upload'],
            ].map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value ?? ''}
                className="rounded-md px-4 py-1.5 text-sm font-semibold text-slate-600 data-[state=active]:bg-brand-600 data-[state=active]:text-white"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="files" className="mt-4 outline-none">
            <VaultFiles
              dashboard={data}
              dashboardUpdatedAt={query.dataUpdatedAt}
              onUploadFirst={() => setTab('upload')}
            />
          </Tabs.Content>
          <Tabs.Content value="upload" className="mt-4 outline-none">
            <UploadTab />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}

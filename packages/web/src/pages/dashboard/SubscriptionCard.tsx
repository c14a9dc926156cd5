/** Subscription card: plan, Cancel Subscription (confirm), auto-delete toggle, retention dropdown when on. */

import * as Select from '@radix-ui/react-select';
import * as Switch from '@radix-ui/react-switch';
import type { ApiUser } from '@statemint/shared';
import { formatPrice, LIMITS, PLAN_LIMITS, PRICES_CENTS, ROUTES } from '@statemint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callApi } from '../../api/client';
import { useSession } from '../../app/session';
import { toast } from '../../components/toast';
import { Button, ConfirmDialog } from '../../components/ui';
import { formatShortDate } from '../../lib/format';
import { actionFailure, SUCCESS } from '../../lib/messages';

export function SubscriptionCard({ user }: { user: ApiUser }) {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  const switchId = useId();
  const selectId = useId();
  const business = user.plan === 'business';
  const price = business ? PRICES_CENTS.business : PRICES_CENTS.pro;
  const limits = PLAN_LIMITS[user.plan];

  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useMutation({
    mutationFn: () => callApi(ROUTES.cancelSubscription),
    onSuccess: (res) => {
      toast(SUCCESS.cancel(formatShortDate(res.cancelAt)));
      setUser({ ...user, subscriptionStatus: 'canceling', cancelAt: res.cancelAt });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
    },
    onError: (e) => toast(actionFailure('cancel', e)),
  });

  const retention = useMutation({
    mutationFn: (body: { autoDeleteEnabled?: boolean; fileRetentionDays?: number }) =>
      callApi(ROUTES.updateRetention, { body }),
    onSuccess: (res) => {
      toast(SUCCESS.retention);
      setUser({ ...user, ...res });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
    },
    onError: (e) => toast(actionFailure('retention', e)),
  });

  const canceling = user.subscriptionStatus === 'canceling' || (user.cancelAt ?? null) !== null;
  return (
    <section aria-label="Subscription" className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold">{business ? 'Business' : 'Pro Monthly'}</h2>
          <p className="text-sm text-slate-600">
            {formatPrice(price)} per month · {limits.uploads.toLocaleString('en-US')} files per month
          </p>
          {canceling && user.cancelAt && (
            <p className="mt-1 text-sm font-medium text-amber-700">
              Canceled: access until {formatShortDate(user.cancelAt)}
            </p>
          )}
        </div>
        {!canceling && (
          <Button variant="danger" size="sm" disabled={cancel.isPending} onClick={() => setConfirmCancel(true)}>
            Cancel Subscription
          </Button>
        )}
        <ConfirmDialog
          open={confirmCancel}
          onOpenChange={setConfirmCancel}
          title="Cancel your subscription?"
          description="Are you sure you want to cancel your subscription? You will keep access until the end of your billing period."
          confirmLabel="Cancel Subscription"
          cancelLabel="Keep Subscription"
          onConfirm={() => cancel.mutate()}
          danger
        />
      </div>
      <div className="mt-5 flex flex-col gap-4 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Switch.Root
            id={switchId}
            checked={user.autoDeleteEnabled}
            disabled={retention.isPending}
            onCheckedChange={(checked) => retention.mutate({ autoDeleteEnabled: checked })}
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          <label htmlFor={switchId} className="text-sm font-medium">
            Auto-delete files
          </label>
        </div>
        {user.autoDeleteEnabled && (
          <div className="flex items-center gap-3">
            <label htmlFor={selectId} className="text-sm text-slate-600">
              Delete after
            </label>
            <Select.Root
              value={String(user.fileRetentionDays || LIMITS.defaultRetentionDays)}
              onValueChange={(v) => retention.mutate({ fileRetentionDays: Number(v) })}
            >
              <Select.Trigger
                id={selectId}
                aria-label="Retention period"
                className="inline-flex min-w-28 items-center justify-between gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
              >
                <Select.Value />
                <Select.Icon aria-hidden>▾</Select.Icon>
              </Select.Trigger>
              <Select.Portal>
                <Select.Content
                  position="popper"
                  sideOffset={4}
                  className="z-50 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
                >
                  <Select.Viewport>
                    {LIMITS.retentionChoices.map((d) => (
                      <Select.Item
                        key={d}
                        value={String(d)}
                        className="cursor-pointer rounded-md px-3 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
                      >
                        <Select.ItemText>
                          {d} {d === 1 ? 'day' : 'days'}
                        </Select.ItemText>
                      </Select.Item>
                    ))}
                  </Select.Viewport>
                </Select.Content>
              </Select.Portal>
            </Select.Root>
          </div>
        )}
      </div>
    </section>
  );
}

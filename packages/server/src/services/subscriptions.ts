/** Subscription lifecycle on our side: activation after payment, cancel at period end, provider events. */
import { AppError, type CancelSubscriptionResponse, isSubscriptionPlan } from '@statemint/shared';
import type { AppContext } from '../context';
import type { SubscriptionState } from '../payments/provider';
import { recordRenewal } from './receipts';
import { type UserRow, userPlan } from './users';

/**
 * Applies time to the subscription: a canceled subscription past its end drops to free;
 * a test-mode subscription past its period renews (the test processor "charges" again).
 * Returns the current row. (Here, not in the users repository: a renewal records a payment and
 * sends its receipt, and the receipts read users.)
 */
export async function refreshSubscription(ctx: AppContext, row: UserRow): Promise<UserRow> {
  const now = ctx.clock.now();
  if (row.subscription_status === 'canceling' && row.cancel_at !== null && row.cancel_at <= now) {
    await ctx.repos.users.endCanceledSubscription(row, now);
    return { ...row, plan: 'free', subscription_status: 'canceled', current_period_end: null, updated_at: now };
  }
  if (
    ctx.payments.mode === 'test' &&
    row.subscription_status === 'active' &&
    row.current_period_end !== null &&
    row.current_period_end <= now
  ) {
    let end = row.current_period_end;
    const period = 30 * 24 * 3600_000;
    const renewals: number[] = [];
    while (end <= now) {
      renewals.push(end);
      end += period;
    }
    if (await ctx.repos.users.advancePeriodEnd(row.id, row.current_period_end, end, now)) {
      const account = {
        userId: row.id,
        email: row.email,
        type: row.plan === 'business' ? ('business' as const) : ('pro' as const),
        subscriptionId: row.subscription_id,
        customerId: row.provider_customer_id,
      };
      for (const paidAt of renewals) await recordRenewal(ctx, account, { paidAt });
    }
    return { ...row, current_period_end: end, updated_at: now };
  }
  return row;
}

export async function cancelSubscription(ctx: AppContext, user: UserRow): Promise<CancelSubscriptionResponse> {
  if (!isSubscriptionPlan(userPlan(user)) || !user.subscription_id || user.current_period_end === null)
    throw new AppError('SUBSCRIPTION_REQUIRED', 'You do not have an active subscription to cancel.');
  let cancelAt = user.cancel_at;
  if (user.subscription_status !== 'canceling' || cancelAt === null) {
    const state = await ctx.payments.cancelAtPeriodEnd(user.subscription_id, user.current_period_end);
    cancelAt = state.cancelAt ?? state.currentPeriodEnd;
    await ctx.repos.users.setSubscription(
      { userId: user.id },
      { subscription_status: 'canceling', cancel_at: cancelAt, current_period_end: state.currentPeriodEnd },
    );
  }
  const until = new Date(cancelAt).toISOString();
  return {
    cancelAt: until,
    message: `Your subscription has been canceled. You keep access until ${until.slice(0, 10)}.`,
  };
}

/** Provider says the subscription changed (renewed, canceled at period end, reactivated). */
export async function applySubscriptionState(
  ctx: AppContext,
  subscriptionId: string,
  state: SubscriptionState,
  providerStatus: string,
): Promise<void> {
  const status = state.cancelAt !== null ? 'canceling' : providerStatus === 'active' ? 'active' : null;
  if (!status) return;
  await ctx.repos.users.setSubscription(
    { subscriptionId },
    { subscription_status: status, current_period_end: state.currentPeriodEnd, cancel_at: state.cancelAt },
  );
}

/** Provider says the subscription ended: back to free. */
export async function endSubscription(ctx: AppContext, subscriptionId: string): Promise<void> {
  await ctx.repos.users.setSubscription(
    { subscriptionId },
    { plan: 'free', subscription_status: 'canceled', current_period_end: null },
  );
}

/** Takes back a cancellation before the paid period ends: the subscription renews again. */
export async function resumeSubscription(ctx: AppContext, user: UserRow): Promise<{ message: string }> {
  const now = ctx.clock.now();
  if (
    !isSubscriptionPlan(userPlan(user)) ||
    !user.subscription_id ||
    user.current_period_end === null ||
    user.subscription_status !== 'canceling' ||
    (user.cancel_at !== null && user.cancel_at <= now)
  )
    throw new AppError('SUBSCRIPTION_REQUIRED', 'There is no canceled subscription to resume.');
  const state = await ctx.payments.resume(user.subscription_id, user.current_period_end);
  await ctx.repos.users.setSubscription(
    { userId: user.id },
    { subscription_status: 'active', cancel_at: null, current_period_end: state.currentPeriodEnd },
  );
  const renews = new Date(state.currentPeriodEnd).toISOString().slice(0, 10);
  return { message: `Your subscription has been resumed. It renews on ${renews}.` };
}

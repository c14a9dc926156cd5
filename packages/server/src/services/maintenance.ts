/**
 * Housekeeping of account data, run at start and every hour: ended sessions, spent or
 * expired verification links, the password hashes of checkout sign-ups never paid, and
 * webhook delivery logs older than 30 days.
 */
import type { AppContext } from '../context';
import { pruneLinks } from './email-links';
import { sendPendingReceipts } from './receipts';

const DAY = 24 * 3600_000;
export const MAINTENANCE_INTERVAL_MS = 3600_000;
/** How long a webhook delivery stays in its key's log (issue 29, N8). */
export const WEBHOOK_DELIVERY_DAYS = 30;

export async function pruneAccountData(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  // Receipts not sent yet: a failed send, or a pay-as-you-go payment no conversion used in its hour.
  await sendPendingReceipts(ctx);
  await ctx.repos.users.pruneSessions(DAY);
  // Spent or expired e-mailed links of every kind (verification, reset, e-mail change, login).
  await pruneLinks(ctx, DAY);
  // Idempotency keys of uploads are kept a day.
  await ctx.repos.idempotency.prune(now - DAY);
  await ctx.repos.apiKeys.pruneDeliveries(now - WEBHOOK_DELIVERY_DAYS * DAY);
  // A checkout sign-up that was never paid keeps no password hash beyond a day.
  await ctx.repos.payments.forgetUnpaidSignups(now - DAY);
}

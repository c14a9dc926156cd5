/**
 * Receipts: every successful payment sends one e-mail (amount, what it bought, date, the card's
 * last four digits where known), once. Subscriptions and renewals are receipted when paid; a
 * pay-as-you-go payment when the file it paid for is converted (with a link to the result), or,
 * when no conversion used it within the hour, without one. The payments stay listed on the
 * settings page (GET /api/account/payments) and outlive a deleted account.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccountPayment,
  CURRENCY,
  formatPrice,
  LIMITS,
  type PaymentType,
  PLAN_LABELS,
  PRICES_CENTS,
  PRODUCT_NAME,
} from '@statemint/shared';
import type { AppContext } from '../context';
import type { PaymentRow } from './payments';
import { findUserById } from './users';

/** What a payment bought, in words. */
export function paymentDescription(type: string): string {
  if (type === 'payasyougo') return 'One file conversion (pay-as-you-go)';
  if (type === 'pro' || type === 'business') return `${PLAN_LABELS[type]} plan, monthly subscription`;
  return 'Payment';
}

export function toAccountPayment(row: PaymentRow): AccountPayment {
  return {
    id: row.id,
    type: row.type as PaymentType,
    description: paymentDescription(row.type),
    amount: row.amount,
    currency: CURRENCY,
    paidAt: new Date(row.confirmed_at ?? row.created_at).toISOString(),
    cardLast4: row.card_last4,
    receiptSent: row.receipt_sent_at !== null,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface ReceiptResult {
  /** Link to the converted file (pay-as-you-go). */
  url: string;
  fileName: string;
  /** Epoch ms the link stops working. */
  until: number | null;
}

/**
 * Sends the receipt of a succeeded payment unless it went out already. The row is claimed first
 * (receipt_sent_at), so two callers never send two; a failed send gives the claim back.
 */
export async function sendReceipt(ctx: AppContext, paymentId: string, result?: ReceiptResult): Promise<boolean> {
  const now = ctx.clock.now();
  const claimed = await ctx.db
    .updateTable('payments')
    .set({ receipt_sent_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .where('receipt_sent_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
  const user = payment.user_id ? await findUserById(ctx, payment.user_id) : undefined;
  const to = user?.email ?? payment.email;
  if (!to) return false;
  const paidAt = new Date(payment.confirmed_at ?? payment.created_at);
  const date = `${paidAt.toISOString().slice(0, 10)} ${paidAt.toISOString().slice(11, 16)} UTC`;
  const lines: Array<[string, string]> = [
    ['Amount', `${formatPrice(payment.amount)} ${CURRENCY}`],
    ['For', paymentDescription(payment.type) + (result ? `: ${result.fileName}` : '')],
    ['Date', date],
    ...(payment.card_last4 ? ([['Paid with', `card ending in ${payment.card_last4}`]] as Array<[string, string]>) : []),
    ['Receipt number', payment.id],
  ];
  const until = result?.until ? ` (available until ${new Date(result.until).toISOString().slice(11, 16)} UTC)` : '';
  const resultText = result
    ? `\nYour converted file: ${result.url}${until}\nFiles paid per file are deleted ${LIMITS.anonymousFileLifeHours} hour after upload.\n`
    : '';
  const resultHtml = result
    ? `<p><a href="${escapeHtml(result.url)}">Download your converted file</a>${escapeHtml(until)}. Files paid per file are deleted ${LIMITS.anonymousFileLifeHours} hour after upload.</p>`
    : '';
  const greeting = user?.name ? `Hello ${user.name},` : 'Hello,';
  try {
    await ctx.mailer.send({
      to,
      subject: `Your ${PRODUCT_NAME} receipt: ${formatPrice(payment.amount)}`,
      text: `${greeting}\n\nThank you for your payment. This is your receipt.\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n${resultText}\nPayments are listed on your account's settings page.\n\n${PRODUCT_NAME}\n`,
      html: `<p>${escapeHtml(greeting)}</p><p>Thank you for your payment. This is your receipt.</p><table>${lines
        .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table>${resultHtml}<p>${PRODUCT_NAME}</p>`,
    });
  } catch (err) {
    await ctx.db.updateTable('payments').set({ receipt_sent_at: null }).where('id', '=', paymentId).execute();
    ctx.log.error({ err, paymentId }, 'receipt e-mail failed');
    return false;
  }
  return true;
}

/** Pay-as-you-go payments that no conversion used within the hour get their receipt without a link. */
export const UNUSED_RECEIPT_AFTER_MS = LIMITS.anonymousFileLifeHours * 3600_000;

export async function sendPendingReceipts(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'succeeded')
    .where('receipt_sent_at', 'is', null)
    .where((eb) => eb.or([eb('type', '!=', 'payasyougo'), eb('confirmed_at', '<', now - UNUSED_RECEIPT_AFTER_MS)]))
    .limit(500)
    .execute();
  let sent = 0;
  for (const row of rows) if (await sendReceipt(ctx, row.id)) sent += 1;
  return sent;
}

/**
 * A renewal the processor charged (the test-mode provider renews on its own when a period ends;
 * Stripe says so with invoice.paid): a succeeded payment row like the first one, receipted.
 * `key` names the charge (Stripe: the invoice id), so a retried webhook records it once; the card
 * is the one the processor names, else the one the account paid with last.
 */
export async function recordRenewal(
  ctx: AppContext,
  account: {
    userId: string | null;
    email: string | null;
    type: 'pro' | 'business';
    subscriptionId: string | null;
    customerId: string | null;
  },
  charge: { paidAt: number; key?: string; amount?: number; cardLast4?: string | null },
): Promise<void> {
  const last = account.userId
    ? await ctx.db
        .selectFrom('payments')
        .select('card_last4')
        .where('user_id', '=', account.userId)
        .where('status', '=', 'succeeded')
        .where('card_last4', 'is not', null)
        .orderBy('confirmed_at', 'desc')
        .executeTakeFirst()
    : undefined;
  const intentId = charge.key ?? `renewal_${randomBytes(12).toString('hex')}`;
  await ctx.db
    .insertInto('payments')
    .values({
      id: randomUUID(),
      intent_id: intentId,
      provider: ctx.payments.mode,
      type: account.type,
      amount: charge.amount ?? PRICES_CENTS[account.type],
      email: account.email,
      user_id: account.userId,
      status: 'succeeded',
      subscription_id: account.subscriptionId,
      provider_customer_id: account.customerId,
      pending_name: null,
      pending_password_hash: null,
      file_id: null,
      consumed_at: null,
      confirmed_at: charge.paidAt,
      created_at: charge.paidAt,
      card_last4: charge.cardLast4 ?? last?.card_last4 ?? null,
      receipt_sent_at: null,
    })
    .onConflict((oc) => oc.column('intent_id').doNothing())
    .execute();
  // Recorded now or by an earlier delivery of the same event: sendReceipt sends at most once.
  const row = await ctx.db.selectFrom('payments').select('id').where('intent_id', '=', intentId).executeTakeFirst();
  if (row) await sendReceipt(ctx, row.id);
}

/**
 * Receipts: every successful payment sends one e-mail (amount, what it bought, date, the card's
 * last four digits where known), once, when it is paid. A pay-as-you-go receipt links to the
 * upload page holding its unused conversions (issue 27: the credit is kept until used, so a
 * reload or a closed tab loses nothing); each file it paid for is e-mailed again when converted,
 * with a link to the result (sendPaidResult). The payments stay listed on the settings page
 * (GET /api/account/payments) and outlive a deleted account.
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
import type { PaymentRow } from './payments-repository';

/** What a payment bought, in words. */
export function paymentDescription(type: string, files = 1): string {
  if (type === 'payasyougo')
    return files === 1 ? 'One file conversion (pay-as-you-go)' : `${files} file conversions (pay-as-you-go)`;
  if (type === 'pro' || type === 'business') return `${PLAN_LABELS[type]} plan, monthly subscription`;
  return 'Payment';
}

/** The settings page's past payments of an account (succeeded ones, newest first, at most 500). */
export async function listAccountPayments(ctx: AppContext, userId: string): Promise<AccountPayment[]> {
  return (await ctx.repos.payments.succeededOf(userId)).map(toAccountPayment);
}

export function toAccountPayment(row: PaymentRow): AccountPayment {
  return {
    id: row.id,
    type: row.type as PaymentType,
    description: paymentDescription(row.type, row.files),
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

/**
 * Where a pay-as-you-go payment's conversions are used: the upload page, which takes the payment
 * from its query (SPEC §2's ?payment=…&mode=payasyougo) and the e-mail from the fragment (never
 * sent to a server or in a Referer).
 */
export function creditUrl(ctx: AppContext, payment: Pick<PaymentRow, 'intent_id' | 'email'>): string {
  const fragment = payment.email ? `#email=${encodeURIComponent(payment.email)}` : '';
  return `${ctx.config.publicUrl}/upload?payment=${encodeURIComponent(payment.intent_id)}&mode=payasyougo${fragment}`;
}

/**
 * Sends the receipt of a succeeded payment unless it went out already. The row is claimed first
 * (receipt_sent_at), so two callers never send two; a failed send gives the claim back.
 */
export async function sendReceipt(ctx: AppContext, paymentId: string): Promise<boolean> {
  if (!(await ctx.repos.payments.claimReceipt(paymentId))) return false;
  const payment = await ctx.repos.payments.find(paymentId);
  if (!payment) return false;
  const user = payment.user_id ? await ctx.repos.users.find(payment.user_id) : undefined;
  const to = user?.email ?? payment.email;
  if (!to) return false;
  const paidAt = new Date(payment.confirmed_at ?? payment.created_at);
  const date = `${paidAt.toISOString().slice(0, 10)} ${paidAt.toISOString().slice(11, 16)} UTC`;
  const lines: Array<[string, string]> = [
    ['Amount', `${formatPrice(payment.amount)} ${CURRENCY}`],
    ['For', paymentDescription(payment.type, payment.files)],
    ['Date', date],
    ...(payment.card_last4 ? ([['Paid with', `card ending in ${payment.card_last4}`]] as Array<[string, string]>) : []),
    ['Receipt number', payment.id],
  ];
  // A pay-as-you-go payment is a credit kept until used: the receipt says where to use it.
  const credit = payment.type === 'payasyougo' ? creditUrl(ctx, payment) : null;
  const what = payment.files === 1 ? 'your file' : `your ${payment.files} files`;
  const resultText = credit
    ? `\nConvert ${what}: ${credit}\nThe payment is kept until it is used, on any device. Files paid per file are deleted ${LIMITS.anonymousFileLifeHours} hour after upload; each converted file is e-mailed to you with a link to it.\n`
    : '';
  const resultHtml = credit
    ? `<p><a href="${escapeHtml(credit)}">Convert ${escapeHtml(what)}</a>. The payment is kept until it is used, on any device. Files paid per file are deleted ${LIMITS.anonymousFileLifeHours} hour after upload; each converted file is e-mailed to you with a link to it.</p>`
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
    await ctx.repos.payments.releaseReceiptClaim(paymentId);
    ctx.log.error({ err, paymentId }, 'receipt e-mail failed');
    return false;
  }
  return true;
}

export interface PaidResult {
  /** Link to the converted file. */
  url: string;
  fileName: string;
  /** Epoch ms the link stops working. */
  until: number | null;
}

/** A file a pay-as-you-go payment paid for is converted: its payer gets the link to the result. */
export async function sendPaidResult(ctx: AppContext, paymentId: string, result: PaidResult): Promise<void> {
  const payment = await ctx.repos.payments.find(paymentId);
  if (!payment?.email) return;
  const until = result.until ? ` (available until ${new Date(result.until).toISOString().slice(11, 16)} UTC)` : '';
  const note = `Files paid per file are deleted ${LIMITS.anonymousFileLifeHours} hour after upload.`;
  try {
    await ctx.mailer.send({
      to: payment.email,
      subject: `Your ${PRODUCT_NAME} conversion is ready: ${result.fileName}`,
      text: `Hello,\n\n${result.fileName} is converted (paid with receipt ${payment.id}).\n\nYour converted file: ${result.url}${until}\n${note}\n\n${PRODUCT_NAME}\n`,
      html: `<p>Hello,</p><p>${escapeHtml(result.fileName)} is converted (paid with receipt ${escapeHtml(payment.id)}).</p><p><a href="${escapeHtml(result.url)}">Download your converted file</a>${escapeHtml(until)}. ${escapeHtml(note)}</p><p>${PRODUCT_NAME}</p>`,
    });
  } catch (err) {
    ctx.log.error({ err, paymentId }, 'converted-file e-mail failed');
  }
}

/** Receipts whose sending failed (the mail server was down) go out with the hourly housekeeping. */
export async function sendPendingReceipts(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (const id of await ctx.repos.payments.unreceipted()) if (await sendReceipt(ctx, id)) sent += 1;
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
  const lastCard = account.userId ? await ctx.repos.payments.lastCardOf(account.userId) : null;
  const intentId = charge.key ?? `renewal_${randomBytes(12).toString('hex')}`;
  // Recorded now or by an earlier delivery of the same event: sendReceipt sends at most once.
  const id = await ctx.repos.payments.recordChargeOnce({
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
    confirmed_at: charge.paidAt,
    files: 1,
    created_at: charge.paidAt,
    card_last4: charge.cardLast4 ?? lastCard,
    receipt_sent_at: null,
  });
  if (id) await sendReceipt(ctx, id);
}

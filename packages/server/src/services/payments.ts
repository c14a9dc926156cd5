/**
 * Our payment ledger (payments table) over the provider: creating intents, confirming them
 * exactly once (browser confirm and webhook share fulfilPayment), and the pay-per-file credits
 * (payment_credits: one conversion each, bound to the payment and its e-mail) that the paid
 * upload takes; they keep until used (issue 27: no lost money).
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type ApiUser,
  AppError,
  type ConfirmPaymentResponse,
  type CreatePaymentIntentResponse,
  isSubscriptionPlan,
  LIMITS,
  type PaymentCredit,
  type PaymentType,
  PRODUCT_NAME,
  paymentAmount,
  type RegistrationData,
  TEXTS,
} from '@statemint/shared';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db';
import type { PaymentsTable } from '../db/schema';
import type { WebhookEvent } from '../payments/provider';
import { EMAIL_TAKEN_MESSAGE } from './auth';
import { hashPassword } from './passwords';
import type { PaymentRow, PaymentsRepository } from './payments-repository';
import { recordRenewal, sendReceipt } from './receipts';
import { createSession } from './sessions';
import { newUserRow, normalizeEmail, toApiUser, type UserRow, userPlan } from './users';
import type { UsersRepository } from './users-repository';
import { sendVerificationEmail } from './verification';

export type { PaymentRow } from './payments-repository';

export const SUBSCRIPTION_LOGIN_MESSAGE = TEXTS.subscriptionNeedsLogin;

export interface CreateIntentInput {
  amount: number;
  type: PaymentType;
  fileId?: string;
  email?: string;
  registrationData?: RegistrationData;
  /** Pay-as-you-go: how many files the payment converts (default 1). */
  files?: number;
}

export async function createPaymentIntent(
  ctx: AppContext,
  input: CreateIntentInput,
  user: UserRow | null,
): Promise<CreatePaymentIntentResponse> {
  const files = input.type === 'payasyougo' ? (input.files ?? 1) : 1;
  if (input.type !== 'payasyougo' && input.files !== undefined && input.files !== 1)
    throw new AppError('VALIDATION_FAILED', 'A subscription is bought once, not per file', { field: 'files' });
  if (input.amount !== paymentAmount(input.type, files))
    throw new AppError('VALIDATION_FAILED', 'Amount does not match the price of the selected plan', {
      field: 'amount',
    });
  const now = ctx.clock.now();
  const base = {
    id: randomUUID(),
    amount: input.amount,
    type: input.type,
    created_at: now,
    provider: ctx.payments.mode,
    client_secret_hash: null,
    files,
  };

  if (input.type === 'payasyougo') {
    const email = input.email ?? user?.email;
    if (!email) throw new AppError('VALIDATION_FAILED', TEXTS.paygEmailRequired, { field: 'email' });
    const intent = await ctx.payments.createPayment({
      amount: input.amount,
      email: normalizeEmail(email),
      description: `${PRODUCT_NAME}: ${files === 1 ? 'one file conversion' : `${files} file conversions`}`,
    });
    await ctx.repos.payments.insertPayg(
      {
        ...base,
        intent_id: intent.intentId,
        email: normalizeEmail(email),
        user_id: user?.id ?? null,
        status: 'pending',
        subscription_id: null,
        provider_customer_id: null,
        pending_name: null,
        pending_password_hash: null,
        confirmed_at: null,
        card_last4: null,
        receipt_sent_at: null,
      },
      files,
    );
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.intentId };
  }

  // Subscriptions: a logged-in user, or a checkout sign-up whose account is created on confirmation.
  let email: string;
  let name: string;
  let pendingPasswordHash: string | null = null;
  if (user) {
    refuseSecondSubscription(user, now);
    await closeOpenCheckout(ctx, user.id);
    email = user.email;
    name = user.name;
  } else if (input.registrationData) {
    const reg = input.registrationData;
    if (await ctx.repos.users.findByEmail(reg.email))
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { field: 'registrationData.email' });
    email = normalizeEmail(reg.email);
    name = reg.name.trim();
    pendingPasswordHash = await hashPassword(reg.password);
  } else {
    throw new AppError('UNAUTHORIZED', SUBSCRIPTION_LOGIN_MESSAGE);
  }
  const intent = await ctx.payments.createSubscription({
    plan: input.type,
    amount: input.amount,
    email,
    name,
    customerId: user?.provider_customer_id ?? null,
  });
  await insertOpenCheckout(ctx, {
    ...base,
    intent_id: intent.intentId,
    email,
    user_id: user?.id ?? null,
    status: 'pending',
    subscription_id: intent.subscriptionId ?? null,
    provider_customer_id: intent.customerId ?? null,
    pending_name: pendingPasswordHash ? name : null,
    pending_password_hash: pendingPasswordHash,
    confirmed_at: null,
    card_last4: null,
    receipt_sent_at: null,
    client_secret_hash: pendingPasswordHash ? secretHash(intent.clientSecret) : null,
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.intentId };
}

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription.';
export const CHECKOUT_OPEN_MESSAGE =
  'A subscription payment for this account is already under way. Please wait for it to finish.';
export const SECOND_SUBSCRIPTION_REFUNDED_MESSAGE =
  'You already have an active subscription. This payment has been refunded in full.';

/** A second subscription is never sold: an active one is kept, a canceled one that still runs is resumed. */
function refuseSecondSubscription(user: UserRow, now: number): void {
  if (!isSubscriptionPlan(userPlan(user))) return;
  if (user.subscription_status === 'active')
    throw new AppError('VALIDATION_FAILED', ALREADY_SUBSCRIBED_MESSAGE, { field: 'type' });
  if (user.subscription_status === 'canceling' && user.cancel_at !== null && user.cancel_at > now) {
    const until = new Date(user.cancel_at).toISOString().slice(0, 10);
    throw new AppError(
      'VALIDATION_FAILED',
      `Your subscription is canceled but runs until ${until}. Please resume it in your settings instead of buying it again.`,
      { field: 'type' },
    );
  }
}

/**
 * At most one subscription checkout of an account is open (payments_one_open_checkout). An open
 * one that is being paid refuses a new one; an unpaid one (a closed tab, a second tab) is
 * abandoned: its card step refuses to charge it, and a payment that still reaches it (a browser
 * paying the processor directly) is refunded when another subscription runs by then.
 */
async function closeOpenCheckout(ctx: AppContext, userId: string): Promise<void> {
  const open = await ctx.repos.payments.openCheckoutOf(userId);
  if (!open) return;
  const { status } = await ctx.payments.getIntentStatus(open.intent_id);
  if (status === 'succeeded' || status === 'processing')
    throw new AppError('VALIDATION_FAILED', CHECKOUT_OPEN_MESSAGE, { field: 'type' });
  await ctx.repos.payments.move(open.id, ['pending'], 'abandoned');
}

/** Inserts a subscription checkout; the one of two opened at once that loses the unique index is refused. */
async function insertOpenCheckout(ctx: AppContext, row: Insertable<PaymentsTable>): Promise<void> {
  try {
    await ctx.repos.payments.insert(row);
  } catch (e) {
    if (isUniqueViolation(e) && row.user_id !== null)
      throw new AppError('VALIDATION_FAILED', CHECKOUT_OPEN_MESSAGE, { field: 'type' });
    throw e;
  }
}

const findPayment = (ctx: AppContext, intentId: string) => ctx.repos.payments.findByIntent(intentId);

/**
 * Marks a payment succeeded and grants what it bought, exactly once per intent; the caller
 * has checked with the provider that it succeeded. Returns the account it created, if any.
 */
export const SIGNUP_REFUNDED_MESSAGE =
  'An account with this email was created while you were paying. Your payment has been refunded in full: please log in to that account (or reset its password) instead.';

/**
 * A checkout sign-up whose e-mail got an account meanwhile (a second checkout, a registration):
 * the charge is refunded and the subscription canceled, never kept for nothing.
 */
async function refundTakenSignup(ctx: AppContext, payment: PaymentRow): Promise<{ createdUser: null }> {
  const marked = await ctx.repos.payments.move(payment.id, ['pending'], 'refunded', {
    pending_password_hash: null,
    confirmed_at: ctx.clock.now(),
  });
  if (marked) await ctx.payments.refund({ intentId: payment.intent_id, subscriptionId: payment.subscription_id });
  // A concurrent confirmation of this same payment created the account: nothing to refund.
  else if ((await findPayment(ctx, payment.intent_id))?.status === 'succeeded') return { createdUser: null };
  throw new AppError('EMAIL_TAKEN', SIGNUP_REFUNDED_MESSAGE, { field: 'email' });
}

/**
 * Before the card is charged (the test-mode card step; with Stripe the browser charges and
 * fulfilPayment refunds): a checkout sign-up for an e-mail that has an account by now is refused.
 */
export async function refuseTakenSignupBeforeCharge(ctx: AppContext, intentId: string): Promise<void> {
  const payment = await findPayment(ctx, intentId);
  if (!payment || payment.type === 'payasyougo') return;
  // A checkout another replaced, or one for an account whose subscription runs by now: not charged.
  if (payment.status === 'abandoned') throw new AppError('VALIDATION_FAILED', CHECKOUT_OPEN_MESSAGE, { field: 'type' });
  if (payment.status !== 'pending') return;
  if (payment.user_id) {
    const user = await ctx.repos.users.find(payment.user_id);
    if (user) refuseSecondSubscription(user, ctx.clock.now());
    return;
  }
  if (!payment.pending_password_hash || !payment.email) return;
  if (await ctx.repos.users.findByEmail(payment.email))
    throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { field: 'registrationData.email' });
}

export async function fulfilPayment(
  ctx: AppContext,
  payment: PaymentRow,
  cardLast4: string | null = null,
): Promise<{ createdUser: UserRow | null }> {
  if (payment.status === 'succeeded') return { createdUser: null };
  if (payment.status === 'refunded') throw refundedError(payment);
  if (payment.user_id === null && payment.pending_password_hash && payment.email) {
    if (await ctx.repos.users.findByEmail(payment.email)) return refundTakenSignup(ctx, payment);
  }
  const now = ctx.clock.now();
  const state =
    payment.type !== 'payasyougo' && payment.subscription_id
      ? await ctx.payments.getSubscription(payment.subscription_id, now)
      : null;

  let fulfilled = false;
  let created: string | null;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      const flipped = await ctx.repos.payments.within(trx).move(payment.id, ['pending', 'abandoned'], 'succeeded', {
        confirmed_at: now,
        card_last4: cardLast4,
      });
      if (!flipped) return null;
      fulfilled = true;
      if (payment.type === 'payasyougo' || !state) return null;

      const subscription = {
        plan: payment.type,
        subscription_status: 'active',
        subscription_id: payment.subscription_id,
        provider_customer_id: payment.provider_customer_id,
        current_period_end: state.currentPeriodEnd,
        cancel_at: null,
        auto_delete_enabled: 0,
        file_retention_days: LIMITS.defaultRetentionDays,
        updated_at: now,
      };
      if (payment.user_id) {
        // Compare-and-set: a user whose other subscription is running keeps it, and this payment
        // is refunded below (the transaction, with its flip to succeeded, is rolled back).
        if (
          !(await ctx.repos.users.within(trx).takeSubscription(payment.user_id, payment.subscription_id, subscription))
        )
          throw new SecondSubscription();
        return null;
      }
      if (!payment.pending_password_hash || !payment.email) return null;
      const user = await insertUserIn(ctx.repos.users.within(trx), {
        email: payment.email,
        name: payment.pending_name ?? '',
        passwordHash: payment.pending_password_hash,
        now,
      });
      if (!(await ctx.repos.users.within(trx).takeSubscription(user.id, payment.subscription_id, subscription)))
        throw new SecondSubscription();
      await ctx.repos.payments.within(trx).linkToUser(payment.id, user.id);
      return user.id;
    });
  } catch (e) {
    if (e instanceof SecondSubscription) return refundSecondSubscription(ctx, payment);
    // Two sign-ups for one e-mail confirmed at once: the loser is refunded.
    if (e instanceof AppError && e.code === 'EMAIL_TAKEN' && payment.pending_password_hash)
      return refundTakenSignup(ctx, payment);
    throw e;
  }
  // Receipted at payment; a pay-as-you-go receipt links to where its conversions are used (receipts.ts).
  if (fulfilled) await sendReceipt(ctx, payment.id);
  if (!created) return { createdUser: null };
  const user = await ctx.repos.users.find(created);
  if (user) await sendVerificationEmail(ctx, user);
  return { createdUser: user ?? null };
}

class SecondSubscription extends Error {}

/** True for the error of a payment refunded in full (nothing for a provider's event to retry). */
export function wasRefunded(e: unknown): boolean {
  return (
    e instanceof AppError &&
    (e.code === 'EMAIL_TAKEN' || (e.code === 'VALIDATION_FAILED' && e.message === SECOND_SUBSCRIPTION_REFUNDED_MESSAGE))
  );
}

/** What a refunded payment answers: a checkout sign-up whose e-mail was taken, or a second subscription. */
function refundedError(payment: PaymentRow): AppError {
  return payment.pending_name !== null
    ? new AppError('EMAIL_TAKEN', SIGNUP_REFUNDED_MESSAGE, { field: 'email' })
    : new AppError('VALIDATION_FAILED', SECOND_SUBSCRIPTION_REFUNDED_MESSAGE, { field: 'type' });
}

/** A subscription paid while another of the account runs (another tab, a provider's late event): refunded, never kept. */
async function refundSecondSubscription(ctx: AppContext, payment: PaymentRow): Promise<{ createdUser: null }> {
  const marked = await ctx.repos.payments.move(payment.id, ['pending', 'abandoned'], 'refunded', {
    confirmed_at: ctx.clock.now(),
  });
  if (marked) await ctx.payments.refund({ intentId: payment.intent_id, subscriptionId: payment.subscription_id });
  throw new AppError('VALIDATION_FAILED', SECOND_SUBSCRIPTION_REFUNDED_MESSAGE, { field: 'type' });
}

async function insertUserIn(
  users: UsersRepository,
  input: { email: string; name: string; passwordHash: string; now: number },
): Promise<{ id: string }> {
  const row = newUserRow(input, input.now);
  try {
    await users.insert(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { field: 'email' });
    throw e;
  }
  return { id: row.id };
}

/** Checks with the provider (never trusting the browser) and fulfils once. */
async function confirmWithProvider(ctx: AppContext, payment: PaymentRow): Promise<{ createdUser: UserRow | null }> {
  if (payment.status === 'succeeded') return { createdUser: null };
  if (payment.status === 'refunded') throw refundedError(payment);
  const { status, amount, cardLast4 } = await ctx.payments.getIntentStatus(payment.intent_id);
  if (status !== 'succeeded')
    throw new AppError(
      'PAYMENT_FAILED',
      status === 'processing'
        ? 'Your payment is still processing. Please try again in a moment.'
        : 'Payment has not been completed. Please try again.',
    );
  if (amount !== payment.amount) throw new AppError('PAYMENT_FAILED', 'Payment amount does not match.');
  return fulfilPayment(ctx, payment, cardLast4 ?? null);
}

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Whether a confirmation comes from the browser that paid a checkout sign-up: it holds the
 * intent's client secret (issue 29, L7). Compared by hash, in constant time.
 */
function fromPayingBrowser(payment: PaymentRow, clientSecret: string | undefined): boolean {
  if (!payment.client_secret_hash || !clientSecret) return false;
  const a = Buffer.from(secretHash(clientSecret), 'hex');
  const b = Buffer.from(payment.client_secret_hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function confirmPayment(
  ctx: AppContext,
  intentId: string,
  authUser: UserRow | null,
  clientSecret?: string,
): Promise<ConfirmPaymentResponse> {
  const payment = await findPayment(ctx, intentId);
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
  const type = payment.type as PaymentType;
  // A subscription bought by a logged-in user is confirmed by that user only. A checkout
  // sign-up (pending_name set) has no user to check; its repeat confirmations get no token.
  if (type !== 'payasyougo' && payment.user_id && payment.pending_name === null) {
    if (!authUser) throw new AppError('UNAUTHORIZED', SUBSCRIPTION_LOGIN_MESSAGE);
    if (authUser.id !== payment.user_id) throw new AppError('FORBIDDEN', 'This payment belongs to another account.');
  }
  const { createdUser } = await confirmWithProvider(ctx, payment);
  const response: ConfirmPaymentResponse = { success: true, type, paymentIntentId: intentId };
  // A checkout sign-up's account is logged in only for the browser that paid (it holds the
  // client secret), and only while it has no session yet: the intent id alone logs in no one.
  const signedUp = payment.pending_name !== null && fromPayingBrowser(payment, clientSecret);
  const account = signedUp ? (createdUser ?? (await signUpAccount(ctx, intentId))) : null;
  if (account) {
    response.token = await createSession(ctx, account.id);
    response.user = toApiUser(account);
  } else if (authUser && (type === 'payasyougo' || authUser.id === payment.user_id)) {
    const fresh = await ctx.repos.users.find(authUser.id);
    if (fresh) response.user = toApiUser(fresh) satisfies ApiUser;
  }
  return response;
}

/** The account a checkout sign-up created, while nobody has logged in to it yet. */
async function signUpAccount(ctx: AppContext, intentId: string): Promise<UserRow | null> {
  const paid = await findPayment(ctx, intentId);
  if (!paid?.user_id || paid.status !== 'succeeded') return null;
  return (await ctx.repos.users.hasHadSession(paid.user_id))
    ? null
    : ((await ctx.repos.users.find(paid.user_id)) ?? null);
}

/** A pay-as-you-go payment asked for with its e-mail; PAYMENT_REQUIRED (or `missing`) for any other pair. */
async function findPaygPayment(ctx: AppContext, intentId: string, email: string): Promise<PaymentRow> {
  const payment = await findPayment(ctx, intentId);
  if (payment?.type !== 'payasyougo')
    throw new AppError('PAYMENT_REQUIRED', 'Payment required. Please choose a payment option to continue.');
  if (payment.email !== normalizeEmail(email))
    throw new AppError('PAYMENT_REQUIRED', 'This payment was made with a different email address.', { field: 'email' });
  if (payment.status === 'succeeded') return payment;
  try {
    // The browser may never have called /confirm (a reload mid-payment): ask the processor.
    await confirmWithProvider(ctx, payment);
  } catch (e) {
    if (e instanceof AppError && e.code === 'PAYMENT_FAILED')
      throw new AppError(
        'PAYMENT_REQUIRED',
        'Payment has not been completed. Please choose a payment option to continue.',
      );
    throw e;
  }
  return (await findPayment(ctx, intentId)) ?? payment;
}

/**
 * POST /api/payments/credit: what is left of a pay-as-you-go payment, asked with its e-mail
 * (the web app keeps its payments and asks on every visit, so a reload loses nothing; the
 * receipt's link leads here too). Any other pair is NOT_FOUND, so the answer tells nothing about it.
 */
export async function paymentCredit(ctx: AppContext, intentId: string, email: string): Promise<PaymentCredit> {
  let payment: PaymentRow;
  try {
    payment = await findPaygPayment(ctx, intentId, email);
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'PAYMENT_REQUIRED') throw e;
    const found = await findPayment(ctx, intentId);
    // Not paid (yet): said as such to the e-mail that started it.
    if (found?.type === 'payasyougo' && found.email === normalizeEmail(email) && found.status !== 'succeeded')
      return { paymentIntentId: intentId, paid: false, files: found.files, remaining: 0 };
    throw new AppError('NOT_FOUND', 'Payment not found');
  }
  return {
    paymentIntentId: intentId,
    paid: true,
    files: payment.files,
    remaining: await ctx.repos.payments.remainingCredits(payment.id),
  };
}

/**
 * The paid upload's payment: a succeeded pay-per-file payment bound to `email`, with a
 * conversion left (PAYMENT_REQUIRED otherwise). Confirms with the provider first if the browser
 * never called /confirm. Takes nothing: takeUploadCredit does, with the file's row.
 */
export async function paygPaymentWithCredit(
  ctx: AppContext,
  input: { paymentIntentId: string; email: string },
): Promise<PaymentRow> {
  const payment = await findPaygPayment(ctx, input.paymentIntentId, input.email);
  if ((await ctx.repos.payments.remainingCredits(payment.id)) === 0) throw usedUp(payment);
  return payment;
}

function usedUp(payment: PaymentRow): AppError {
  return new AppError(
    'PAYMENT_REQUIRED',
    payment.files === 1
      ? 'This payment has already been used for a file. Please make a new payment.'
      : `This payment has already been used for its ${payment.files} files. Please make a new payment.`,
  );
}

/**
 * Takes one unused conversion of `payment` for `fileId`, with `payments` in the transaction that writes the
 * file's row, so that a process dying in between takes no credit for a file that never was).
 * Throws PAYMENT_REQUIRED when none is left.
 */
export async function takeUploadCredit(
  payments: PaymentsRepository,
  payment: PaymentRow,
  fileId: string,
  now: number,
): Promise<void> {
  // Two uploads at once may pick the same free credit: the loser's conditional update takes
  // nothing and it tries the next one, until none is left.
  for (let attempt = 0; attempt <= payment.files; attempt++) {
    const free = await payments.firstFreeCredit(payment.id);
    if (free === undefined) break;
    if (await payments.takeCredit(payment.id, free, fileId, now)) return;
  }
  throw usedUp(payment);
}

/** Both at once, for a file whose row exists (a retry of a failed paid file). */
export async function consumeUploadCredit(
  ctx: AppContext,
  input: { paymentIntentId: string; email: string; fileId: string },
): Promise<PaymentRow> {
  const payment = await findPaygPayment(ctx, input.paymentIntentId, input.email);
  await takeUploadCredit(ctx.repos.payments, payment, input.fileId, ctx.clock.now());
  return payment;
}

/** Webhook: the provider says an intent succeeded (signature already verified). */
export async function handlePaymentSucceeded(ctx: AppContext, intentId: string): Promise<void> {
  const payment = await findPayment(ctx, intentId);
  if (!payment) return; // not one of ours (or created outside this app)
  // The event does not carry the card; ask for it (the receipt names it where known).
  const cardLast4 = await ctx.payments
    .getIntentStatus(intentId)
    .then((s) => s.cardLast4 ?? null)
    .catch(() => null);
  await fulfilPayment(ctx, payment, cardLast4);
}

/**
 * Webhook: Stripe paid an invoice of a subscription (signature already verified). The first
 * invoice is the checkout payment: it is fulfilled like payment_intent.succeeded, so whichever
 * arrives first receipts it and the other finds it done. Any later invoice is a renewal, recorded
 * under the invoice id, so a retried delivery neither records nor receipts it twice.
 */
export async function handleInvoicePaid(
  ctx: AppContext,
  invoice: Extract<WebhookEvent, { kind: 'invoice_paid' }>,
): Promise<void> {
  if (!invoice.subscriptionId || invoice.amount <= 0) return;
  const first = await ctx.repos.payments.firstOfSubscription(invoice.subscriptionId);
  if (!first) return; // not a subscription of ours
  if (invoice.billingReason === 'subscription_create') {
    await handlePaymentSucceeded(ctx, first.intent_id);
    return;
  }
  const user = await ctx.repos.users.findBySubscription(invoice.subscriptionId);
  const cardLast4 = ctx.payments.invoiceCardLast4
    ? await ctx.payments.invoiceCardLast4(invoice.invoiceId, invoice.intentId).catch((err: unknown) => {
        ctx.log.warn({ err, invoiceId: invoice.invoiceId }, 'card of a paid invoice not found');
        return null;
      })
    : null;
  await recordRenewal(
    ctx,
    {
      userId: user?.id ?? null,
      email: user?.email ?? first.email,
      type: first.type === 'business' ? 'business' : 'pro',
      subscriptionId: invoice.subscriptionId,
      customerId: user?.provider_customer_id ?? first.provider_customer_id,
    },
    { paidAt: invoice.paidAt, key: invoice.invoiceId, amount: invoice.amount, cardLast4 },
  );
}

/**
 * Stripe: PaymentIntents for pay-per-file, Subscriptions (first invoice paid through its
 * PaymentIntent) for Pro and Business, and signature-verified webhooks.
 */
import { AppError, TEXTS } from '@statemint/shared';
import Stripe from 'stripe';
import type { CreatedIntent, IntentStatus, PaymentProvider, SubscriptionState, WebhookEvent } from './provider';

export interface StripeApiEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

const PLAN_PRODUCT_NAMES = { pro: 'Statemint Pro (monthly)', business: 'Statemint Business (monthly)' } as const;

/** The client secret of a PaymentIntent is '<intent id>_secret_<random>'. */
export function intentIdFromClientSecret(clientSecret: string): string {
  const i = clientSecret.indexOf('_secret_');
  if (i <= 0) throw new AppError('PAYMENT_FAILED', 'The payment provider returned no payment to confirm.');
  return clientSecret.slice(0, i);
}

function periodOf(sub: Stripe.Subscription): SubscriptionState {
  const ends = sub.items.data.map((item) => item.current_period_end);
  const end = ends.length > 0 ? Math.min(...ends) : sub.billing_cycle_anchor;
  return { currentPeriodEnd: end * 1000, cancelAt: sub.cancel_at ? sub.cancel_at * 1000 : null };
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v && typeof v.id === 'string' ? v.id : null;

/**
 * A webhook endpoint gets payloads in its own API version: the subscription and PaymentIntent
 * moved (parent.subscription_details, invoice payments) in 2025-03-31, so both shapes are read.
 */
function invoicePaid(invoice: Stripe.Invoice, eventCreated: number): WebhookEvent {
  const legacy = invoice as Stripe.Invoice & { subscription?: unknown; payment_intent?: unknown };
  return {
    kind: 'invoice_paid',
    invoiceId: invoice.id,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription),
    amount: invoice.amount_paid,
    billingReason: invoice.billing_reason ?? null,
    paidAt: (invoice.status_transitions?.paid_at ?? eventCreated) * 1000,
    intentId: idOf(legacy.payment_intent),
  };
}

export class StripeProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly priceIds = new Map<string, string>();

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | undefined,
    /** Another API endpoint (tests run a local stand-in); default api.stripe.com. */
    api?: StripeApiEndpoint,
  ) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 1, ...(api ?? {}) });
  }

  async createPayment(input: { amount: number; email: string | null; description: string }): Promise<CreatedIntent> {
    const intent = await this.stripe.paymentIntents.create({
      amount: input.amount,
      currency: 'usd',
      description: input.description,
      automatic_payment_methods: { enabled: true },
      ...(input.email ? { receipt_email: input.email } : {}),
      metadata: { app: 'statemint', type: 'payasyougo' },
    });
    if (!intent.client_secret) throw new AppError('PAYMENT_FAILED', TEXTS.paymentIntentFailed);
    return { intentId: intent.id, clientSecret: intent.client_secret };
  }

  /** One recurring price per plan, found by lookup key or created once. */
  private async priceFor(plan: 'pro' | 'business', amount: number): Promise<string> {
    const lookupKey = `statemint_${plan}_monthly_${amount}`;
    const cached = this.priceIds.get(lookupKey);
    if (cached) return cached;
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await this.stripe.prices.create({
        currency: 'usd',
        unit_amount: amount,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        product_data: { name: PLAN_PRODUCT_NAMES[plan] },
      }));
    this.priceIds.set(lookupKey, price.id);
    return price.id;
  }

  async createSubscription(input: {
    plan: 'pro' | 'business';
    amount: number;
    email: string;
    name: string;
    customerId: string | null;
  }): Promise<CreatedIntent> {
    const customerId =
      input.customerId ?? (await this.stripe.customers.create({ email: input.email, name: input.name })).id;
    const sub = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: await this.priceFor(input.plan, input.amount) }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { app: 'statemint', plan: input.plan },
    });
    const invoice = sub.latest_invoice;
    const clientSecret =
      invoice && typeof invoice !== 'string' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
    if (!clientSecret) throw new AppError('PAYMENT_FAILED', TEXTS.paymentIntentFailed);
    return { intentId: intentIdFromClientSecret(clientSecret), clientSecret, subscriptionId: sub.id, customerId };
  }

  async getIntentStatus(intentId: string): Promise<{ status: IntentStatus; amount: number; cardLast4: string | null }> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge;
    const cardLast4 =
      charge && typeof charge === 'object' ? (charge.payment_method_details?.card?.last4 ?? null) : null;
    const s: string = intent.status;
    const status: IntentStatus =
      s === 'succeeded' || s === 'processing' || s === 'canceled'
        ? s
        : s === 'requires_action' || s === 'requires_confirmation'
          ? 'requires_action'
          : 'requires_payment_method';
    return { status, amount: intent.amount, cardLast4 };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState> {
    return periodOf(await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState> {
    const sub = await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const state = periodOf(sub);
    return { ...state, cancelAt: state.cancelAt ?? state.currentPeriodEnd };
  }

  async resume(subscriptionId: string): Promise<SubscriptionState> {
    return periodOf(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
  }

  async refund(input: { intentId: string; subscriptionId: string | null }): Promise<void> {
    if (input.subscriptionId) await this.stripe.subscriptions.cancel(input.subscriptionId);
    await this.stripe.refunds.create({ payment_intent: input.intentId });
  }

  async invoiceCardLast4(invoiceId: string, intentId: string | null): Promise<string | null> {
    let id = intentId;
    if (!id) {
      // Since API version 2025-03-31 an invoice's PaymentIntent is listed among its payments.
      const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
      const pi = payments.data[0]?.payment.payment_intent;
      id = typeof pi === 'string' ? pi : (pi?.id ?? null);
    }
    return id ? ((await this.getIntentStatus(id)).cardLast4 ?? null) : null;
  }

  parseWebhook(rawBody: Buffer, signature: string): WebhookEvent {
    if (!this.webhookSecret) throw new AppError('NOT_FOUND', 'Not found');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'Invalid webhook signature', { field: 'stripe-signature' });
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
        return { kind: 'payment_succeeded', intentId: event.data.object.id };
      case 'customer.subscription.updated':
        return {
          kind: 'subscription_updated',
          subscriptionId: event.data.object.id,
          state: periodOf(event.data.object),
          status: event.data.object.status,
        };
      case 'customer.subscription.deleted':
        return { kind: 'subscription_deleted', subscriptionId: event.data.object.id };
      case 'invoice.paid':
        return invoicePaid(event.data.object, event.created);
      default:
        return { kind: 'ignored', type: event.type };
    }
  }
}

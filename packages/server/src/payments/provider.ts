/**
 * The card processor behind /api/payments: the built-in test-mode provider by default,
 * Stripe when STRIPE_SECRET_KEY is set. Our own ledger (the payments table) lives in
 * services/payments.ts; a provider only talks to the processor.
 */

export type IntentStatus = 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method' | 'canceled';

export interface CreatedIntent {
  intentId: string;
  clientSecret: string;
  subscriptionId?: string;
  customerId?: string;
}

export interface SubscriptionState {
  /** Epoch ms the paid period ends. */
  currentPeriodEnd: number;
  /** Epoch ms the subscription stops (canceled at period end), else null. */
  cancelAt: number | null;
}

/** A webhook event, already signature-checked and reduced to what we act on. */
export type WebhookEvent =
  | { kind: 'payment_succeeded'; intentId: string }
  | { kind: 'subscription_updated'; subscriptionId: string; state: SubscriptionState; status: string }
  | { kind: 'subscription_deleted'; subscriptionId: string }
  | {
      kind: 'invoice_paid';
      invoiceId: string;
      subscriptionId: string | null;
      /** Cents actually charged (0 for an invoice settled by credit: no payment, no receipt). */
      amount: number;
      /** Stripe's billing_reason: 'subscription_create' is the first invoice, paid at checkout. */
      billingReason: string | null;
      /** Epoch ms. */
      paidAt: number;
      /** The invoice's PaymentIntent where the payload names it (API versions before 2025-03-31). */
      intentId: string | null;
    }
  | { kind: 'ignored'; type: string };

export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  /** One-off payment (pay-per-file). */
  createPayment(input: { amount: number; email: string | null; description: string }): Promise<CreatedIntent>;
  /** Monthly subscription whose first invoice is paid through the returned intent. */
  createSubscription(input: {
    plan: 'pro' | 'business';
    amount: number;
    email: string;
    name: string;
    customerId: string | null;
  }): Promise<CreatedIntent>;
  /** Status and amount of an intent, and the card's last four digits once paid (where known). */
  getIntentStatus(intentId: string): Promise<{ status: IntentStatus; amount: number; cardLast4?: string | null }>;
  /** State of a subscription after its first payment succeeded. */
  getSubscription(subscriptionId: string, now: number): Promise<SubscriptionState>;
  /** Stops renewal; access continues to the end of the period. */
  cancelAtPeriodEnd(subscriptionId: string, currentPeriodEnd: number): Promise<SubscriptionState>;
  /** Undoes cancelAtPeriodEnd before the period ends: the subscription renews again. */
  resume(subscriptionId: string, currentPeriodEnd: number): Promise<SubscriptionState>;
  /** Gives a succeeded payment back in full; a subscription it started is canceled at once. */
  refund(input: { intentId: string; subscriptionId: string | null }): Promise<void>;
  /** The last four digits of the card that paid an invoice, where known. Stripe only. */
  invoiceCardLast4?(invoiceId: string, intentId: string | null): Promise<string | null>;
  /** Verifies the signature and parses; throws on a bad signature. Stripe only. */
  parseWebhook?(rawBody: Buffer, signature: string): WebhookEvent;
}

export const SUBSCRIPTION_PERIOD_MS = 30 * 24 * 3600_000;

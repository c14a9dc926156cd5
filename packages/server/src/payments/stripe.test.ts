/**
 * The Stripe provider end to end over HTTP: our API -> StripeProvider (the real stripe SDK)
 * -> a local stand-in of the Stripe API that keeps payment intents, customers, prices and
 * subscriptions in memory. Proves the requests we send and how we read the answers.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeUploadCredit } from '../services/payments';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../test/harness';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  /** The card that paid it, once succeeded. */
  last4?: string;
}

class FakeStripe {
  readonly requests: { method: string; path: string; params: URLSearchParams }[] = [];
  readonly intents = new Map<string, FakeIntent>();
  readonly prices: { id: string; object: 'price'; unit_amount: number; lookup_key: string; active: boolean }[] = [];
  readonly subscriptions = new Map<string, Record<string, unknown> & { intentId: string; periodEnd: number }>();
  /** Invoice id -> the PaymentIntent that paid it. */
  readonly invoices = new Map<string, string>();
  private n = 0;
  server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : raw);
      this.requests.push({ method: req.method ?? '', path: url.pathname, params });
      const [status, body] = this.route(req.method ?? '', url.pathname, params);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.n}` });
      res.end(JSON.stringify(body));
    });
  });

  private id(prefix: string) {
    return `${prefix}_fake${++this.n}`;
  }

  private intent(amount: number): FakeIntent {
    const id = this.id('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${this.n}`,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private subscriptionView(sub: Record<string, unknown> & { intentId: string; periodEnd: number }) {
    const paid = this.intents.get(sub.intentId)?.status === 'succeeded';
    return {
      ...sub,
      status: paid ? 'active' : 'incomplete',
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: sub.periodEnd }] },
    };
  }

  succeed(intentId: string, last4 = '4242') {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = 'succeeded';
    intent.last4 = last4;
  }

  /** Stripe charging a subscription's next period: a new invoice paid by a new PaymentIntent. */
  renew(subscriptionId: string, last4: string): { invoiceId: string; intentId: string; amount: number } {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const amount = this.intents.get(sub.intentId)?.amount ?? 0;
    const intent = this.intent(amount);
    this.succeed(intent.id, last4);
    const invoiceId = this.id('in');
    this.invoices.set(invoiceId, intent.id);
    return { invoiceId, intentId: intent.id, amount };
  }

  private intentView(intent: FakeIntent) {
    const { last4, ...rest } = intent;
    return {
      ...rest,
      latest_charge: last4
        ? { id: `ch_${intent.id}`, object: 'charge', payment_method_details: { type: 'card', card: { last4 } } }
        : null,
    };
  }

  private route(method: string, path: string, p: URLSearchParams): [number, unknown] {
    const notFound: [number, unknown] = [404, { error: { type: 'invalid_request_error', message: 'No such object' } }];
    if (method === 'POST' && path === '/v1/payment_intents') return [200, this.intent(Number(p.get('amount')))];
    const pi = path.match(/^\/v1\/payment_intents\/(\w+)$/);
    if (method === 'GET' && pi) {
      const intent = this.intents.get(pi[1]!);
      return intent ? [200, this.intentView(intent)] : notFound;
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const intentId = this.invoices.get(p.get('invoice') ?? '');
      const data = intentId
        ? [
            {
              id: `inpay_${intentId}`,
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: intentId },
            },
          ]
        : [];
      return [200, { object: 'list', data, has_more: false }];
    }
    if (method === 'POST' && path === '/v1/customers') return [200, { id: this.id('cus'), object: 'customer' }];
    if (method === 'GET' && path === '/v1/prices') {
      const key = p.get('lookup_keys[0]');
      return [200, { object: 'list', data: this.prices.filter((x) => x.lookup_key === key), has_more: false }];
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: this.id('price'),
        object: 'price' as const,
        unit_amount: Number(p.get('unit_amount')),
        lookup_key: p.get('lookup_key') ?? '',
        active: true,
      };
      this.prices.push(price);
      return [200, price];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const price = this.prices.find((x) => x.id === p.get('items[0][price]'));
      if (!price) return notFound;
      const intent = this.intent(price.unit_amount);
      const id = this.id('sub');
      const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
      const sub = {
        id,
        object: 'subscription',
        customer: p.get('customer'),
        cancel_at: null,
        billing_cycle_anchor: periodEnd,
        intentId: intent.id,
        periodEnd,
        latest_invoice: {
          id: this.id('in'),
          object: 'invoice',
          confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
        },
      };
      this.subscriptions.set(id, sub);
      return [200, this.subscriptionView(sub)];
    }
    const sub = path.match(/^\/v1\/subscriptions\/(\w+)$/);
    if (sub) {
      const found = this.subscriptions.get(sub[1]!);
      if (!found) return notFound;
      if (method === 'POST' && p.get('cancel_at_period_end') === 'true') found.cancel_at = found.periodEnd;
      return [200, this.subscriptionView(found)];
    }
    return notFound;
  }
}

describe('Stripe provider against a local Stripe API stand-in', () => {
  const fake = new FakeStripe();
  let s: TestServer;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const address = fake.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    s = await startTestServer({
      config: { stripeSecretKey: 'sk_test_fake', stripePublishableKey: 'pk_test_fake', stripeWebhookSecret: 'whsec_x' },
      stripeApi: { host: '127.0.0.1', port: address.port, protocol: 'http' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  const createIntent = (body: object, token?: string) =>
    s.api<{ clientSecret: string; paymentIntentId: string }>('/api/payments/create-payment-intent', {
      body,
      token: token ?? null,
    });
  const confirm = (paymentIntentId: string, token?: string) =>
    s.api('/api/payments/confirm', { body: { paymentIntentId }, token: token ?? null });

  it('pay-per-file: a 149-cent PaymentIntent with a receipt e-mail, confirmed only once Stripe says succeeded', async () => {
    const r = await createIntent({ amount: 149, type: 'payasyougo', email: 'stripe-payer@example.com' });
    expect(r.status).toBe(200);
    const sent = fake.requests.find((q) => q.path === '/v1/payment_intents' && q.method === 'POST');
    expect(sent?.params.get('amount')).toBe('149');
    expect(sent?.params.get('currency')).toBe('usd');
    expect(sent?.params.get('receipt_email')).toBe('stripe-payer@example.com');
    expect(r.body.clientSecret).toBe(fake.intents.get(r.body.paymentIntentId)?.client_secret);

    expect(await confirm(r.body.paymentIntentId)).toMatchObject({ status: 402, body: { code: 'PAYMENT_FAILED' } });
    fake.succeed(r.body.paymentIntentId);
    expect(await confirm(r.body.paymentIntentId)).toMatchObject({ status: 200, body: { type: 'payasyougo' } });
    const credit = await consumeUploadCredit(s.ctx, {
      paymentIntentId: r.body.paymentIntentId,
      email: 'stripe-payer@example.com',
      fileId: 'f-stripe',
    });
    expect(credit.provider).toBe('stripe');
  });

  it('Pro: a monthly 3500-cent subscription paid through its first invoice, then canceled at period end', async () => {
    const u = await createVerifiedUser(s);
    const r = await createIntent({ amount: 3500, type: 'pro' }, u.token);
    expect(r.status).toBe(200);
    const price = fake.requests.find((q) => q.path === '/v1/prices' && q.method === 'POST');
    expect(price?.params.get('unit_amount')).toBe('3500');
    expect(price?.params.get('recurring[interval]')).toBe('month');
    const created = fake.requests.find((q) => q.path === '/v1/subscriptions' && q.method === 'POST');
    expect(created?.params.get('payment_behavior')).toBe('default_incomplete');
    expect(created?.params.get('expand[0]')).toBe('latest_invoice.confirmation_secret');
    expect(fake.intents.get(r.body.paymentIntentId)?.amount).toBe(3500);

    fake.succeed(r.body.paymentIntentId);
    const ok = await confirm(r.body.paymentIntentId, u.token);
    const sub = [...fake.subscriptions.values()].find((x) => x.intentId === r.body.paymentIntentId)!;
    expect(ok.body).toMatchObject({
      user: {
        plan: 'pro',
        subscriptionStatus: 'active',
        currentPeriodEnd: new Date(sub.periodEnd * 1000).toISOString(),
      },
    });

    const cancel = await s.api('/api/subscriptions/cancel', { method: 'POST', token: u.token });
    expect(cancel).toMatchObject({ status: 200, body: { cancelAt: new Date(sub.periodEnd * 1000).toISOString() } });
    const update = fake.requests.find((q) => q.path === `/v1/subscriptions/${sub.id}` && q.method === 'POST');
    expect(update?.params.get('cancel_at_period_end')).toBe('true');
  });

  it('Business by checkout sign-up: one 10000-cent price, account created on confirmation', async () => {
    const email = 'stripe-business@example.com';
    const r = await createIntent({
      amount: 10000,
      type: 'business',
      registrationData: { email, password: 'checkout password', name: 'Biz' },
    });
    expect(r.status).toBe(200);
    const customer = fake.requests.filter((q) => q.path === '/v1/customers').at(-1);
    expect(customer?.params.get('email')).toBe(email);
    fake.succeed(r.body.paymentIntentId);
    // The paying browser sends the intent's client secret: its account is logged in only with it (issue 29, L7).
    const ok = await s.api('/api/payments/confirm', {
      body: { paymentIntentId: r.body.paymentIntentId, clientSecret: r.body.clientSecret },
    });
    expect(ok.body).toMatchObject({ token: expect.any(String), user: { email, plan: 'business' } });
    // A second Business purchase finds the price by its lookup key instead of creating another.
    const before = fake.prices.length;
    const other = await createVerifiedUser(s);
    expect((await createIntent({ amount: 10000, type: 'business' }, other.token)).status).toBe(200);
    expect(fake.prices.length).toBe(before);
  });
});

/** Signs a webhook payload as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
function stripeSignature(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

for (const db of testDatabases) {
  describe(`Stripe invoice.paid webhooks: receipts for renewals (${db})`, () => {
    const webhookSecret = 'whsec_invoices';
    const fake = new FakeStripe();
    let s: TestServer;
    beforeAll(async () => {
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      const address = fake.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      s = await startTestServer({
        db,
        config: {
          stripeSecretKey: 'sk_test_fake',
          stripePublishableKey: 'pk_test_fake',
          stripeWebhookSecret: webhookSecret,
        },
        stripeApi: { host: '127.0.0.1', port: address.port, protocol: 'http' },
      });
    });
    afterAll(async () => {
      await s?.close();
      await new Promise<void>((resolve) => fake.server.close(() => resolve()));
    });

    const receiptsTo = (email: string) =>
      s
        .outbox()
        .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
        .filter((m) => m.toLowerCase().includes(`to: ${email}`) && /Subject: Your Statemint receipt/.test(m));
    const payments = (token: string) =>
      s.api<Array<{ type: string; amount: number; cardLast4: string | null; paidAt: string; receiptSent: boolean }>>(
        '/api/account/payments',
        { token },
      );
    let n = 0;
    const send = (type: string, object: object) => {
      const payload = JSON.stringify({
        id: `evt_invoice_${++n}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      return s.api('/api/payments/webhook', {
        body: payload,
        headers: { 'stripe-signature': stripeSignature(payload, webhookSecret) },
      });
    };
    /** An invoice.paid payload as API versions since 2025-03-31 send it. */
    const invoice = (input: { id: string; subscription: string; amount: number; reason: string; paidAt?: number }) => ({
      id: input.id,
      object: 'invoice',
      amount_paid: input.amount,
      billing_reason: input.reason,
      currency: 'usd',
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: input.subscription } },
      // A renewal is paid after the checkout (Stripe's seconds would otherwise sort it before it).
      status_transitions: { paid_at: input.paidAt ?? Math.floor(Date.now() / 1000) + 60 },
    });

    /** A Pro subscription bought through our API; Stripe has charged its first invoice. */
    async function subscribe() {
      const u = await createVerifiedUser(s);
      const r = await s.api<{ paymentIntentId: string }>('/api/payments/create-payment-intent', {
        body: { amount: 3500, type: 'pro' },
        token: u.token,
      });
      expect(r.status).toBe(200);
      fake.succeed(r.body.paymentIntentId, '4242');
      const sub = [...fake.subscriptions.values()].find((x) => x.intentId === r.body.paymentIntentId)!;
      return { ...u, intentId: r.body.paymentIntentId, subscriptionId: sub.id as string };
    }
    const confirm = (intentId: string, token: string) =>
      s.api('/api/payments/confirm', { body: { paymentIntentId: intentId }, token });
    const firstInvoice = (subscriptionId: string) =>
      invoice({
        id: `in_first_${subscriptionId}`,
        subscription: subscriptionId,
        amount: 3500,
        reason: 'subscription_create',
      });

    it('the first invoice gives no second receipt, whether checkout or the webhook comes first', async () => {
      const a = await subscribe();
      expect((await confirm(a.intentId, a.token)).status).toBe(200);
      expect(receiptsTo(a.email)).toHaveLength(1);
      expect(await send('invoice.paid', firstInvoice(a.subscriptionId))).toMatchObject({ status: 200 });
      expect(await send('invoice.paid', firstInvoice(a.subscriptionId))).toMatchObject({ status: 200 });
      expect(receiptsTo(a.email)).toHaveLength(1);
      expect((await payments(a.token)).body).toHaveLength(1);

      // The webhook before the browser's confirmation: it activates the plan and sends the receipt.
      const b = await subscribe();
      expect((await send('invoice.paid', firstInvoice(b.subscriptionId))).status).toBe(200);
      expect(receiptsTo(b.email)).toHaveLength(1);
      expect((await s.api('/api/auth/user', { token: b.token })).body).toMatchObject({ plan: 'pro' });
      expect((await confirm(b.intentId, b.token)).status).toBe(200);
      expect(receiptsTo(b.email)).toHaveLength(1);
      const list = (await payments(b.token)).body;
      expect(list).toEqual([
        expect.objectContaining({ type: 'pro', amount: 3500, cardLast4: '4242', receiptSent: true }),
      ]);
    });

    it('receipts a renewal once (amount, plan, date, card), however often Stripe retries, and lists it', async () => {
      const u = await subscribe();
      await confirm(u.intentId, u.token);
      const renewal = fake.renew(u.subscriptionId, '1881');
      const paidAt = Math.floor(Date.UTC(2031, 4, 6, 9, 30) / 1000);
      const event = invoice({
        id: renewal.invoiceId,
        subscription: u.subscriptionId,
        amount: renewal.amount,
        reason: 'subscription_cycle',
        paidAt,
      });
      expect(await send('invoice.paid', event)).toMatchObject({ status: 200, body: { received: true } });
      // Stripe retries (a slow answer, a lost acknowledgement), sometimes twice at once.
      const retries = await Promise.all([send('invoice.paid', event), send('invoice.paid', event)]);
      expect(retries.map((r) => r.status)).toEqual([200, 200]);
      expect((await send('invoice.paid', event)).status).toBe(200);
      // The renewal's own payment_intent.succeeded names no payment of ours: nothing more.
      await send('payment_intent.succeeded', { id: renewal.intentId, object: 'payment_intent' });

      const receipts = receiptsTo(u.email);
      expect(receipts).toHaveLength(2);
      const mail = receipts.find((m) => m.includes('card ending in 1881'));
      expect(mail).toBeDefined();
      expect(mail).toContain('Subject: Your Statemint receipt: $35');
      expect(mail).toContain('Amount: $35 USD');
      expect(mail).toContain('For: Pro plan, monthly subscription');
      expect(mail).toContain('Date: 2031-05-06 09:30 UTC');
      const list = (await payments(u.token)).body;
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({
        type: 'pro',
        amount: 3500,
        cardLast4: '1881',
        paidAt: new Date(paidAt * 1000).toISOString(),
        receiptSent: true,
      });
      expect(list[1]).toMatchObject({ cardLast4: '4242' });
    });

    it('reads the older payload shape, and ignores unpaid and foreign invoices', async () => {
      const u = await subscribe();
      await confirm(u.intentId, u.token);
      const renewal = fake.renew(u.subscriptionId, '5556');
      // API versions before 2025-03-31: subscription and payment_intent at the top level.
      const legacy = {
        id: renewal.invoiceId,
        object: 'invoice',
        amount_paid: 3500,
        billing_reason: 'subscription_cycle',
        subscription: u.subscriptionId,
        payment_intent: renewal.intentId,
        status_transitions: { paid_at: Math.floor(Date.now() / 1000) + 60 },
      };
      expect((await send('invoice.paid', legacy)).status).toBe(200);
      expect(receiptsTo(u.email)).toHaveLength(2);
      expect((await payments(u.token)).body[0]).toMatchObject({ cardLast4: '5556', amount: 3500 });

      // Settled by credit (nothing charged), and a subscription that is not ours: no payment, no receipt.
      const free = invoice({
        id: 'in_credit',
        subscription: u.subscriptionId,
        amount: 0,
        reason: 'subscription_cycle',
      });
      expect((await send('invoice.paid', free)).status).toBe(200);
      const foreign = invoice({
        id: 'in_foreign',
        subscription: 'sub_elsewhere',
        amount: 3500,
        reason: 'subscription_cycle',
      });
      expect((await send('invoice.paid', foreign)).status).toBe(200);
      expect(receiptsTo(u.email)).toHaveLength(2);
      expect((await payments(u.token)).body).toHaveLength(2);
      const rows = await s.ctx.db
        .selectFrom('payments')
        .select('id')
        .where('intent_id', 'in', ['in_credit', 'in_foreign'])
        .execute();
      expect(rows).toHaveLength(0);
      // A payload signed with another secret is refused.
      const payload = JSON.stringify({ id: 'evt_x', object: 'event', type: 'invoice.paid', data: { object: free } });
      const forged = await s.api('/api/payments/webhook', {
        body: payload,
        headers: { 'stripe-signature': stripeSignature(payload, 'whsec_other') },
      });
      expect(forged).toMatchObject({ status: 400, body: { field: 'stripe-signature' } });
    });
  });
}

/**
 * The Stripe provider end to end over HTTP: our API -> StripeProvider (the real stripe SDK)
 * -> a local stand-in of the Stripe API that keeps payment intents, customers, prices and
 * subscriptions in memory. Proves the requests we send and how we read the answers.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeUploadCredit } from '../services/payments';
import { createVerifiedUser, startTestServer, type TestServer } from '../test/harness';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
}

class FakeStripe {
  readonly requests: { method: string; path: string; params: URLSearchParams }[] = [];
  readonly intents = new Map<string, FakeIntent>();
  readonly prices: { id: string; object: 'price'; unit_amount: number; lookup_key: string; active: boolean }[] = [];
  readonly subscriptions = new Map<string, Record<string, unknown> & { intentId: string; periodEnd: number }>();
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

  succeed(intentId: string) {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = 'succeeded';
  }

  private route(method: string, path: string, p: URLSearchParams): [number, unknown] {
    const notFound: [number, unknown] = [404, { error: { type: 'invalid_request_error', message: 'No such object' } }];
    if (method === 'POST' && path === '/v1/payment_intents') return [200, this.intent(Number(p.get('amount')))];
    const pi = path.match(/^\/v1\/payment_intents\/(\w+)$/);
    if (method === 'GET' && pi) return this.intents.has(pi[1]!) ? [200, this.intents.get(pi[1]!)] : notFound;
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
    const ok = await confirm(r.body.paymentIntentId);
    expect(ok.body).toMatchObject({ token: expect.any(String), user: { email, plan: 'business' } });
    // A second Business purchase finds the price by its lookup key instead of creating another.
    const before = fake.prices.length;
    const other = await createVerifiedUser(s);
    expect((await createIntent({ amount: 10000, type: 'business' }, other.token)).status).toBe(200);
    expect(fake.prices.length).toBe(before);
  });
});

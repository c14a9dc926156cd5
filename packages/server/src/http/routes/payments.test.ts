import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_TO_UPLOAD_MESSAGE } from '../../files/admission';
import { sampleCsvStatement } from '../../files/sample-statements';
import { upload } from '../../files/test-helpers';
import {
  CHECKOUT_OPEN_MESSAGE,
  consumeUploadCredit,
  SECOND_SUBSCRIPTION_REFUNDED_MESSAGE,
} from '../../services/payments';
import { createVerifiedUser, startTestServer, type TestServer, testDatabases } from '../../test/harness';

const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };
const DAY = 24 * 3600_000;

interface Intent {
  clientSecret: string;
  paymentIntentId: string;
}

for (const db of testDatabases) {
  describe(`payments and subscriptions, test mode (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(async () => {
      await s?.close();
    });

    const createIntent = (body: object, token?: string) =>
      s.api<Intent>('/api/payments/create-payment-intent', { body, token: token ?? null });
    const payCard = (clientSecret: string, card = GOOD_CARD) =>
      s.api('/api/payments/test-mode/confirm-card', { body: { clientSecret, ...card } });
    const confirm = (paymentIntentId: string, token?: string) =>
      s.api('/api/payments/confirm', { body: { paymentIntentId }, token: token ?? null });

    it.each([
      [{ amount: 149, type: 'payasyougo' }, 'email', 'Email is required for payment receipt'],
      [{ amount: 149, type: 'payasyougo', email: 'nope' }, 'email', 'Please enter a valid email address'],
      [
        { amount: 100, type: 'payasyougo', email: 'a@b.co' },
        'amount',
        'Amount does not match the price of the selected plan',
      ],
      [
        { amount: 2500, type: 'pro', email: 'a@b.co' },
        'amount',
        'Amount does not match the price of the selected plan',
      ],
      [{ amount: 149, type: 'gold', email: 'a@b.co' }, 'type', 'Payment type must be payasyougo, pro or business'],
      [{ type: 'payasyougo', email: 'a@b.co' }, 'amount', 'Amount is required'],
      [
        { amount: 3500, type: 'pro', registrationData: { email: 'a@b.co', password: 'short', name: 'A' } },
        'registrationData.password',
        'Password must be at least 8 characters long.',
      ],
    ])('create-payment-intent rejects %j naming %s', async (body, field, message) => {
      const r = await createIntent(body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'VALIDATION_FAILED', field, message });
    });

    it('pay-per-file: decline, then pay, confirm twice, one upload credit bound to intent and e-mail', async () => {
      const intent = await createIntent({ amount: 149, type: 'payasyougo', email: 'Payer@Example.com' });
      expect(intent.status).toBe(200);
      expect(intent.body.paymentIntentId).toMatch(/^pi_test_/);
      expect(intent.body.clientSecret.startsWith(`${intent.body.paymentIntentId}_secret_`)).toBe(true);
      const { clientSecret, paymentIntentId } = intent.body;

      const notPaid = await confirm(paymentIntentId);
      expect(notPaid).toMatchObject({ status: 402, body: { code: 'PAYMENT_FAILED' } });

      const declined = await payCard(clientSecret, DECLINED_CARD);
      expect(declined).toEqual(expect.objectContaining({ status: 402 }));
      expect(declined.body).toEqual({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
      expect((await confirm(paymentIntentId)).status).toBe(402);

      const expired = await payCard(clientSecret, { ...GOOD_CARD, expYear: 2020 });
      expect(expired.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'expYear' });
      const badNumber = await payCard(clientSecret, { ...GOOD_CARD, number: '4242 4242 4242 4241' });
      expect(badNumber.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'number' });

      expect(await payCard(clientSecret)).toMatchObject({ status: 200, body: { status: 'succeeded' } });
      const first = await confirm(paymentIntentId);
      expect(first).toMatchObject({ status: 200, body: { success: true, type: 'payasyougo', paymentIntentId } });
      expect(first.body).not.toHaveProperty('token');
      const second = await confirm(paymentIntentId, 'stale.or.bogus.token');
      expect(second.status).toBe(200);
      const rows = await s.ctx.db.selectFrom('payments').selectAll().where('intent_id', '=', paymentIntentId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'succeeded', email: 'payer@example.com', files: 1 });
      const credit = (email: string) => s.api('/api/payments/credit', { body: { paymentIntentId, email } });
      expect((await credit('payer@example.com')).body).toEqual({ paymentIntentId, paid: true, files: 1, remaining: 1 });

      await expect(
        consumeUploadCredit(s.ctx, { paymentIntentId, email: 'someone.else@example.com', fileId: 'f1' }),
      ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
      const used = await consumeUploadCredit(s.ctx, { paymentIntentId, email: 'payer@example.com', fileId: 'f1' });
      expect(used.intent_id).toBe(paymentIntentId);
      expect((await credit('payer@example.com')).body).toMatchObject({ remaining: 0 });
      const taken = await s.ctx.db
        .selectFrom('payment_credits')
        .selectAll()
        .where('payment_id', '=', used.id)
        .execute();
      expect(taken).toMatchObject([{ seq: 0, file_id: 'f1' }]);
      await expect(
        consumeUploadCredit(s.ctx, { paymentIntentId, email: 'payer@example.com', fileId: 'f2' }),
      ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    });

    it('a paid upload confirms an unconfirmed payment with the provider itself', async () => {
      const { body } = await createIntent({ amount: 149, type: 'payasyougo', email: 'late@example.com' });
      await expect(
        consumeUploadCredit(s.ctx, { paymentIntentId: body.paymentIntentId, email: 'late@example.com', fileId: 'x' }),
      ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
      await payCard(body.clientSecret);
      const used = await consumeUploadCredit(s.ctx, {
        paymentIntentId: body.paymentIntentId,
        email: 'late@example.com',
        fileId: 'x',
      });
      expect(used).toMatchObject({ status: 'succeeded' });
    });

    it('unknown payment intents and client secrets are refused', async () => {
      expect(await confirm('pi_test_doesnotexist')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      const r = await payCard('pi_x_secret_y');
      expect(r).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'clientSecret' } });
      const missing = await s.api('/api/payments/confirm', { body: {} });
      expect(missing.body).toEqual({
        code: 'VALIDATION_FAILED',
        field: 'paymentIntentId',
        message: 'Payment intent ID is required',
      });
    });

    it('Pro for a logged-in user: login required, upgrade once, cancel keeps access to the period end', async () => {
      const anonymous = await createIntent({ amount: 3500, type: 'pro' });
      expect(anonymous).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Please log in to continue with subscription payment' },
      });
      const stale = await createIntent({ amount: 3500, type: 'pro' }, 'expired.or.bogus');
      expect(stale.status).toBe(401);

      const u = await createVerifiedUser(s);
      const intent = await createIntent({ amount: 3500, type: 'pro' }, u.token);
      expect(intent.status).toBe(200);
      const { clientSecret, paymentIntentId } = intent.body;
      expect((await payCard(clientSecret, DECLINED_CARD)).status).toBe(402);
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({ plan: 'free' });
      await payCard(clientSecret);

      expect((await confirm(paymentIntentId)).status).toBe(401);
      const other = await createVerifiedUser(s);
      expect((await confirm(paymentIntentId, other.token)).body).toMatchObject({ code: 'FORBIDDEN' });

      const upgraded = await confirm(paymentIntentId, u.token);
      expect(upgraded.status).toBe(200);
      expect(upgraded.body).toMatchObject({
        success: true,
        type: 'pro',
        user: { plan: 'pro', subscriptionStatus: 'active' },
      });
      expect(upgraded.body).not.toHaveProperty('token');
      const periodEnd = (upgraded.body.user as { currentPeriodEnd: string }).currentPeriodEnd;
      expect(Date.parse(periodEnd)).toBe(s.clock.now() + 30 * DAY);

      s.clock.advance(1000);
      const again = await confirm(paymentIntentId, u.token);
      expect(again.status).toBe(200);
      expect((again.body.user as { currentPeriodEnd: string }).currentPeriodEnd).toBe(periodEnd);
      const second = await createIntent({ amount: 3500, type: 'pro' }, u.token);
      expect(second.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'You already have an active subscription.',
      });

      const retention = await s.api('/api/auth/update-retention', { token: u.token, body: { fileRetentionDays: 14 } });
      expect(retention.status).toBe(200);

      const freeCancel = await s.api('/api/subscriptions/cancel', { method: 'POST', token: other.token });
      expect(freeCancel).toMatchObject({ status: 403, body: { code: 'SUBSCRIPTION_REQUIRED' } });
      expect((await s.api('/api/subscriptions/cancel', { method: 'POST' })).status).toBe(401);

      const cancel = await s.api('/api/subscriptions/cancel', { method: 'POST', token: u.token });
      expect(cancel.status).toBe(200);
      expect(cancel.body).toEqual({
        cancelAt: periodEnd,
        message: `Your subscription has been canceled. You keep access until ${periodEnd.slice(0, 10)}.`,
      });
      const twice = await s.api('/api/subscriptions/cancel', { method: 'POST', token: u.token });
      expect(twice.body).toMatchObject({ cancelAt: periodEnd });
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({
        plan: 'pro',
        subscriptionStatus: 'canceling',
        cancelAt: periodEnd,
      });

      s.clock.advance(30 * DAY);
      const later = await s.api('/api/auth/login', { body: { email: u.email, password: u.password } });
      expect(later.body).toMatchObject({ user: { plan: 'free', subscriptionStatus: 'canceled' } });
    });

    it('sells one subscription per account: of two checkouts opened at once, one is charged (N4)', async () => {
      const u = await createVerifiedUser(s);
      // Two tabs at once, Pro in one and Business in the other.
      const both = await Promise.all([
        createIntent({ amount: 3500, type: 'pro' }, u.token),
        createIntent({ amount: 10000, type: 'business' }, u.token),
      ]);
      for (const r of both.filter((r) => r.status !== 200))
        expect(r.body).toEqual({ code: 'VALIDATION_FAILED', field: 'type', message: CHECKOUT_OPEN_MESSAGE });
      const opened = both.filter((r) => r.status === 200).map((r) => r.body);
      expect(opened.length).toBeGreaterThan(0);
      // Each tab pays: at most one card step charges, the other is refused before any charge.
      const paid = await Promise.all(opened.map((i) => payCard(i.clientSecret)));
      expect(paid.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of paid.filter((r) => r.status !== 200))
        expect(r.body).toEqual({ code: 'VALIDATION_FAILED', field: 'type', message: CHECKOUT_OPEN_MESSAGE });
      const charged = opened[paid.findIndex((r) => r.status === 200)]!;
      expect((await confirm(charged.paymentIntentId, u.token)).status).toBe(200);
      const again = await createIntent({ amount: 10000, type: 'business' }, u.token);
      expect(again.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'You already have an active subscription.',
      });
      const rows = await s.ctx.db
        .selectFrom('payments')
        .select('status')
        .where('user_id', '=', u.user.id as string)
        .where('status', '=', 'succeeded')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('an open checkout being paid refuses a new one (N4)', async () => {
      const u = await createVerifiedUser(s);
      const first = (await createIntent({ amount: 3500, type: 'pro' }, u.token)).body;
      // Paid at the processor, not confirmed here yet.
      expect((await payCard(first.clientSecret)).status).toBe(200);
      const second = await createIntent({ amount: 10000, type: 'business' }, u.token);
      expect(second.body).toEqual({ code: 'VALIDATION_FAILED', field: 'type', message: CHECKOUT_OPEN_MESSAGE });
      expect((await confirm(first.paymentIntentId, u.token)).status).toBe(200);
    });

    it('a replaced checkout is not charged, and if paid elsewhere it is refunded, not kept (N4)', async () => {
      const u = await createVerifiedUser(s);
      const old = (await createIntent({ amount: 3500, type: 'pro' }, u.token)).body;
      const current = (await createIntent({ amount: 10000, type: 'business' }, u.token)).body;
      expect((await payCard(current.clientSecret)).status).toBe(200);
      expect((await confirm(current.paymentIntentId, u.token)).status).toBe(200);
      // The replaced tab's card step refuses before charging.
      const stale = await payCard(old.clientSecret);
      expect(stale.body).toEqual({ code: 'VALIDATION_FAILED', field: 'type', message: CHECKOUT_OPEN_MESSAGE });
      // As if the browser had paid it at the processor anyway (Stripe charges from the browser).
      await s.ctx.db
        .updateTable('test_mode_intents')
        .set({ status: 'succeeded' })
        .where('id', '=', old.paymentIntentId)
        .execute();
      const late = await confirm(old.paymentIntentId, u.token);
      expect(late.body).toEqual({
        code: 'VALIDATION_FAILED',
        field: 'type',
        message: SECOND_SUBSCRIPTION_REFUNDED_MESSAGE,
      });
      const intent = await s.ctx.db
        .selectFrom('test_mode_intents')
        .select('status')
        .where('id', '=', old.paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(intent.status).toBe('refunded');
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({
        plan: 'business',
        subscriptionStatus: 'active',
      });
    });

    it('a canceled subscription that still runs is resumed, not bought again (N4)', async () => {
      const u = await createVerifiedUser(s);
      const intent = (await createIntent({ amount: 3500, type: 'pro' }, u.token)).body;
      await payCard(intent.clientSecret);
      await confirm(intent.paymentIntentId, u.token);
      expect((await s.api('/api/subscriptions/cancel', { method: 'POST', token: u.token })).status).toBe(200);
      const again = await createIntent({ amount: 3500, type: 'pro' }, u.token);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'type' });
      expect((again.body as unknown as { message: string }).message).toMatch(
        /^Your subscription is canceled but runs until \d{4}-\d{2}-\d{2}\. Please resume it/,
      );
    });

    it('Business by checkout sign-up: the account is created on confirmation, once, logged in only for the paying browser', async () => {
      const email = `buyer-${db}@example.com`;
      const registrationData = { email, password: 'checkout password', name: 'Buyer' };
      const intent = await createIntent({ amount: 10000, type: 'business', registrationData });
      expect(intent.status).toBe(200);
      expect((await s.api('/api/auth/login', { body: { email, password: 'checkout password' } })).status).toBe(401);
      await payCard(intent.body.clientSecret);
      const mails = s.outbox().length;

      // L7 (issue 29): the intent id alone (two confirmations at once, from anyone) creates the account, once, but logs in no one.
      const [a, b] = await Promise.all([confirm(intent.body.paymentIntentId), confirm(intent.body.paymentIntentId)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body, b.body].filter((r) => 'token' in r)).toEqual([]);
      expect(s.outbox().length).toBe(mails + 2);
      const users = await s.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
      const wrong = await s.api('/api/payments/confirm', {
        body: { paymentIntentId: intent.body.paymentIntentId, clientSecret: `${intent.body.clientSecret}x` },
      });
      expect(wrong.body).not.toHaveProperty('token');
      // The browser that paid holds the client secret: it is logged in, once.
      const paying = await s.api<{ token: string; user: Record<string, unknown> }>('/api/payments/confirm', {
        body: { paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret },
      });
      expect(paying.status).toBe(200);
      const { token, user } = paying.body;
      expect(typeof token).toBe('string');
      expect(user).toMatchObject({ email, name: 'Buyer', plan: 'business', emailVerified: false });
      expect((await s.api('/api/auth/user', { token })).body).toMatchObject({ plan: 'business' });

      const third = await s.api('/api/payments/confirm', {
        body: { paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret },
      });
      expect(third.status).toBe(200);
      expect(third.body).not.toHaveProperty('token');

      // M3 (issue 29): until its e-mail is verified, the account uploads nothing (it was opened with any address).
      const up = await upload(s, '/api/files/upload', { name: 'march.csv', bytes: sampleCsvStatement(3), token });
      expect(up.status).toBe(403);
      expect(up.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: VERIFY_TO_UPLOAD_MESSAGE });

      const taken = await createIntent({ amount: 3500, type: 'pro', registrationData });
      expect(taken).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } });

      // Logging in still needs the e-mail verified; the link in the welcome mail does it.
      const login = await s.api('/api/auth/login', { body: { email, password: 'checkout password' } });
      expect(login.body).toMatchObject({ requiresVerification: true });
      await s.api(`/api/auth/verify-email?token=${s.lastVerificationToken(email)}`);
      const verified = await s.api('/api/auth/login', { body: { email, password: 'checkout password' } });
      expect(verified.body).toMatchObject({ user: { plan: 'business', emailVerified: true } });
      const after = await upload(s, '/api/files/upload', { name: 'march.csv', bytes: sampleCsvStatement(3), token });
      expect(after.status).toBe(201);
    });
  });

  describe(`Stripe provider webhooks (${db})`, () => {
    const webhookSecret = 'whsec_test_statemint';
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({
        db,
        config: {
          stripeSecretKey: 'sk_test_offline',
          stripePublishableKey: 'pk_test_offline',
          stripeWebhookSecret: webhookSecret,
        },
      });
    });
    afterAll(async () => {
      await s?.close();
    });

    const stripe = new Stripe('sk_test_offline');
    const send = (event: object, secret = webhookSecret) => {
      const payload = JSON.stringify(event);
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
      return s.api('/api/payments/webhook', { body: payload, headers: { 'stripe-signature': header } });
    };
    const event = (type: string, object: object) => ({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
    });

    it('publishes the Stripe key, loads Stripe in the CSP, and has no test-mode card step', async () => {
      const config = await s.api('/api/config');
      expect(config.body).toEqual({
        supportEmail: 'support@statemint.local',
        stripePublishableKey: 'pk_test_offline',
        testMode: false,
      });
      expect(config.headers.get('content-security-policy')).toContain('https://js.stripe.com');
      const card = await s.api('/api/payments/test-mode/confirm-card', {
        body: { clientSecret: 'x', ...GOOD_CARD },
      });
      expect(card.status).toBe(404);
    });

    it('rejects a webhook with a bad or missing signature', async () => {
      const bad = await send(
        event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }),
        'whsec_wrong',
      );
      expect(bad).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', field: 'stripe-signature', message: 'Invalid webhook signature' },
      });
      const none = await s.api('/api/payments/webhook', { body: { type: 'payment_intent.succeeded' } });
      expect(none.status).toBe(400);
    });

    it('fulfils a succeeded payment once and applies subscription changes', async () => {
      const now = s.clock.now();
      await s.ctx.db
        .insertInto('payments')
        .values({
          id: 'p1',
          intent_id: 'pi_stripe_1',
          provider: 'stripe',
          type: 'payasyougo',
          amount: 149,
          email: 'hook@example.com',
          user_id: null,
          status: 'pending',
          subscription_id: null,
          provider_customer_id: null,
          pending_name: null,
          pending_password_hash: null,
          confirmed_at: null,
          created_at: now,
          files: 1,
        })
        .execute();
      const succeeded = event('payment_intent.succeeded', { id: 'pi_stripe_1', object: 'payment_intent' });
      expect(await send(succeeded)).toMatchObject({ status: 200, body: { received: true } });
      expect(await send(succeeded)).toMatchObject({ status: 200 });
      const row = await s.ctx.db.selectFrom('payments').selectAll().where('id', '=', 'p1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'succeeded' });
      expect(await send(event('payment_intent.succeeded', { id: 'pi_not_ours' }))).toMatchObject({ status: 200 });

      const u = await createVerifiedUser(s);
      await s.ctx.db
        .updateTable('users')
        .set({ plan: 'pro', subscription_status: 'active', subscription_id: 'sub_1', current_period_end: now + DAY })
        .where('email', '=', u.email)
        .execute();
      const end = Math.floor((now + 10 * DAY) / 1000);
      const updated = event('customer.subscription.updated', {
        id: 'sub_1',
        object: 'subscription',
        status: 'active',
        cancel_at: end,
        billing_cycle_anchor: end,
        items: { data: [{ current_period_end: end }] },
      });
      expect((await send(updated)).status).toBe(200);
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({
        plan: 'pro',
        subscriptionStatus: 'canceling',
        cancelAt: new Date(end * 1000).toISOString(),
      });
      expect((await send(event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' }))).status).toBe(
        200,
      );
      expect((await s.api('/api/auth/user', { token: u.token })).body).toMatchObject({
        plan: 'free',
        subscriptionStatus: 'canceled',
      });
    });
  });
}

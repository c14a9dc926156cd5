/** Test helpers that buy things through the real API with the test-mode card: a Pro account, a pay-per-file credit. */
import { expect } from 'vitest';
import { createVerifiedUser, type TestServer } from '../test/harness';

async function payCard(s: TestServer, clientSecret: string) {
  const card = await s.api('/api/payments/test-mode/confirm-card', {
    body: { clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  expect(card.status).toBe(200);
}

/** A verified account on the Pro plan, paid with the test card. */
export async function proUser(s: TestServer) {
  const u = await createVerifiedUser(s);
  const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>('/api/payments/create-payment-intent', {
    body: { amount: 3500, type: 'pro' },
    token: u.token,
  });
  expect(intent.status).toBe(200);
  await payCard(s, intent.body.clientSecret);
  const confirmed = await s.api('/api/payments/confirm', {
    body: { paymentIntentId: intent.body.paymentIntentId },
    token: u.token,
  });
  expect(confirmed.status).toBe(200);
  return u;
}

/** A succeeded $1.49 pay-per-file payment for `email`; returns its payment intent id. */
export async function payForFile(s: TestServer, email: string): Promise<string> {
  const intent = await s.api<{ clientSecret: string; paymentIntentId: string }>('/api/payments/create-payment-intent', {
    body: { amount: 149, type: 'payasyougo', email },
  });
  expect(intent.status).toBe(200);
  await payCard(s, intent.body.clientSecret);
  const confirmed = await s.api('/api/payments/confirm', { body: { paymentIntentId: intent.body.paymentIntentId } });
  expect(confirmed.status).toBe(200);
  return intent.body.paymentIntentId;
}

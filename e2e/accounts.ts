/** Accounts for browser journeys, made through the API (register, verify from the outbox, pay with the test card). */
import type { Page } from 'playwright-core';
import { uniqueEmail, verificationPath } from './helpers';
import type { RunningServer } from './server';

export interface Account {
  email: string;
  token: string;
  user: Record<string, unknown>;
}

async function api<T>(server: RunningServer, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** A verified account on the Pro plan, paid with the test card through the API. */
export async function proAccount(server: RunningServer, prefix = 'pro'): Promise<Account> {
  const email = uniqueEmail(prefix);
  const password = 'correct horse battery';
  await api(server, '/api/auth/register', { email, password, name: 'Pat Pro' });
  await api(server, `/api/auth/verify-email?${verificationPath(server.dataDir, email).split('?')[1]}`);
  const login = await api<{ token: string }>(server, '/api/auth/login', { email, password });
  const intent = await api<{ clientSecret: string; paymentIntentId: string }>(
    server,
    '/api/payments/create-payment-intent',
    { amount: 3500, type: 'pro' },
    login.token,
  );
  await api(server, '/api/payments/test-mode/confirm-card', {
    clientSecret: intent.clientSecret,
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  await api(server, '/api/payments/confirm', { paymentIntentId: intent.paymentIntentId }, login.token);
  const user = await api<Record<string, unknown>>(server, '/api/auth/user', undefined, login.token);
  return { email, token: login.token, user };
}

/** Starts the page's session as the web app stores it (SPEC §3: token and user in local storage). */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token as string);
      localStorage.setItem('user', user as string);
    },
    [account.token, JSON.stringify(account.user)],
  );
}

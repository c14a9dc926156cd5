/**
 * Settings journeys in Chromium: a Pro account's settings page (payments with receipts, password,
 * e-mail change confirmed from the outbox link), API key creation shown once and used over HTTP,
 * revoking it, the API reference, and deleting the account with all its files.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './browser';
import { expectToast, openPage, readMail, shoot, uniqueEmail, verificationPath } from './helpers';
import { type RunningServer, startServer } from './server';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'battery staple horse';

async function post(server: RunningServer, path: string, body: object, token?: string) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
}

/** A verified Pro account made through the API (the vault journeys cover doing it by hand). */
async function proAccount(server: RunningServer, email: string): Promise<void> {
  await post(server, '/api/auth/register', { email, password: PASSWORD, name: 'Sam Settings' });
  await fetch(
    `${server.url}/api${verificationPath(server.dataDir, email).replace('/verify-email', '/auth/verify-email')}`,
  );
  const { token } = await post(server, '/api/auth/login', { email, password: PASSWORD });
  const intent = await post(server, '/api/payments/create-payment-intent', { amount: 3500, type: 'pro' }, token);
  await post(server, '/api/payments/test-mode/confirm-card', {
    clientSecret: intent.clientSecret,
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  await post(server, '/api/payments/confirm', { paymentIntentId: intent.paymentIntentId }, token);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Sign In' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Secure Document Vault' }).waitFor();
}

describe.skipIf(!hasChromium)('settings journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let email = uniqueEmail('settings');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await proAccount(server, email);
    ({ page, errors } = await openPage(browser, server.url));
    page.on('dialog', (d) => void d.accept());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens settings from the user menu: subscription, and the Pro payment with its receipt', async () => {
    await logIn(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Sam Settings' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    const payments = page.getByTestId('payments');
    await payments.getByText('Pro plan, monthly subscription').waitFor();
    expect(await payments.textContent()).toContain('•••• 4242');
    expect(await page.getByRole('region', { name: 'Your plan' }).textContent()).toMatch(/Renews on/);
    expect(readMail(server.dataDir, email)).toContain('Your Statemint receipt: $35');
    await shoot(page, 'settings');
  });

  it('creates an API key shown once, converts with it over HTTP, and revokes it', async () => {
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Key name').fill('Ledger sync');
    // The server's refusals stand under the field they are about.
    await keys.getByLabel('Your password, to confirm').fill('not the password');
    await keys.getByRole('button', { name: 'Create API Key' }).click();
    await keys.getByRole('alert').getByText('password', { exact: false }).waitFor();
    expect(await keys.getByLabel('Your password, to confirm').getAttribute('aria-invalid')).toBe('true');
    await keys.getByLabel('Webhook URL (optional)').fill('http://127.0.0.1:9/hook');
    await keys.getByLabel('Your password, to confirm').fill(PASSWORD);
    await keys.getByRole('button', { name: 'Create API Key' }).click();
    await expect.poll(() => keys.getByLabel('Webhook URL (optional)').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'settings-api-key-errors');
    await keys.getByLabel('Webhook URL (optional)').fill('');
    await keys.getByRole('button', { name: 'Create API Key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^sm_live_/);
    await shoot(page, 'settings-new-api-key');
    await keys.getByRole('button', { name: 'I Have Copied It' }).click();
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });
    const row = keys.getByTestId('api-key').filter({ hasText: 'Ledger sync' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);

    const form = new FormData();
    form.append('file', new Blob(['Date,Description,Amount\n2025-01-02,Coffee,-3.50\n']), 'api.csv');
    const up = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(up.status).toBe(201);

    // Revoking asks in the app, naming the key; keeping it changes nothing.
    await row.getByRole('button', { name: 'Revoke' }).click();
    const ask = page.getByRole('dialog', { name: 'Revoke Ledger sync?' });
    await ask.getByRole('button', { name: 'Keep It' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await row.textContent()).not.toContain('Revoked');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await ask.getByRole('button', { name: 'Revoke Key' }).click();
    await expectToast(page, 'API Key Revoked');
    await row.getByText('Revoked').waitFor();
    const after = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(after.status).toBe(401);
  });

  it('changes the password, then the e-mail once the new address confirms it', async () => {
    const pw = page.getByRole('form', { name: 'Change password' });
    await pw.getByLabel('Current password').fill(PASSWORD);
    await pw.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await pw.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password Changed');

    const newEmail = uniqueEmail('moved');
    const em = page.getByRole('form', { name: 'Change email' });
    await em.getByLabel('New email').fill(newEmail);
    await em.getByLabel('Current password').fill(NEW_PASSWORD);
    await em.getByRole('button', { name: 'Change Email' }).click();
    await expectToast(page, 'Check Your Email');
    const link = readMail(server.dataDir, newEmail).match(/\/verify-email\?change=1&token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(`${server.url}${link}`);
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    email = newEmail;
    // Every session ended with the change: log in again with the new address and password.
    await page.goto(server.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await logIn(page, email, NEW_PASSWORD);
  });

  it('shows the API reference with examples in curl, Python and JavaScript', async () => {
    await page.goto(`${server.url}/docs/api`);
    await page.getByRole('heading', { name: 'Statemint API Reference' }).waitFor();
    await page.getByTestId('endpoint').filter({ hasText: '/api/files/upload' }).first().waitFor();
    expect(await page.getByTestId('example').textContent()).toContain('curl');
    await page.getByRole('tab', { name: 'Python' }).click();
    expect(await page.getByTestId('example').textContent()).toContain('import os, time, requests');
    await page.getByRole('tab', { name: 'JavaScript' }).click();
    expect(await page.getByTestId('example').textContent()).toContain('new FormData()');
    await shoot(page, 'api-docs');
  });

  it('deletes the account and all its files after the password confirmation', async () => {
    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByRole('button', { name: 'Delete My Account and All My Files' }).click();
    await section.getByLabel('Your password, to confirm').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Delete Everything' }).click();
    await expectToast(page, 'Account Deleted');
    await page.waitForURL(`${server.url}/`);
    const login = await post(server, '/api/auth/login', { email, password: NEW_PASSWORD });
    expect(login.code).toBe('INVALID_CREDENTIALS');
    expect(errors).toEqual([]);
  });
});

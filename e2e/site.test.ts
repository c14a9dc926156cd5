/**
 * Journeys that need only the server's auth routes: the expired session, the mobile menu, 404,
 * the static pages, verify-email states, and the SPEC §5 texts of the login and checkout forms.
 */
import { formatPrice, PRICES_CENTS } from '@statemint/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './browser';
import { expectToast, openPage, shoot } from './helpers';
import { type RunningServer, startServer } from './server';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const fakeJwt = (exp: number) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'u1', exp })}.c2ln`;
const storedUser = {
  name: 'Old Session',
  email: 'old@example.com',
  plan: 'pro',
  emailVerified: true,
  autoDeleteEnabled: false,
  fileRetentionDays: 30,
};

describe.skipIf(!hasChromium)('site journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('drops a stored session whose token has expired, without calling the server', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [fakeJwt(Math.floor(Date.now() / 1000) - 60), JSON.stringify(storedUser)] as const,
    );
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("logs out with 'Session expired' when the dashboard call answers 401", async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [fakeJwt(Math.floor(Date.now() / 1000) + 3600), JSON.stringify(storedUser)] as const,
    );
    await page.goto(`${server.url}/dashboard`);
    await expectToast(page, 'Session expired');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
    await shoot(page, 'session-expired');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('redirects /dashboard to / without a session', async () => {
    const { page } = await openPage(browser, `${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it("opens the small-screen menu ('Menu'): Features, Pricing, Security and Login, no Blog", async () => {
    const { page, errors } = await openPage(browser, server.url, 375);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const items = await menu.locator('a, button').allTextContents();
    expect(items).toEqual(['Features', 'Pricing', 'Security', 'Login']);
    await shoot(page, 'mobile-menu');
    await menu.getByRole('link', { name: 'Pricing' }).click();
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Pricing', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the landing page sections and pricing cards from the shared prices', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/bank-statement-converter`);
    for (const id of ['features', 'pricing', 'security']) expect(await page.locator(`#${id}`).count()).toBe(1);
    const pricing = page.locator('#pricing');
    for (const [card, price] of [
      ['Free Trial', '$0'],
      ['Pay-As-You-Go', formatPrice(PRICES_CENTS.payasyougo)],
      ['Pro Monthly', formatPrice(PRICES_CENTS.pro)],
      ['Business', formatPrice(PRICES_CENTS.business)],
    ]) {
      expect(await pricing.getByRole('article', { name: card }).textContent()).toContain(price);
    }
    expect(await pricing.textContent()).toContain('1 conversion every 24 hours');
    const free = await pricing.getByRole('article', { name: 'Free Trial' }).textContent();
    for (const term of [
      'No signup',
      'e-mail needed for tracking',
      'Files expire after 1 hour',
      'Geographic restrictions',
    ])
      expect(free).toContain(term);
    await page.getByText('Frequently asked questions').waitFor();
    await shoot(page, 'landing');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("renders 'Page Not Found' on an unknown path at both widths", async () => {
    const { page } = await openPage(browser, `${server.url}/nope/not-here`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await shoot(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it('serves blog, privacy, terms and pricing pages', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/blog`);
    await page.getByRole('heading', { name: 'Blog' }).waitFor();
    expect(await page.locator('main a[href="/upload"]').count()).toBeGreaterThan(0);
    await shoot(page, 'blog');
    for (const [path, heading] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.locator('main').textContent()).toContain('January 29, 2025');
      expect(await page.locator('main').textContent()).toContain('support@statemint.local');
    }
    expect(await page.locator('main').textContent()).toContain(`${formatPrice(PRICES_CENTS.pro)} per month`);
    await shoot(page, 'terms');
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('article', { name: 'Pro Monthly' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('validates the login modal (SPEC §5 with 8 characters) and closes it with Escape', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    const form = page.getByRole('dialog', { name: 'Create Account' });
    const submit = form.locator('form').getByRole('button', { name: 'Create Account' });
    await form.getByLabel('Email').fill('someone@example.com');
    await submit.click();
    await form.getByText('Please enter your name.').waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Some One');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await form.getByText('Password must be at least 8 characters long.').waitFor();
    await form.getByLabel('Password', { exact: true }).fill('longenough');
    await form.getByLabel('Confirm Password').fill('different');
    await submit.click();
    await form.getByText('Passwords do not match.').waitFor();
    await shoot(page, 'register-modal');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    // A wrong password: the server's message in the form, and in an error toast.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Sign In' });
    await login.getByLabel('Email').fill('nobody@example.com');
    await login.getByLabel('Password', { exact: true }).fill('wrongpassword');
    await login.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Authentication Failed');
    await login.locator('form').getByRole('alert').getByText('Invalid email or password').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the checkout forms’ SPEC §5 texts (Pro sign-up, pay-as-you-go e-mail) and the Test mode card form', async () => {
    const { page, errors } = await openPage(browser, server.url);
    const pricing = page.locator('#pricing');
    await pricing.getByRole('button', { name: 'Get Pro' }).click();
    const pro = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    // SPEC §9: starting a checkout fires an advertising event worth the price in USD.
    const dataLayer = () => page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? []);
    await expect.poll(dataLayer).toEqual([{ event: 'begin_checkout', plan: 'pro', value: 35, currency: 'USD' }]);
    await pro.getByRole('button', { name: 'Continue to Payment' }).click();
    for (const text of ['Email is required', 'Name is required', 'Password is required']) {
      await pro.getByText(text, { exact: true }).waitFor();
    }
    await pro.getByLabel('Email').fill('not-an-email');
    await pro.getByLabel('Password', { exact: true }).fill('1234567');
    await pro.getByLabel('Confirm Password').fill('7654321');
    await pro.getByRole('button', { name: 'Continue to Payment' }).click();
    for (const text of ['Email is invalid', 'Password must be at least 8 characters', 'Passwords do not match']) {
      await pro.getByText(text, { exact: true }).waitFor();
    }
    await shoot(page, 'checkout-pro-validation');
    await page.keyboard.press('Escape');
    await pro.waitFor({ state: 'hidden' });

    await pricing.getByRole('button', { name: 'Pay Per File' }).click();
    const payg = page.getByRole('dialog', { name: 'Pay Per File' });
    await expect
      .poll(async () => (await dataLayer()).at(-1))
      .toEqual({
        event: 'begin_checkout',
        plan: 'payasyougo',
        value: 1.49,
        currency: 'USD',
      });
    await payg.getByRole('button', { name: 'Continue to Payment' }).click();
    await payg.getByText('Email is required for payment receipt').waitFor();
    await payg.getByLabel('Email for your receipt').fill('a@b');
    await payg.getByRole('button', { name: 'Continue to Payment' }).click();
    await payg.getByText('Please enter a valid email address').waitFor();
    await payg.getByLabel('Email for your receipt').fill('buyer@example.com');
    await payg.getByRole('button', { name: 'Continue to Payment' }).click();
    const card = payg.getByRole('form', { name: 'Card payment' });
    await card.getByText('Test mode', { exact: true }).waitFor();
    expect(await payg.getByTestId('amount').textContent()).toBe(formatPrice(PRICES_CENTS.payasyougo));
    // The pay button is aria-disabled until the card is complete; Enter in a field still submits and explains.
    const pay = card.getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)}` });
    expect(await pay.getAttribute('aria-disabled')).toBe('true');
    await card.getByLabel('CVC').press('Enter');
    await card.getByText('Please complete your card information').waitFor();
    await shoot(page, 'checkout-card-form');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('works by keyboard alone: skip link, Login, focus kept in the modal, Escape returns focus', async () => {
    const { page, errors } = await openPage(browser, server.url);
    // The app renders after the load event: a Tab before that has nothing to focus.
    await page.getByText('Skip to content').waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    let onLogin = false;
    for (let i = 0; i < 15 && !onLogin; i++) {
      await page.keyboard.press('Tab');
      onLogin = (await page.evaluate(() => document.activeElement?.textContent)) === 'Login';
    }
    expect(onLogin).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('uses Stripe Elements when a publishable key is configured, and says so when Stripe cannot load', async () => {
    const { page, errors } = await openPage(browser, 'about:blank');
    // No network here: the config names a key and Stripe's script is unreachable, as when offline.
    await page.route('**/api/config', (route) =>
      route.fulfill({
        json: { supportEmail: 'help@example.com', stripePublishableKey: 'pk_test_offline', testMode: false },
      }),
    );
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await page.goto(server.url);
    await page.locator('footer').getByRole('link', { name: 'help@example.com' }).waitFor();
    await page.locator('#pricing').getByRole('button', { name: 'Pay Per File' }).click();
    const payg = page.getByRole('dialog', { name: 'Pay Per File' });
    await payg.getByLabel('Email for your receipt').fill('buyer@example.com');
    await payg.getByRole('button', { name: 'Continue to Payment' }).click();
    const card = payg.getByRole('form', { name: 'Card payment' });
    await card.waitFor();
    expect(await card.getByText('Test mode').count()).toBe(0);
    await card.getByRole('button', { name: /^Pay / }).click({ force: true });
    await card.getByText('Payment system not available. Please check your connection and try again.').waitFor();
    expect(errors.filter((e) => !/stripe/i.test(e))).toEqual([]);
    await page.context().close();
  });

  it('verify-email: no token, a bad token, and a working resend form', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/verify-email`);
    await page.getByText('No verification token provided').waitFor();
    await page.goto(`${server.url}/verify-email?token=not-a-real-token`);
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('button', { name: 'Request New Verification Email' }).click();
    await page.getByLabel('Your email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send New Link' }).click();
    await expectToast(page, 'Verification Email Sent');
    await shoot(page, 'verify-email-error');
    // An expired link (24 hours) and a network failure, played back at the browser's edge.
    await page.route('**/api/auth/verify-email?**', (route) =>
      route.fulfill({
        status: 400,
        json: { code: 'TOKEN_EXPIRED', message: 'This verification link has expired. Please request a new one.' },
      }),
    );
    await page.goto(`${server.url}/verify-email?token=old-token`);
    await page.getByRole('heading', { name: 'Link Expired' }).waitFor();
    await page.getByRole('button', { name: 'Request New Verification Email' }).waitFor();
    await page.unroute('**/api/auth/verify-email?**');
    await page.route('**/api/auth/verify-email?**', (route) => route.abort());
    await page.goto(`${server.url}/verify-email?token=any-token`);
    await page.getByText('Failed to verify email. Please try again.').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

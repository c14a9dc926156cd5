import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SCREENSHOT_DIR } from './browser';
import { type RunningServer, startServer } from './server';

describe.skipIf(!hasChromium)('landing page and 404 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the product name, the header links and the footer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(server.url);
    await expect(page.title()).resolves.toContain('Statemint');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Features', 'Pricing', 'Blog', 'Security']) {
      await expect(nav.getByRole('link', { name: link }).isVisible()).resolves.toBe(true);
    }
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(true);
    await expect(footer.getByRole('link', { name: 'Terms of Service' }).isVisible()).resolves.toBe(true);
    await expect(footer.textContent()).resolves.toContain('2025');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'landing-1280.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("renders 'Page Not Found' with a 404 status on an unknown path", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'not-found-375.png') });
    await page.close();
  });

  it('answers the health check', async () => {
    const r = await fetch(`${server.url}/api/health`);
    expect(await r.json()).toEqual({ status: 'ok' });
  });
});

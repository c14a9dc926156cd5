/** Shared steps of the browser journeys: pages that collect console errors, screenshots, the outbox. */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser';

export interface TrackedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openPage(browser: Browser, url: string, width = 1280): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // Failed API calls the journey provokes on purpose (402, 429, 401) are logged by the browser itself.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  return { page, errors };
}

/** Saves the page at 1280 px and at 375 px, then restores the viewport. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize(original);
}

/** The e-mails to `to` in the data folder's outbox, oldest first, with quoted-printable undone. */
function mailsTo(dataDir: string, to: string): string[] {
  const dir = join(dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {}
  return names
    .map((name) =>
      readFileSync(join(dir, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '='),
    )
    .filter((text) => text.toLowerCase().includes(to.toLowerCase()));
}

/** The newest e-mail to `to` in the data folder's outbox, with quoted-printable undone. */
export function readMail(dataDir: string, to: string): string {
  const last = mailsTo(dataDir, to).at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return last;
}

/**
 * The first match of `pattern` in the newest e-mail to `to` that has one, waiting for it: the
 * server answers some requests (a password reset) before its mail is written.
 */
export async function waitForMail(dataDir: string, to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const text of mailsTo(dataDir, to).reverse()) {
      const found = text.match(pattern);
      if (found) return found[0];
    }
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The path and query of the verification link e-mailed to `to`. */
export function verificationPath(dataDir: string, to: string): string {
  const m = readMail(dataDir, to).match(/\/verify-email\?token=[A-Za-z0-9%._~-]+/);
  if (!m) throw new Error('no verification link in the e-mail');
  return m[0];
}

/** Waits for a toast with this title (one is visible at a time). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor({ state: 'visible' });
  if (description !== undefined) {
    const text = await toast.textContent();
    if (!text?.includes(description)) throw new Error(`toast '${title}' reads '${text}', expected '${description}'`);
  }
}

export async function readDownload(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

/** Fills the test-mode card form and pays. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByText('Test mode', { exact: true }).waitFor();
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/**
 * Issue 27, no lost money, in Chromium: a pay-as-you-go payment made before the upload survives a
 * reload and is used after it; its receipt (sent at payment) links to it from another device;
 * several chosen files are paid for at once; files the free trial did not cover are offered to pay.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { formatPrice, PRICES_CENTS, paymentAmount } from '@statemint/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './browser';
import { openPage, payWithCard, shoot, uniqueEmail } from './helpers';
import { type RunningServer, startServer } from './server';
import { csvExport, fixtureRows } from './statements';

const csv = (name: string, rows: number) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(csvExport(fixtureRows(rows))),
});

/** The receipt e-mailed to `to` (quoted-printable undone); the converted files' e-mails come after it. */
function receiptTo(dataDir: string, to: string): string {
  const dir = join(dataDir, 'outbox');
  const mail = readdirSync(dir)
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '='),
    )
    .find((m) => m.toLowerCase().includes(to.toLowerCase()) && m.includes('Subject: Your Statemint receipt'));
  if (!mail) throw new Error(`no receipt to ${to}`);
  return mail;
}

async function axe(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Every file row converted (or, for one file, its result shown). */
async function allConverted(page: Page, count: number) {
  if (count === 1) {
    await page.getByRole('region', { name: 'Conversion complete' }).waitFor({ timeout: 90_000 });
    return;
  }
  await expect
    .poll(() => page.locator('[data-testid="upload-item"][data-state="completed"]').count(), { timeout: 90_000 })
    .toBe(count);
}

describe.skipIf(!hasChromium)('pay-as-you-go credits in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a payment made before the upload survives a reload, and the link in its receipt converts on another device', async () => {
    const email = uniqueEmail('credit');
    const { page, errors } = await openPage(browser, `${server.url}/upload`);
    await page.getByRole('button', { name: 'Choose Different Option' }).click();
    await page.getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay Per File' });
    await dialog.getByLabel('Email for your receipt').fill(email);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('region', { name: 'Payment Received' }).waitFor();

    // Reloaded before choosing a file: the payment is still there, nothing to type again.
    await page.reload();
    const received = page.getByRole('region', { name: 'Payment Received' });
    await received.waitFor();
    expect(await received.textContent()).toContain('kept until used');
    expect(await received.getByLabel('Email for your receipt').count()).toBe(0);
    await axe(page, 'upload page holding a payment');
    await shoot(page, 'payg-credit-after-reload');

    // The receipt went out at payment, with the link to the payment.
    const link = receiptTo(server.dataDir, email).match(/Convert your file: (\S+)/)?.[1];
    expect(link).toContain('/upload?payment=');
    // Another device (a fresh browser profile): the link alone brings the payment back.
    const other = await openPage(browser, link!);
    // The e-mailed link is on the server's public address (localhost): the fragment is gone once read.
    await other.page.waitForURL(/\/upload$/);
    await other.page.getByRole('region', { name: 'Payment Received' }).waitFor();
    await other.page.getByTestId('file-input').setInputFiles(csv('april.csv', 5));
    await other.page.getByRole('button', { name: 'Convert Statement' }).click();
    await allConverted(other.page, 1);
    expect(other.errors).toEqual([]);
    await other.page.context().close();

    // Used: the first browser no longer offers it and is back to the free trial.
    await page.reload();
    await page.getByRole('region', { name: 'Free Trial' }).waitFor();
    expect(await page.getByRole('region', { name: 'Payment Received' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('several chosen files are paid for at once, and files the free trial did not cover can be paid for', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/upload`);
    const email = uniqueEmail('several');
    // Two files in pay-as-you-go mode: one payment for both, converted when paid.
    await page.getByRole('button', { name: 'Choose Different Option' }).click();
    await page.getByTestId('file-input').setInputFiles([csv('may.csv', 4), csv('june.csv', 6)]);
    const two = formatPrice(paymentAmount('payasyougo', 2));
    await page.getByRole('button', { name: `Pay ${two} for 2 Files and Convert` }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay Per File' });
    expect(await dialog.textContent()).toContain(`${two} for your 2 files`);
    await dialog.getByLabel('Email for your receipt').fill(email);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    expect(await dialog.getByTestId('amount').textContent()).toBe(two);
    await axe(page, 'checkout for two files');
    await payWithCard(page, '4242 4242 4242 4242');
    await allConverted(page, 2);
    expect(receiptTo(server.dataDir, email)).toContain('For: 2 file conversions (pay-as-you-go)');
    await shoot(page, 'payg-two-files');

    // The free trial converts one of two files; the other is offered for one payment.
    await page.getByRole('button', { name: 'Convert Other Files' }).click();
    await page.getByRole('region', { name: 'Free Trial' }).waitFor();
    await page.getByLabel('Email for free trial').fill(uniqueEmail('trial'));
    await page.getByTestId('file-input').setInputFiles([csv('july.csv', 3), csv('august.csv', 7)]);
    await page.getByRole('button', { name: 'Convert 2 Statements' }).click();
    const refused = page.locator('[data-testid="upload-item"][data-state="refused"]');
    await refused.waitFor({ timeout: 90_000 });
    expect(await refused.textContent()).toContain('The free trial converts one file every 24 hours');
    await page.locator('[data-testid="upload-item"][data-state="completed"]').waitFor({ timeout: 90_000 });
    await page
      .getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)} to Convert the Other File` })
      .click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await allConverted(page, 2);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/**
 * Conversion journeys without an account: the free trial (convert, check, download CSV/XLSX/JSON),
 * its cooldown on a second try, pay-per-file with the test card, and a declined card.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatPrice, PRICES_CENTS, TEXTS } from '@statemint/shared';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './browser';
import { fixtureRows, statementPdf } from './fixtures';
import { expectToast, openPage, payWithCard, readDownload, shoot, uniqueEmail } from './helpers';
import { type RunningServer, startServer } from './server';

const rows = fixtureRows();

async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Conversion complete' })
      .getByRole('button', { name: button, exact: true })
      .click(),
  ]);
  return { name: dl.suggestedFilename(), body: await readDownload(dl) };
}

async function waitForResult(page: Page) {
  const done = page.getByRole('region', { name: 'Conversion complete' });
  const failed = page.getByRole('region', { name: 'Conversion failed' });
  await done.or(failed).waitFor({ timeout: 90_000 });
  if (await failed.isVisible()) throw new Error(`conversion failed: ${await failed.textContent()}`);
  return done;
}

describe.skipIf(!hasChromium)('conversion journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let pdfPath: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    pdfPath = join(tmpdir(), `April statement ${process.pid}.pdf`);
    writeFileSync(pdfPath, await statementPdf(rows));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('free trial: converts a PDF, shows Balanced and a preview, downloads CSV, XLSX and JSON; a second try cools down', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/upload`);
    await page.getByRole('region', { name: 'Free Trial' }).waitFor();
    // SPEC §5 upload checks before anything is sent.
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await expectToast(
      page,
      'Unsupported file type',
      'Please select PDF, images (JPG, PNG, TIFF), documents (DOC, TXT, RTF), or ZIP files.',
    );
    await page.getByTestId('file-input').setInputFiles(pdfPath);
    await page.getByTestId('chosen-file').waitFor();
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    await expectToast(page, 'Email Required', 'Please enter your email for free trial conversion.');
    await shoot(page, 'upload-free-trial');

    await page.getByLabel('Email for free trial').fill(uniqueEmail('trial'));
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    const done = await waitForResult(page);
    expect(await done.textContent()).toContain(`${rows.length} transactions`);
    expect(await done.getByTestId('balance-check').textContent()).toContain('Balanced');
    // Every row, in the review grid.
    await done.getByRole('grid').getByText('Salary deposit 1').waitFor();
    await shoot(page, 'upload-completed');

    const csv = await download(page, 'CSV');
    expect(csv.name).toMatch(/_converted\.csv$/);
    const csvText = csv.body.toString('utf8');
    expect(csvText.split(/\r?\n/)[0]).toContain('Date');
    for (const r of rows) expect(csvText).toContain(r.description);
    // DECISIONS.md's other CSV column sets.
    const simple = await download(page, 'CSV (simple)');
    expect(simple.name).toMatch(/_converted\.csv$/);
    expect(simple.body.toString('utf8').split(/\r?\n/)[0]).toBe('Date,Description,Amount,Reference,Category');
    const accounting = await download(page, 'CSV (accounting)');
    expect(accounting.body.toString('utf8').split(/\r?\n/)[0]).toBe('Date,Description,Debit,Credit,Balance');

    const xlsx = await download(page, 'Excel');
    expect(xlsx.name).toMatch(/_converted\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.body).buffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
    expect(cells.join('\n')).toContain('Grocery store purchase 2');

    const json = await download(page, 'JSON');
    expect(json.name).toMatch(/_converted\.json$/);
    const jsonText = json.body.toString('utf8');
    expect(() => JSON.parse(jsonText)).not.toThrow();
    expect(jsonText).toContain('Salary deposit 4');

    // Convert Another File resets to the free trial; the same device is now in its 24-hour cooldown.
    await page.getByRole('button', { name: 'Convert Another File' }).click();
    await page.getByRole('region', { name: 'Free Trial' }).waitFor();
    expect(await page.getByLabel('Email for free trial').inputValue()).toBe('');
    await page.getByLabel('Email for free trial').fill(uniqueEmail('again'));
    await page.getByTestId('file-input').setInputFiles(pdfPath);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    await expectToast(page, 'Free Trial Cooldown', TEXTS.upgradeForMore);
    // Said on the page too: the next free time (24 hours after the first), and paying for this file now.
    const used = page.getByRole('region', { name: 'Free trial used' });
    expect(await used.getByTestId('free-trial-next').textContent()).toMatch(
      /Your next free conversion: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\./,
    );
    await shoot(page, 'upload-cooldown');
    await used.getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)} and Convert Now` }).click();
    await page.getByRole('dialog', { name: 'Pay Per File' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pay-as-you-go: a declined card, then the test card, the redirect, and a paid conversion', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/upload`);
    await page.getByRole('button', { name: 'Choose Different Option' }).click();
    await page.getByRole('region', { name: 'Pay-As-You-Go' }).waitFor();
    await page.getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay Per File' });
    await dialog.getByLabel('Email for your receipt').fill(uniqueEmail('payg'));
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4000 0000 0000 0002');
    await dialog
      .getByRole('alert')
      .filter({ hasText: /declined/i })
      .waitFor();
    await shoot(page, 'payg-declined');

    await payWithCard(page, '4242 4242 4242 4242');
    // SPEC §2: /upload?payment={id}&mode=payasyougo, then cleaned back to /upload.
    await page.waitForURL(`${server.url}/upload`);
    await page.getByRole('region', { name: 'Payment Received' }).waitFor();
    await page.getByTestId('file-input').setInputFiles(pdfPath);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    const done = await waitForResult(page);
    expect(await done.getByTestId('balance-check').textContent()).toContain('Balanced');
    const csv = await download(page, 'CSV');
    expect(csv.body.toString('utf8')).toContain('Salary deposit 1');
    await shoot(page, 'payg-completed');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pay-as-you-go arrival without the checkout e-mail at hand asks for it and keeps the field while typing', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/upload?payment=pi_elsewhere&mode=payasyougo`);
    await page.waitForURL(`${server.url}/upload`);
    const received = page.getByRole('region', { name: 'Payment Received' });
    const field = received.getByLabel('Email for your receipt');
    await field.pressSequentially('buyer@example.com');
    expect(await field.inputValue()).toBe('buyer@example.com');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

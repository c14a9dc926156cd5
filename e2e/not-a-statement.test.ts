/**
 * A document that is no bank statement (an invoice) fails, says so, and costs nothing: the same
 * visitor converts a statement right after with the same free trial (DECISIONS.md).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleLetterPdf } from '../packages/server/src/files/sample-statements';
import { hasChromium, launchBrowser } from './browser';
import { fixtureRows, statementPdf } from './fixtures';
import { openPage, shoot, uniqueEmail } from './helpers';
import { type RunningServer, startServer } from './server';

describe.skipIf(!hasChromium)('a document that is no statement, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const invoicePath = join(tmpdir(), `Invoice ${process.pid}.pdf`);
  const statementPath = join(tmpdir(), `May statement ${process.pid}.pdf`);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    writeFileSync(invoicePath, sampleLetterPdf());
    writeFileSync(statementPath, await statementPdf(fixtureRows(4)));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('fails an invoice without using the free trial, then converts a statement', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/upload`);
    const email = uniqueEmail('invoice');
    await page.getByLabel('Email for free trial').fill(email);
    await page.getByTestId('file-input').setInputFiles(invoicePath);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    const failed = page.getByRole('region', { name: 'Conversion failed' });
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.textContent()).toContain('did not use up your free trial');
    await shoot(page, 'upload-not-a-statement');

    await failed.getByRole('button', { name: 'Convert Another File' }).click();
    expect(await page.getByLabel('Email for free trial').inputValue()).toBe(email);
    await page.getByTestId('file-input').setInputFiles(statementPath);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    await page.getByRole('region', { name: 'Conversion complete' }).waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/**
 * Account journeys: register, verify from the outbox link, log in, the dashboard, Pro upgrade with the
 * test card, upload, download, delete, restore of an archived file, cancel, logout; a password reset
 * from the login modal (another device signed out, the link used once, the old password refused); and
 * a Pro checkout that creates the account and lands on the dashboard.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEXTS } from '@statemint/shared';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './browser';
import { fixtureRows, statementPdf } from './fixtures';
import {
  expectToast,
  openPage,
  payWithCard,
  readDownload,
  shoot,
  uniqueEmail,
  verificationPath,
  waitForMail,
} from './helpers';
import { type RunningServer, startServer } from './server';

const PASSWORD = 'correct horse battery';

async function uploadOnDashboard(page: Page, pdfPath: string) {
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByTestId('file-input').setInputFiles(pdfPath);
  await page.getByRole('button', { name: 'Convert Statement' }).click();
  const done = page.getByRole('region', { name: 'Conversion complete' });
  const failed = page.getByRole('region', { name: 'Conversion failed' });
  await done.or(failed).waitFor({ timeout: 90_000 });
  if (await failed.isVisible()) throw new Error(`conversion failed: ${await failed.textContent()}`);
  return done;
}

/**
 * The restore status of the account's one file once its restore has ended (completed, or null when
 * abandoned), polled on the database for as long as the restore runs.
 */
async function restoreEnded(dataDir: string, email: string): Promise<string | null> {
  for (;;) {
    const db = new Database(join(dataDir, 'statemint.db'), { readonly: true });
    try {
      const row = db
        .prepare(
          `SELECT files.restore_status AS status FROM files JOIN users ON users.id = files.user_id
           WHERE users.email = ?`,
        )
        .get(email) as { status: string | null } | undefined;
      if (row && row.status !== 'requested' && row.status !== 'in_progress') return row.status;
    } finally {
      db.close();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!hasChromium)('account and vault journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let pdfPath: string;
  const email = uniqueEmail('vault');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    pdfPath = join(tmpdir(), `Vault statement ${process.pid}.pdf`);
    writeFileSync(pdfPath, await statementPdf(fixtureRows(6)));
    ({ page, errors } = await openPage(browser, server.url));
    page.on('dialog', (d) => void d.accept());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers, verifies from the outbox link, logs in and upgrades to Pro from the dashboard', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).getByRole('tab', { name: 'Create Account' }).click();
    const reg = page.getByRole('dialog', { name: 'Create Account' });
    await reg.getByLabel('Name', { exact: true }).fill('Vera Vault');
    await reg.getByLabel('Email').fill(email);
    await reg.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await reg.getByLabel('Confirm Password').fill(PASSWORD);
    await reg.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Check Your Email');
    await reg.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}${verificationPath(server.dataDir, email)}`);
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await shoot(page, 'verify-email-success');
    await page.getByRole('button', { name: 'Go to Login' }).click();
    const login = page.getByRole('dialog', { name: 'Sign In' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Secure Document Vault' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Welcome back, Vera Vault');
    expect(await page.getByTestId('plan-label').textContent()).toBe('Free plan');
    for (const title of ['Total Files', 'Storage Used', 'Monthly Uploads', 'Monthly Restores'])
      await page.getByText(title, { exact: true }).waitFor();
    await shoot(page, 'dashboard-free');

    // SPEC §6: a free account's upload is checked for free-trial eligibility first; a refusal sends nothing.
    await page.route('**/api/check-free-trial', (route) =>
      route.fulfill({
        json: {
          canUse: false,
          code: 'FREE_TRIAL_COOLDOWN',
          reason: TEXTS.freeTrialCooldown,
        },
      }),
    );
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/files\/upload/.test(r.url())) uploads.push(r.url());
    });
    await page.getByRole('tab', { name: 'Upload' }).click();
    await page.getByTestId('file-input').setInputFiles(pdfPath);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    await expectToast(page, 'Free Trial Cooldown', TEXTS.upgradeForMore);
    expect(uploads).toEqual([]);
    await page.unroute('**/api/check-free-trial');
    await page.getByRole('tab', { name: 'My Files' }).click();

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await expectToast(page, 'Upgrade Successful');
    await page.getByTestId('plan-label').filter({ hasText: 'Pro plan' }).waitFor();
    await page.getByRole('region', { name: 'Subscription' }).waitFor();
    await page.getByRole('button', { name: 'Upload First File' }).waitFor();
    await shoot(page, 'dashboard-pro');
    expect(errors).toEqual([]);
  });

  it('uploads on the dashboard, downloads from the file menu, and deletes the file', async () => {
    const done = await uploadOnDashboard(page, pdfPath);
    expect(await done.getByTestId('balance-check').textContent()).toContain('Balanced');
    await page.getByRole('tab', { name: 'My Files' }).click();
    const row = page.getByTestId('file-row').filter({ hasText: 'Vault statement' });
    await row.waitFor();
    expect(await row.textContent()).toContain('6 transactions');
    // Each file says when it will be deleted (30 days after upload without auto-delete).
    expect(await row.getByTestId('delete-at').textContent()).toMatch(/^Deleted on \S/);
    expect(await row.getByTestId('file-reconciliation').textContent()).toContain('Balanced');
    await row.getByRole('button', { name: 'Download' }).click();
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV', exact: true }).click(),
    ]);
    expect(dl.suggestedFilename()).toMatch(/_converted\.csv$/);
    expect((await readDownload(dl)).toString('utf8')).toContain('Salary deposit 1');
    await expectToast(page, 'Download Started');
    await row.getByRole('button', { name: 'Download' }).click();
    const [accounting] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (accounting)' }).click(),
    ]);
    expect((await readDownload(accounting)).toString('utf8').split(/\r?\n/)[0]).toBe(
      'Date,Description,Debit,Credit,Balance',
    );
    await shoot(page, 'dashboard-files');

    await row.getByRole('button', { name: /^Delete / }).click();
    // An in-app confirmation that names the file (not the browser's confirm()).
    const confirmDelete = page.getByRole('dialog', { name: `Delete Vault statement ${process.pid}.pdf?` });
    expect(await confirmDelete.textContent()).toContain('This action cannot be undone.');
    await confirmDelete.getByRole('button', { name: 'Delete file' }).click();
    await expectToast(page, 'File Deleted');
    await page.getByRole('button', { name: 'Upload First File' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('opens the payment chooser when the monthly quota is used up', async () => {
    // 400 uploads are too many to make here: the server's QUOTA_EXCEEDED answer is played back once.
    await page.route('**/api/files/upload', (route) =>
      route.fulfill({
        status: 403,
        json: { code: 'QUOTA_EXCEEDED', message: 'You have used all 400 uploads of your plan this month.' },
      }),
    );
    await page.getByRole('tab', { name: 'Upload' }).click();
    await page.getByTestId('file-input').setInputFiles(pdfPath);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    await expectToast(page, 'Payment Required', 'Please choose a payment option to continue.');
    const chooser = page.getByRole('dialog', { name: 'Choose a Payment Option' });
    expect(await chooser.textContent()).toContain('Payment Required: Please choose a payment option to continue.');
    for (const option of ['Pay Per File $1.49', 'Pro $35', 'Business $100'])
      await chooser.getByRole('button', { name: option }).waitFor();
    await shoot(page, 'payment-chooser');
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });
    await page.unroute('**/api/files/upload');
    await page.getByRole('tab', { name: 'My Files' }).click();
  });

  it('restores an archived file', async () => {
    await page.getByRole('button', { name: 'Upload First File' }).click();
    await uploadOnDashboard(page, pdfPath);
    // 24 hours later the file is archived: its conversion is moved back a day on the database (the
    // rule reads the times, so the file is archived before the sweeper has marked it).
    const db = new Database(join(server.dataDir, 'statemint.db'));
    try {
      db.prepare("UPDATE files SET completed_at = completed_at - 25 * 3600000 WHERE status = 'completed'").run();
    } finally {
      db.close();
    }
    await page.reload();
    const row = page.getByTestId('file-row').first();
    await row.getByText('Archived', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, 'Restoration Requested');
    // The restore runs in the background: requested -> in_progress -> completed ('Available'). The
    // dashboard does not follow it, so the test waits for the server to record it (however long a
    // loaded machine takes), then reloads once.
    expect(await restoreEnded(server.dataDir, email)).toBe('completed');
    await page.reload();
    await row.getByText('Available', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Download' }).waitFor();
    await shoot(page, 'dashboard-restored');
    // 'Original' opens the server's signed download link in a new tab.
    const [tab, request] = await Promise.all([
      page.context().waitForEvent('page'),
      page.context().waitForEvent('request', (r) => /\/api\/files\/[^/]+\/original\?token=/.test(r.url())),
      row.getByRole('button', { name: 'Original' }).click(),
    ]);
    // The tab closes itself once the download starts; the signed link serves the uploaded PDF.
    const original = await fetch(request.url());
    expect(original.status).toBe(200);
    expect(
      Buffer.from(await original.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    if (!tab.isClosed()) await tab.close();
    expect(errors).toEqual([]);
  });

  it('pages, searches, filters and sorts the vault', async () => {
    // 30 more files of the account, written as conversions leave them, a day apart each pair.
    const db = new Database(join(server.dataDir, 'statemint.db'));
    const day = 24 * 3600_000;
    const now = Date.now();
    const words = ['Brokerage', 'savings', 'Checking'];
    try {
      const { id: userId } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
      const insert = db.prepare(`INSERT INTO files (id, user_id, mode, original_filename, file_size, input_kind, status,
        transaction_count, statement_count, currency, reconciliation, outputs, outputs_size, restore_expedited, attempts,
        created_at, completed_at, archived_at) VALUES (?, ?, 'subscription', ?, 2048, 'pdf', ?, 12, 1, 'EUR',
        '{"status":"balanced","mismatchCount":0}', '{"csv":100}', 100, 0, 1, ?, ?, ?)`);
      for (let i = 0; i < 30; i++) {
        const created = now - (1 + Math.floor(i / 2)) * day - i * 60_000;
        const failed = i % 5 === 4;
        insert.run(
          `seeded-file-${String(i).padStart(2, '0')}`,
          userId,
          `${words[i % 3]} ${String(i).padStart(2, '0')}.pdf`,
          failed ? 'failed' : 'archived',
          created,
          created + 30_000,
          failed ? null : created + day,
        );
      }
      // What the files repository keeps with each change, counted again for rows written by hand (a
      // NULL restore_status counts 0: compared in SQL it is NULL, and a sum of NULLs alone is NULL).
      db.exec(`INSERT INTO vault_totals (user_id, files, bytes, archived, restored)
        SELECT user_id, count(*), sum(file_size + outputs_size), sum(status = 'archived'),
          sum(coalesce(restore_status, '') = 'completed')
        FROM files WHERE user_id IS NOT NULL GROUP BY user_id
        ON CONFLICT (user_id) DO UPDATE SET files = excluded.files, bytes = excluded.bytes,
          archived = excluded.archived, restored = excluded.restored`);
    } finally {
      db.close();
    }
    await page.reload();
    const rows = page.getByTestId('file-row');
    const count = page.getByTestId('vault-count');
    await count.getByText('Showing 25 of 31 files').waitFor();
    expect(await rows.count()).toBe(25);
    // The newest first: the restored upload, then the seeded files a day older each pair.
    expect(await rows.first().textContent()).toContain('Vault statement');
    await page.getByRole('button', { name: 'Load more files' }).click();
    await count.getByText('Showing 31 of 31 files').waitFor();
    expect(await rows.count()).toBe(31);
    await page.getByRole('button', { name: 'Load more files' }).waitFor({ state: 'detached' });

    const search = page.getByRole('search', { name: 'Search files' });
    await search.getByLabel('Search by name').fill('BROKER');
    await count.getByText('10 matching files').waitFor();
    for (const text of await rows.allTextContents()) expect(text).toContain('Brokerage');
    await search.getByLabel('Status').selectOption({ label: 'Failed' });
    await count.getByText('2 matching files').waitFor();
    for (const text of await rows.allTextContents()) expect(text).toMatch(/Brokerage \d\d\.pdf.*Failed/s);
    await shoot(page, 'dashboard-search');
    await search.getByLabel('Search by name').fill('nothing like this');
    await page.getByRole('heading', { name: 'No files match your search' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    // Back to the list as it was, both pages.
    await count.getByText('Showing 31 of 31 files').waitFor();

    await search.getByLabel('Sort by').selectOption({ label: 'Name A–Z' });
    await rows.first().getByText('Brokerage 00.pdf').waitFor();
    await search.getByLabel('Sort by').selectOption({ label: 'Name Z–A' });
    await rows.first().getByText('Vault statement', { exact: false }).waitFor();

    // Uploaded on one day: the two seeded files of three days ago.
    const threeDaysAgo = new Date(now - 3 * 24 * 3600_000);
    const iso = `${threeDaysAgo.getFullYear()}-${String(threeDaysAgo.getMonth() + 1).padStart(2, '0')}-${String(threeDaysAgo.getDate()).padStart(2, '0')}`;
    await search.getByLabel('Uploaded from').fill(iso);
    await search.getByLabel('Uploaded to').fill(iso);
    // The count after both dates apply (with "from" alone, the files since that day match first).
    await count.getByText(/^[1-3] matching files?$/).waitFor();
    const onDay = await rows.allTextContents();
    expect(onDay.length).toBeGreaterThanOrEqual(1);
    expect(onDay.length).toBeLessThanOrEqual(3);
    await page.getByRole('button', { name: 'Clear search' }).waitFor({ state: 'detached' });
    await search.getByLabel('Uploaded from').fill('');
    await search.getByLabel('Uploaded to').fill('');
    await search.getByLabel('Sort by').selectOption({ label: 'Newest first' });
    await count.getByText('Showing 31 of 31 files').waitFor();
    expect(errors).toEqual([]);
  });

  it('cancels the subscription after the confirm prompt, then logs out from the user menu', async () => {
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirmCancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirmCancel.getByRole('button', { name: 'Keep Subscription' }).click();
    await confirmCancel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await confirmCancel.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expectToast(page, 'Subscription Canceled');
    await page.getByText(/Canceled: access until/).waitFor();
    await shoot(page, 'dashboard-canceled');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = () => fetch(`${server.url}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
    // Logging out ends the session on the server too: the old token no longer works.
    for (let i = 0; i < 20 && (await me()).status !== 401; i++) await page.waitForTimeout(100);
    expect((await me()).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('resets a forgotten password from the login modal: every old session ends, the link works once, only the new password signs in', async () => {
    // Another device is signed in with the old password.
    const other = await openPage(browser, server.url);
    await other.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const otherLogin = other.page.getByRole('dialog', { name: 'Sign In' });
    await otherLogin.getByLabel('Email').fill(email);
    await otherLogin.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await otherLogin.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await other.page.waitForURL(`${server.url}/dashboard`);
    await other.page.getByRole('tab', { name: 'My Files' }).waitFor();
    const oldToken = await other.page.evaluate(() => localStorage.getItem('token'));
    const me = (token: string | null) =>
      fetch(`${server.url}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me(oldToken)).status).toBe(200);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${server.url}/reset-password`);
    const request = page.getByRole('form', { name: 'Request a password reset' });
    await request.getByLabel('Your email').fill(email);
    await request.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: 'reset its password' }).waitFor();
    // The request is answered before its mail is written (alike for every address).
    const link = await waitForMail(server.dataDir, email, /\/reset-password\?token=[A-Za-z0-9%._~-]+/);
    await page.goto(`${server.url}${link}`);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password', { exact: true }).fill('a new password');
    await form.getByLabel('Confirm new password').fill('a new password');
    await form.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    await shoot(page, 'password-reset-done');

    // The other device's session is gone: its token is refused, and its dashboard signs it out.
    expect((await me(oldToken)).status).toBe(401);
    await other.page.reload();
    await expectToast(other.page, 'Session expired');
    await other.page.waitForURL(`${server.url}/`);
    await other.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
    expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(other.errors).toEqual([]);
    await other.page.context().close();

    // The link works once.
    await page.goto(`${server.url}${link}`);
    const again = page.getByRole('form', { name: 'Choose a new password' });
    await again.getByLabel('New password', { exact: true }).fill('yet another password');
    await again.getByLabel('Confirm new password').fill('yet another password');
    await again.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'invalid or has already been used' }).waitFor();

    // The old password no longer signs in; the new one does.
    await page.goto(server.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Sign In' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Authentication Failed', 'Invalid email or password');
    await login.getByLabel('Password', { exact: true }).fill('a new password');
    await login.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    expect(errors).toEqual([]);
  });

  it('Pro checkout without an account creates it and lands on the dashboard with the Pro label', async () => {
    const { page: p, errors: errs } = await openPage(browser, `${server.url}/#pricing`);
    await p.locator('#pricing').getByRole('button', { name: 'Get Pro' }).click();
    const dialog = p.getByRole('dialog', { name: 'Upgrade to Pro' });
    await dialog.getByLabel('Name').fill('Paula Pro');
    await dialog.getByLabel('Email').fill(uniqueEmail('pro'));
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(p, '4242 4242 4242 4242');
    await p.waitForURL(`${server.url}/dashboard`);
    await p.getByTestId('plan-label').filter({ hasText: 'Pro plan' }).waitFor();
    await shoot(p, 'checkout-pro-dashboard');
    // The new account has not verified its e-mail yet: the banner resends the link.
    await p
      .getByRole('region', { name: 'Please verify your email address' })
      .getByRole('button', { name: 'Resend Email' })
      .click();
    await expectToast(p, 'Verification Email Sent');
    // Auto-delete: the retention dropdown appears only while it is on.
    const subscription = p.getByRole('region', { name: 'Subscription' });
    expect(await subscription.getByRole('combobox', { name: 'Retention period' }).count()).toBe(0);
    await subscription.getByRole('switch', { name: 'Auto-delete files' }).click();
    await expectToast(p, 'Settings Updated');
    const retention = subscription.getByRole('combobox', { name: 'Retention period' });
    expect(await retention.textContent()).toContain('30 days');
    await retention.click();
    const options = await p.getByRole('option').allTextContents();
    expect(options).toEqual(['1 day', '3 days', '7 days', '14 days', '30 days']);
    await p.getByRole('option', { name: '7 days' }).click();
    await subscription.getByRole('combobox', { name: 'Retention period' }).filter({ hasText: '7 days' }).waitFor();
    await shoot(p, 'dashboard-retention');
    expect(errs).toEqual([]);
    await p.context().close();
  });
});

/**
 * Issue 27, rules that learn and export options, in Chromium: a Pro user makes a payee and category
 * rule from a row of one statement ("always call AMZN Mktp 'Amazon', category Office"); the next
 * upload of that account downloads with the payee and category in its CSV and QIF. The CSV's columns
 * chosen and ordered are remembered for the account, on another browser too. Axe scans of both dialogs.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, proAccount, signIn } from './accounts';
import { hasChromium, launchBrowser } from './browser';
import { expectToast, openPage, readDownload, shoot } from './helpers';
import { type RunningServer, startServer } from './server';

/** A bank's CSV export of account 12-3456-789 (the number on its first line). */
function accountCsv(name: string, rows: Array<[string, string, number]>): string {
  let balance = 1000;
  const lines = [
    'Account Number: 12-3456-789',
    'Date,Description,Amount,Balance',
    `2024-03-01,Opening balance,,1000.00`,
  ];
  for (const [date, description, amount] of rows) {
    balance += amount;
    lines.push(`${date},${description},${amount.toFixed(2)},${balance.toFixed(2)}`);
  }
  const path = join(tmpdir(), `${process.pid}-${name}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function axe(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function convert(page: Page, path: string) {
  await page.getByTestId('file-input').setInputFiles(path);
  await page.getByRole('button', { name: 'Convert Statement' }).click();
  const done = page.getByRole('region', { name: 'Conversion complete' });
  await done.waitFor({ timeout: 90_000 });
  return done;
}

async function download(page: Page, done: ReturnType<Page['getByRole']>, button: string): Promise<string> {
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return (await readDownload(dl)).toString('utf8');
}

describe.skipIf(!hasChromium)('rules that learn in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let pro: Account;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    pro = await proAccount(server, 'rules');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a payee rule made from a row is applied to the account's next upload, in its CSV and QIF", async () => {
    const { page, errors } = await openPage(browser, 'about:blank');
    await signIn(page, pro);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('tab', { name: 'Upload' }).click();
    const march = await convert(
      page,
      accountCsv('march.csv', [
        ['2024-03-02', 'AMZN Mktp US*2K4 Seattle', -25],
        ['2024-03-03', 'SALARY ACME', 500],
      ]),
    );
    // The rule starts from the row's description, up to its first word with digits (a store number, a reference).
    await march.getByRole('grid').locator('[data-cell="0-1"]').click();
    await march.getByRole('button', { name: 'Make a rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a rule' });
    const match = dialog.getByLabel('Descriptions holding');
    expect(await match.inputValue()).toBe('AMZN Mktp');
    // Said in the form, not in a toast: a rule needs a payee or a category.
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.getByText('Give the rule a payee, a category or both.').waitFor();
    await dialog.getByLabel('Call the payee').fill('Amazon');
    await dialog.getByLabel('Category').fill('Office');
    expect(await dialog.getByText('Give the rule a payee, a category or both.').count()).toBe(0);
    expect(await dialog.getByLabel('Only for account 12-3456-789').isChecked()).toBe(true);
    await axe(page, 'rule dialog');
    await shoot(page, 'rule-dialog');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expectToast(page, 'Rule saved');

    // The account's next statement: its Amazon rows are named and filed in every download.
    await march.getByRole('button', { name: 'Convert Another File' }).click();
    const april = await convert(
      page,
      accountCsv('april.csv', [
        ['2024-04-02', 'AMZN MKTP US*7Q1 Seattle', -40],
        ['2024-04-05', 'RENT APRIL', -300],
      ]),
    );
    const csv = (await download(page, april, 'CSV')).trim().split('\r\n');
    expect(csv[0]).toMatch(/,Payee,Category$/);
    expect(csv.find((l) => l.includes('AMZN MKTP'))).toMatch(/,Amazon,Office$/);
    expect(csv.find((l) => l.includes('RENT APRIL'))).toMatch(/,,$/);
    const qif = await download(page, april, 'QIF');
    expect(qif).toContain('PAmazon\r\nMAMZN MKTP US*7Q1 Seattle\r\nLOffice\r\n^');

    // The rule is listed where rules are made, and can be deleted there.
    await april.getByRole('grid').locator('[data-cell="1-1"]').click();
    await april.getByRole('button', { name: 'Make a rule' }).click();
    const rules = page.getByRole('dialog', { name: 'Make a rule' }).getByRole('region', { name: 'Your rules' });
    expect(await rules.textContent()).toContain("'AMZN Mktp': call it 'Amazon', category Office (account 12-3456-789)");
    await rules.getByRole('button', { name: "Delete the rule for 'AMZN Mktp'" }).click();
    await rules.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('CSV columns chosen and put in order, the date format and the byte-order mark are remembered for the account, on another browser too', async () => {
    const open = async () => {
      const tracked = await openPage(browser, 'about:blank');
      await signIn(tracked.page, pro);
      await tracked.page.goto(`${server.url}/dashboard`);
      await tracked.page.getByRole('tab', { name: 'Upload' }).click();
      return tracked;
    };
    const { page, errors } = await open();
    const done = await convert(page, accountCsv('may.csv', [['2024-05-02', 'AMZN Mktp US*1A1', -12]]));
    expect(await done.getByTestId('csv-columns').textContent()).toBe('CSV columns: standard');
    await done.getByRole('button', { name: 'Choose CSV columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV columns' });
    for (const c of ['Source Date', 'Credit', 'Debit', 'Balance', 'Reference', 'Page'])
      await dialog.getByRole('button', { name: `Remove ${c}` }).click();
    await dialog.getByRole('button', { name: '+ Payee' }).click();
    await dialog.getByRole('button', { name: 'Move Amount up' }).click();
    expect(await dialog.getByRole('list', { name: 'Columns in the CSV' }).textContent()).toBe(
      '1. Date↑↓✕2. Amount↑↓✕3. Description↑↓✕4. Payee↑↓✕',
    );
    await axe(page, 'CSV columns dialog');
    await dialog.getByRole('button', { name: 'Save columns' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await done.getByTestId('csv-columns').textContent()).toBe('CSV columns: Date, Amount, Description, Payee');
    expect((await download(page, done, 'CSV')).split('\r\n')[0]).toBe('Date,Amount,Description,Payee');
    // The date format and the byte-order mark are the account's too.
    await done.getByRole('combobox', { name: 'CSV dates' }).selectOption('dmy');
    await done.getByLabel(/CSV for Excel on Windows/).check();
    await expect
      .poll(() => download(page, done, 'CSV'))
      .toMatch(/^\uFEFFDate,Amount,Description,Payee\r\n02\/05\/2024,/);
    expect(errors).toEqual([]);
    await page.context().close();

    // Another browser of the same account: the columns, dates and mark are the account's.
    const other = await open();
    const june = await convert(other.page, accountCsv('june.csv', [['2024-06-02', 'RENT JUNE', -300]]));
    await expect
      .poll(() => june.getByTestId('csv-columns').textContent())
      .toBe('CSV columns: Date, Amount, Description, Payee');
    expect(await june.getByRole('combobox', { name: 'CSV dates' }).inputValue()).toBe('dmy');
    expect(await june.getByLabel(/CSV for Excel on Windows/).isChecked()).toBe(true);
    const csv = (await download(other.page, june, 'CSV')).split('\r\n');
    expect(csv[0]).toBe('\uFEFFDate,Amount,Description,Payee');
    expect(csv[1]).toBe('02/06/2024,-300.00,RENT JUNE,');
    expect(other.errors).toEqual([]);
    await other.page.context().close();
  });
});

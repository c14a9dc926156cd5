/**
 * Review and upload journeys of issue 14 in Chromium: statements as tabs (a multi-account PDF, a
 * ZIP), fixing a row that breaks the balance (the check turns green, the download carries the
 * edit), the page beside the rows, a protected PDF opened with its password, three files dropped
 * at once, a paid result that survives a reload, a 375 px pass, and an axe-core scan of every
 * screen. Prints the click-to-result times of a 1-page text PDF (median).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { formatPrice, PRICES_CENTS } from '@statemint/shared';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, proAccount, signIn } from './accounts';
import { hasChromium, launchBrowser, SCREENSHOT_DIR } from './browser';
import { fixtureRows, statementPdf } from './fixtures';
import { expectToast, openPage, payWithCard, readDownload, shoot, uniqueEmail } from './helpers';
import { type RunningServer, startServer } from './server';
import { accountsPdf, csvExport, sectionsPdf, zipOf } from './statements';

const files: string[] = [];
function tempFile(name: string, data: Buffer | string): string {
  const path = join(tmpdir(), `${process.pid}-${name}`);
  writeFileSync(path, data);
  files.push(path);
  return path;
}

async function waitForResult(page: Page) {
  const done = page.getByRole('region', { name: 'Conversion complete' });
  const failed = page.getByRole('region', { name: 'Conversion failed' });
  await done.or(failed).first().waitFor({ timeout: 90_000 });
  if (await failed.isVisible()) throw new Error(`conversion failed: ${await failed.textContent()}`);
  return done;
}

/** Opens the dashboard's Upload tab as `account`. */
async function dashboardUpload(browser: Browser, server: RunningServer, account: Account, width = 1280) {
  const tracked = await openPage(browser, 'about:blank', width);
  await signIn(tracked.page, account);
  await tracked.page.goto(`${server.url}/dashboard`);
  await tracked.page.getByRole('tab', { name: 'Upload' }).click();
  return tracked;
}

async function convertOne(page: Page, path: string) {
  await page.getByTestId('file-input').setInputFiles(path);
  await page.getByRole('button', { name: 'Convert Statement' }).click();
  return waitForResult(page);
}

async function axe(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

describe.skipIf(!hasChromium)('review and upload journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let pro: Account;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    pro = await proAccount(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a multi-account PDF and a ZIP are reviewed as tabs, each with its own header and currency; the ZIP downloads with source columns and as one file per statement', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    const pdf = tempFile(
      'two-accounts.pdf',
      await accountsPdf([
        { account: '11112222', currency: 'USD', rows: fixtureRows(5) },
        { account: '33334444', currency: 'EUR', rows: fixtureRows(4) },
      ]),
    );
    let done = await convertOne(page, pdf);
    const tabs = done.getByRole('tablist', { name: 'Statements' }).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(2);
    expect(await tabs.nth(0).textContent()).toContain('••2222');
    const header = done.getByTestId('statement-header');
    expect(await header.textContent()).toContain('11112222');
    expect(await header.textContent()).toContain('USD');
    expect(await done.getByRole('grid').getAttribute('aria-rowcount')).toBe('6');
    await tabs.nth(1).click();
    await expect.poll(() => header.textContent()).toContain('33334444');
    // Each statement its own currency, as its page prints it (the second is not the first's USD).
    expect(await header.textContent()).toContain('EUR');
    expect(await header.textContent()).not.toContain('USD');
    expect(await tabs.nth(1).textContent()).toContain('(EUR)');
    expect(await tabs.nth(0).textContent()).toContain('(USD)');
    expect(await done.getByRole('grid').getAttribute('aria-rowcount')).toBe('5');
    await shoot(page, 'review-tabs-pdf');

    await done.getByRole('button', { name: 'Convert Another File' }).click();
    const zip = tempFile(
      'two-exports.zip',
      zipOf({
        'checking.csv': csvExport(fixtureRows(6)),
        'savings.csv': csvExport(fixtureRows(3), 1_000_000),
      }),
    );
    done = await convertOne(page, zip);
    const zipTabs = done.getByRole('tablist', { name: 'Statements' }).getByRole('tab');
    await zipTabs.first().waitFor();
    expect(await zipTabs.count()).toBe(2);
    expect((await zipTabs.allTextContents()).join(' ')).toMatch(/checking\.csv.*savings\.csv/);
    await zipTabs.nth(1).click();
    expect(await done.getByRole('grid').getByRole('row').count()).toBeGreaterThan(3);
    // The ZIP's CSV says which statement each row is from.
    const [csvDl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    const csvLines = (await readDownload(csvDl)).toString('utf8').trim().split('\r\n');
    expect(csvLines[0]).toMatch(/,Source,Account,Currency$/);
    expect(csvLines.filter((l) => l.includes(',checking.csv,'))).toHaveLength(6);
    expect(csvLines.filter((l) => l.includes(',savings.csv,'))).toHaveLength(3);
    // Dates day first, remembered for the next download.
    await done.getByRole('combobox', { name: 'CSV dates' }).selectOption('dmy');
    const [dmyDl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    const dmyLines = (await readDownload(dmyDl)).toString('utf8').trim().split('\r\n');
    expect(dmyLines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4},/);
    expect(dmyLines.map((l) => l.split(',').slice(1))).toEqual(csvLines.map((l) => l.split(',').slice(1)));
    expect(await page.evaluate(() => localStorage.getItem('statemint.csvDates'))).toBe('dmy');
    // QuickBooks Desktop: both statements' rows, each on its own bank account.
    const [iifDl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'IIF (QuickBooks Desktop)' }).click(),
    ]);
    expect(iifDl.suggestedFilename()).toMatch(/two-exports_converted\.iif$/);
    const iifLines = (await readDownload(iifDl)).toString('latin1').trim().split('\r\n');
    expect(iifLines[0]).toMatch(/^!TRNS\t/);
    expect(iifLines.filter((l) => l.startsWith('TRNS\t'))).toHaveLength(9);
    // One QBO per statement, in a ZIP.
    await done.getByRole('checkbox', { name: /One file per statement/ }).check();
    const [qboDl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'QBO', exact: true }).click(),
    ]);
    expect(qboDl.suggestedFilename()).toMatch(/two-exports_converted_qbo\.zip$/);
    const qbos = Object.keys(unzipSync(new Uint8Array(await readDownload(qboDl)))).sort();
    expect(qbos).toHaveLength(2);
    expect(qbos[0]).toMatch(/two-exports_1_checking\.qbo$/);
    expect(qbos[1]).toMatch(/two-exports_2_savings\.qbo$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fixing a row that breaks the balance turns the check green, and the download carries the edit', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    const rows = fixtureRows(8);
    const path = tempFile(
      'misprint.pdf',
      await accountsPdf([{ account: '55556666', currency: 'USD', rows, misprintAt: 3 }]),
    );
    const done = await convertOne(page, path);
    const check = done.getByTestId('balance-check');
    expect(await check.getAttribute('data-status')).toBe('unbalanced');
    expect(await check.textContent()).toContain('Row 4');
    // Row 4's printed balance is 1.00 too high: select its balance cell and type the right one.
    const grid = done.getByRole('grid');
    const balanceCell = grid.locator('[data-cell="3-5"]');
    await balanceCell.click();
    const printed = Number((await balanceCell.textContent())?.replace(/[^0-9.-]/g, ''));
    const right = (printed - 1).toFixed(2);
    await page.keyboard.press('Enter');
    const editor = grid.getByRole('textbox', { name: 'Balance, row 4' });
    await editor.fill(right);
    // The check follows the typing, before the cell is even committed.
    await expect.poll(() => check.getAttribute('data-status')).toBe('balanced');
    await page.keyboard.press('Enter');
    // Keyboard like a spreadsheet: Enter moved down a row; arrows and Escape work too.
    await expect
      .poll(() => grid.locator('[data-cell="4-5"]').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await done.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Changes Saved');
    await expect.poll(async () => done.getByTestId('balance-check').textContent()).toContain('Balanced');
    await shoot(page, 'review-fixed');
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    const csv = (await readDownload(dl)).toString('utf8');
    expect(csv).toContain(right);
    // Undo, restore: the original is kept.
    await done.getByRole('button', { name: 'Versions (2)' }).click();
    await page.getByRole('dialog', { name: 'Versions' }).getByRole('button', { name: 'Restore the original' }).click();
    await page
      .getByRole('dialog', { name: 'Restore the original?' })
      .getByRole('button', { name: 'Restore the original' })
      .click();
    await expectToast(page, 'Original Restored');
    await expect.poll(() => check.getAttribute('data-status')).toBe('unbalanced');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a converted PDF, the selected row is highlighted on the page where it is printed, and a box selects its row', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    // 32 rows on one A4 page (row i printed at y = 178 + 18 i points), row 3's debit printed under Credit.
    const rows = Array.from({ length: 32 }, (_, i) => ({
      date: `2024-04-${String(Math.floor(i / 2) + 1).padStart(2, '0')}`,
      description: `Row ${i + 1}`,
      cents: i % 4 === 0 ? 50_000 : -1_234 - i,
    }));
    const pdf = await accountsPdf([{ account: '55556666', currency: 'EUR', rows, wrongColumnAt: 2 }]);
    const done = await convertOne(page, tempFile('page.pdf', pdf));
    const image = done.getByRole('img', { name: /Page 1 of the original/ });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const grid = done.getByRole('grid');
    const view = done.getByTestId('page-view');
    const selectedBox = done.getByTestId('page-box-selected');

    // The whole grid fits beside the page (no sideways scrolling); where the panel is too narrow for
    // both, the page goes under the rows instead.
    const layout = () =>
      done.evaluate((root) => {
        const g = root.querySelector('[role="grid"]') as HTMLElement;
        const gr = g.getBoundingClientRect();
        const pr = (root.querySelector('[data-testid="page-view"]') as HTMLElement).getBoundingClientRect();
        return { sideways: g.scrollWidth - g.clientWidth, beside: pr.left >= gr.right, below: pr.top >= gr.bottom };
      });
    expect(await layout()).toEqual({ sideways: 0, beside: true, below: false });
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(layout).toEqual({ sideways: 0, beside: false, below: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(layout).toEqual({ sideways: 0, beside: true, below: false });

    // Every row has its box from the engine (no hand-made boxes), each where its text is printed:
    // measured on the picture itself, the box holds the row's ink (its date at the left, its balance
    // at the right) and the space between two rows stays blank.
    expect(await done.locator('[data-testid^="page-box"]').count()).toBe(32);
    const boxes = await view.evaluate((root) => {
      const img = root.querySelector('img') as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const ir = img.getBoundingClientRect();
      const A4 = { w: 595.28, h: 841.89 };
      /** Dark pixels in a rectangle given in page points. */
      const ink = (x: number, y: number, w: number, h: number) => {
        const sx = canvas.width / A4.w;
        const sy = canvas.height / A4.h;
        const data = ctx.getImageData(
          Math.round(x * sx),
          Math.round(y * sy),
          Math.max(1, Math.round(w * sx)),
          Math.max(1, Math.round(h * sy)),
        ).data;
        let n = 0;
        for (let k = 0; k < data.length; k += 4)
          if (0.299 * (data[k] ?? 0) + 0.587 * (data[k + 1] ?? 0) + 0.114 * (data[k + 2] ?? 0) < 128) n++;
        return n;
      };
      return Array.from(root.querySelectorAll<HTMLElement>('[data-testid^="page-box"]')).map((el) => {
        const r = el.getBoundingClientRect();
        const x = ((r.left - ir.left) / ir.width) * A4.w;
        const y = ((r.top - ir.top) / ir.height) * A4.h;
        const w = (r.width / ir.width) * A4.w;
        const h = (r.height / ir.height) * A4.h;
        return {
          label: el.getAttribute('aria-label'),
          x,
          y,
          date: ink(x, y, 50, h),
          balance: ink(x + w - 60, y, 60, h),
          gapBelow: ink(x, y + h + 2, w, 3),
        };
      });
    });
    boxes.forEach((b, i) => {
      expect(b.label).toBe(`Row ${i + 1}`);
      expect(Math.abs(b.x - 40)).toBeLessThan(3);
      expect(Math.abs(b.y - (178 + 18 * i))).toBeLessThan(3);
      expect(b.date).toBeGreaterThan(0);
      expect(b.balance).toBeGreaterThan(0);
      if (i < boxes.length - 1) expect(b.gapBelow).toBe(0);
    });

    // Selecting a row highlights its box and scrolls the page to it, and back (at 200 %: fitted to its
    // width, this page is seen whole).
    await done.getByRole('button', { name: '200 %' }).click();
    const inView = () =>
      selectedBox.evaluate((el) => {
        const v = (el.closest('[data-testid="page-view"]') as HTMLElement).getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
      });
    await grid.locator('[data-cell="0-1"]').click();
    await expect.poll(() => selectedBox.getAttribute('aria-label')).toBe('Row 1');
    for (let i = 0; i < 31; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => selectedBox.getAttribute('aria-label')).toBe('Row 32');
    await expect.poll(inView).toBe(true);
    const scrolledDown = await view.evaluate((el) => el.scrollTop);
    expect(scrolledDown).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp');
    await expect.poll(() => selectedBox.getAttribute('aria-label')).toBe('Row 1');
    await expect.poll(inView).toBe(true);
    expect(await view.evaluate((el) => el.scrollTop)).toBeLessThan(scrolledDown);
    await done.getByRole('button', { name: 'Fit width' }).click();

    // A click on a box selects its row in the grid, scrolled into view there (below the sticky column
    // header, whichever way the grid had to scroll).
    const rowInGridView = (index: number) =>
      grid.evaluate((el, i) => {
        const row = el.querySelector(`[data-row="${i}"]`);
        if (!row) return false;
        const header = (el.querySelector('[aria-rowindex="1"]') as HTMLElement).getBoundingClientRect();
        const r = row.getBoundingClientRect();
        return r.top >= header.bottom - 1 && r.bottom <= el.getBoundingClientRect().bottom + 1;
      }, index);
    for (const n of [20, 5]) {
      await done.getByRole('button', { name: `Row ${n}`, exact: true }).click();
      await expect.poll(() => grid.getByRole('row', { selected: true }).getAttribute('aria-rowindex')).toBe(`${n + 1}`);
      await expect.poll(() => selectedBox.getAttribute('aria-label')).toBe(`Row ${n}`);
      await expect.poll(() => rowInGridView(n - 1)).toBe(true);
      if (n === 20) {
        // Scroll the grid past row 5, so that selecting it has to bring it back from above.
        await grid.evaluate((el) => {
          el.scrollTop = 20 * 36;
        });
        await expect.poll(() => rowInGridView(4)).toBe(false);
      }
    }

    // The engine's own trace: row 3's sign was repaired (what changed and why, and by which pass);
    // the statement's notes say how its columns were read and which lines were balances, not rows.
    expect(await grid.locator('[data-row="2"] [data-flag="repaired"]').count()).toBe(1);
    expect(await grid.locator('[data-flag="repaired"], [data-flag="inferred"]').count()).toBe(1);
    await grid.locator('[data-cell="2-1"]').click();
    const repairs = done.locator('[data-pass="sign-flips"]');
    expect(await repairs.textContent()).toContain(
      'amount: 12.36 → -12.36 (the balances around it need the other sign)',
    );
    const notes = done.getByTestId('statement-trace');
    await notes.locator('summary').first().click();
    // In plain words first; the engine's own notes (with its pass names) behind "Details".
    const summary = (await notes.getByTestId('reading-summary').textContent()) ?? '';
    expect(summary).toContain('Money columns: debit "debit", credit "credit", balance "balance".');
    expect(summary).toMatch(/lines? read as a balance/);
    expect(summary).not.toMatch(/\[|bands|pass/);
    expect(await notes.locator('[data-pass="money-roles"]').first().isVisible()).toBe(false);
    await notes.getByTestId('reading-details').locator('summary').click();
    expect(await notes.locator('[data-pass="money-roles"]').first().textContent()).toContain(
      'columns: debit "debit", credit "credit", balance "balance"',
    );
    await done.screenshot({ path: join(SCREENSHOT_DIR, 'review-page-view-1280.png') });

    // An edit saved from the screen keeps the engine's trace with its rows (and the notes about lines
    // that are not transactions).
    await grid.locator('[data-cell="0-1"]').click();
    await page.keyboard.press('Enter');
    await grid.getByRole('textbox', { name: 'Description, row 1' }).fill('Row 1, checked');
    await page.keyboard.press('Enter');
    await done.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Changes Saved');
    const auth = { headers: { authorization: `Bearer ${pro.token}` } };
    const dashboard = (await (await fetch(`${server.url}/api/dashboard`, auth)).json()) as {
      recentFiles: Array<{ id: string }>;
    };
    const fileId = dashboard.recentFiles[0]?.id as string;
    const saved = (await (await fetch(`${server.url}/api/files/${fileId}/statements`, auth)).json()) as {
      version: number;
      statements: Array<{
        trace?: Array<{ pass: string; row?: number }>;
        transactions: Array<Record<string, unknown>>;
      }>;
    };
    expect(saved.version).toBe(1);
    const trace = saved.statements[0]?.trace ?? [];
    expect(trace.filter((t) => t.pass === 'sign-flips').map((t) => t.row)).toEqual([2]);
    expect(trace.filter((t) => t.row === -1)).toHaveLength(2);
    expect(saved.statements[0]?.transactions[0]?.bbox).toMatchObject({ page: 1, x: 40 });

    // Low OCR confidence (a scan's; set here on the saved version) is flagged only where the balances
    // do not prove the row: row 4's balance is made wrong, row 11 is left as the balances prove it.
    const tx = saved.statements[0]?.transactions as Array<Record<string, unknown>>;
    Object.assign(tx[3] as object, { confidence: 0.5, balance: (tx[3]?.balance as number) + 1 });
    Object.assign(tx[10] as object, { confidence: 0.5 });
    const put = await fetch(`${server.url}/api/files/${fileId}/statements`, {
      method: 'PUT',
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ baseVersion: saved.version, statements: saved.statements }),
    });
    expect(put.status).toBe(200);
    await page.goto(`${server.url}/review?file=${fileId}`);
    const review = page.getByRole('region', { name: 'Conversion complete' });
    await review.getByRole('grid').locator('[data-row="3"]').waitFor();
    expect(await review.getByRole('grid').locator('[data-row="3"] [data-flag="low-confidence"]').count()).toBe(1);
    expect(await review.getByRole('grid').locator('[data-row="10"] [data-flag="low-confidence"]').count()).toBe(0);
    expect(await review.getByRole('grid').locator('[data-row="2"] [data-flag="repaired"]').count()).toBe(1);
    await review.getByRole('grid').locator('[data-cell="5-1"]').click();
    await expect.poll(() => review.getByTestId('page-box-selected').getAttribute('aria-label')).toBe('Row 6');
    await shoot(page, 'review-page-boxes');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('amounts signed by their section are flagged as inferred, with the reason', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    const pdf = await sectionsPdf(
      [
        { date: '2024-04-02', description: 'Salary', cents: 100_000 },
        { date: '2024-04-09', description: 'Refund', cents: 1_000 },
      ],
      [
        { date: '2024-04-03', description: 'Rent', cents: -20_000 },
        { date: '2024-04-10', description: 'Food', cents: -2_000 },
      ],
    );
    const done = await convertOne(page, tempFile('sections.pdf', pdf));
    const grid = done.getByRole('grid');
    await grid.locator('[data-row="3"]').waitFor();
    expect(await grid.locator('[data-flag="inferred"]').count()).toBe(4);
    expect(await grid.locator('[data-flag="repaired"]').count()).toBe(0);
    await grid.locator('[data-cell="2-1"]').click();
    expect(await done.locator('[data-pass="section-signs"]').textContent()).toMatch(/^amount: -200\.00 \(.+\)/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens a password-protected PDF with its password', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    const path = tempFile(
      'locked.pdf',
      await accountsPdf([{ account: '77778888', currency: 'USD', rows: fixtureRows(4) }], { userPassword: 'letmein' }),
    );
    await page.getByTestId('file-input').setInputFiles(path);
    await page.getByRole('button', { name: 'Convert Statement' }).click();
    const failed = page.getByRole('region', { name: 'Conversion failed' });
    await failed.getByRole('heading', { name: 'This PDF Needs Its Password' }).waitFor({ timeout: 60_000 });
    await shoot(page, 'upload-password');
    await failed.getByLabel('PDF password').fill('letmein');
    await failed.getByRole('button', { name: 'Open PDF' }).click();
    const done = page.getByRole('region', { name: 'Conversion complete' });
    await done.waitFor({ timeout: 60_000 });
    expect(await done.textContent()).toContain('4 transactions');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('three files dropped at once each get their own row, progress and result', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    const dataTransfer = await page.evaluateHandle(
      (csvs: string[]) => {
        const dt = new DataTransfer();
        csvs.forEach((text, i) => {
          dt.items.add(new File([text], `export-${i + 1}.csv`, { type: 'text/csv' }));
        });
        return dt;
      },
      [csvExport(fixtureRows(3)), csvExport(fixtureRows(4)), csvExport(fixtureRows(5))],
    );
    await page.getByRole('region', { name: 'File upload' }).dispatchEvent('drop', { dataTransfer });
    const items = page.getByTestId('upload-item');
    expect(await items.count()).toBe(3);
    await page.getByRole('button', { name: 'Convert 3 Statements' }).click();
    for (let i = 0; i < 3; i++) {
      const item = items.nth(i);
      await item.getByRole('region', { name: 'Conversion complete' }).waitFor({ timeout: 60_000 });
      expect(await item.textContent()).toContain(`export-${i + 1}.csv`);
      expect(await item.textContent()).toContain(`${i + 3} transactions`);
    }
    await shoot(page, 'upload-three-files');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a paid pay-as-you-go result survives a reload of the page', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/upload`);
    await page.getByRole('button', { name: 'Choose Different Option' }).click();
    await page.getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay Per File' });
    await dialog.getByLabel('Email for your receipt').fill(uniqueEmail('reload'));
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('region', { name: 'Payment Received' }).waitFor();
    await convertOne(page, tempFile('paid.pdf', await statementPdf(fixtureRows(5))));
    await page.reload();
    const done = await waitForResult(page);
    expect(await done.textContent()).toContain('5 transactions');
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect((await readDownload(dl)).toString('utf8')).toContain('Salary deposit 1');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 375 px: the header, then rows as cards, the page a tap away, nothing cut off', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro, 375);
    const done = await convertOne(page, tempFile('phone.pdf', await statementPdf(fixtureRows(7))));
    await done.getByTestId('statement-header').waitFor();
    const cards = done.getByTestId('review-cards');
    await cards.waitFor();
    expect(await done.getByRole('grid').count()).toBe(0);
    await axe(page, 'review at 375 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await cards.getByRole('button', { name: 'Show on page' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Page of the original' });
    await dialog.getByRole('img').waitFor();
    await page.keyboard.press('Escape');
    await cards.getByRole('button', { name: 'Edit' }).first().click();
    await cards.getByLabel('Description').fill('Edited on a phone');
    await cards.getByRole('button', { name: 'Save row' }).click();
    expect(await cards.textContent()).toContain('Edited on a phone');
    await page.screenshot({ path: join(tmpdir(), 'review-375.png') });
    await shoot(page, 'review-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('4,000 rows: only the visible ones are drawn, and the grid scrolls to the last', async () => {
    const { page, errors } = await dashboardUpload(browser, server, pro);
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      date: `2024-${String(Math.floor(i / 334) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      description: `Row number ${i + 1}`,
      cents: i % 3 === 0 ? 12_345 : -4_321,
    }));
    rows.sort((a, b) => a.date.localeCompare(b.date));
    const done = await convertOne(page, tempFile('4000-rows.csv', csvExport(rows)));
    const grid = done.getByRole('grid');
    await grid.waitFor();
    expect(await grid.getAttribute('aria-rowcount')).toBe('4001');
    const drawn = await grid.getByRole('row').count();
    expect(drawn).toBeLessThan(80);
    const ms = await grid.evaluate(
      (el) =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          let step = 0;
          const tick = () => {
            el.scrollTop = (el.scrollHeight * step) / 60;
            step++;
            if (step <= 60) requestAnimationFrame(tick);
            else resolve(performance.now() - start);
          };
          requestAnimationFrame(tick);
        }),
    );
    await grid.locator('[aria-rowindex="4001"]').waitFor();
    console.log(
      `4,000 rows: ${drawn} row elements drawn; 60 scroll steps top to bottom in ${ms.toFixed(0)} ms (${(ms / 60).toFixed(1)} ms a frame)`,
    );
    // Issue 28's instant review, measured (printed, not asserted): an arrow key from keydown to the
    // grid updated (React's render, commit and effects), and a keystroke in a cell to the balance
    // check following it.
    await grid.evaluate((el) => {
      el.scrollTop = 0;
    });
    await grid.locator('[data-cell="0-5"]').click();
    const keyTimes = await grid.evaluate(async (el) => {
      const times: number[] = [];
      let late = 0;
      for (let i = 0; i < 40; i++) {
        const target = document.activeElement ?? el;
        const start = performance.now();
        target.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
        // React renders a key's update in a microtask queued during the event: this one runs after it.
        await new Promise((r) => queueMicrotask(() => r(null)));
        times.push(performance.now() - start);
        // The measurement holds only if the grid shows the new row by now.
        if (el.querySelector('[role="row"][aria-selected="true"]')?.getAttribute('aria-rowindex') !== String(i + 3))
          late++;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      if (late) throw new Error(`${late} arrow keys were not drawn when measured`);
      return times.sort((a, b) => a - b);
    });
    expect(await grid.getByRole('row', { selected: true }).getAttribute('aria-rowindex')).toBe('42');
    await page.keyboard.press('Enter');
    const typeTimes = await grid.evaluate(async (el) => {
      const input = el.querySelector('input') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        setter?.call(input, `${input.value}1`);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // React renders a key's update in a microtask queued during the event: this one runs after it.
        await new Promise((r) => queueMicrotask(() => r(null)));
        times.push(performance.now() - start);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      return times.sort((a, b) => a - b);
    });
    await page.keyboard.press('Escape');
    const med = (t: number[]) => (t[Math.floor(t.length / 2)] ?? 0).toFixed(1);
    const worst = (t: number[]) => (t.at(-1) ?? 0).toFixed(1);
    console.log(
      `4,000 rows: arrow key median ${med(keyTimes)} ms, worst ${worst(keyTimes)} ms (40 keys); keystroke in a balance cell to the check updated: median ${med(typeTimes)} ms, worst ${worst(typeTimes)} ms (10 keys)`,
    );
    // Saving one edit of 4,000 rows: from the click to the saved version in the screen.
    await grid.locator('[data-cell="41-1"]').click();
    await page.keyboard.press('Enter');
    await grid.getByRole('textbox', { name: 'Description, row 42' }).fill('Checked');
    await page.keyboard.press('Enter');
    const sent = page.waitForRequest((r) => r.url().endsWith('/statements') && r.method() === 'PATCH');
    const saveStart = Date.now();
    await done.getByRole('button', { name: 'Save changes' }).click();
    await done.getByRole('button', { name: 'Versions (2)' }).waitFor({ timeout: 30_000 });
    const saveMs = Date.now() - saveStart;
    // Only the change goes: the edited row, the others as runs of the saved version's rows.
    const body = (await sent).postData() ?? '';
    expect(body).toContain('"description":"Checked"');
    expect(body.length).toBeLessThan(5_000);
    console.log(`4,000 rows: one edit saved in ${saveMs} ms (${body.length} bytes sent)`);
    // The download carries it, written from the saved version when first asked for.
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    const csv = (await readDownload(dl)).toString('utf8');
    expect(csv).toContain(',Checked,');
    expect(csv.trim().split('\n')).toHaveLength(4001);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('axe-core finds no serious or critical violation on any screen', async () => {
    const anon = await openPage(browser, server.url);
    for (const path of [
      '/',
      '/upload',
      '/pricing',
      '/blog',
      '/privacy',
      '/terms',
      '/verify-email',
      '/docs/api',
      '/no-such-page',
    ]) {
      await anon.page.goto(server.url + path);
      await anon.page.locator('main').waitFor();
      await anon.page.waitForTimeout(200);
      await axe(anon.page, path);
    }
    // The dialogs: sign in, and the pay-per-file checkout.
    await anon.page.goto(server.url);
    await anon.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    await anon.page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await axe(anon.page, 'login dialog');
    await anon.page.keyboard.press('Escape');
    await anon.page.goto(`${server.url}/upload`);
    await anon.page.getByRole('button', { name: 'Choose Different Option' }).click();
    await anon.page.getByRole('button', { name: `Pay ${formatPrice(PRICES_CENTS.payasyougo)}`, exact: true }).click();
    await anon.page.getByRole('dialog', { name: 'Pay Per File' }).waitFor();
    await axe(anon.page, 'checkout dialog');
    await anon.page.keyboard.press('Escape');
    // The landing page's main button shows where the keyboard focus is.
    await anon.page.goto(server.url);
    const main = anon.page.getByRole('link', { name: 'Convert a Statement' }).first();
    await main.focus();
    await anon.page.keyboard.press('Shift+Tab');
    await anon.page.keyboard.press('Tab');
    const outline = await main.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        visible: el.matches(':focus-visible'),
      };
    });
    expect(outline.visible).toBe(true);
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    // The upload page with a result and its review screen.
    await anon.page.goto(`${server.url}/upload`);
    await anon.page.getByLabel('Email for free trial').fill(uniqueEmail('axe'));
    await convertOne(anon.page, tempFile('axe.pdf', await statementPdf(fixtureRows(6))));
    await axe(anon.page, '/upload (result)');
    await anon.page.context().close();

    const { page } = await dashboardUpload(browser, server, pro);
    await axe(page, '/dashboard (upload)');
    await convertOne(page, tempFile('axe-vault.pdf', await statementPdf(fixtureRows(4))));
    await page.getByRole('tab', { name: 'My Files' }).click();
    await page.getByTestId('file-row').first().waitFor();
    await axe(page, '/dashboard (files)');
    // A file's own result page, from its Review button.
    await page
      .getByTestId('file-row')
      .first()
      .getByRole('link', { name: /^Review / })
      .click();
    await page.getByRole('region', { name: 'Conversion complete' }).getByRole('grid').waitFor();
    await axe(page, '/review');
    await page.goto(`${server.url}/settings`);
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(300);
    await axe(page, '/settings');
    await page.context().close();
    // Nine pages and four screens scanned: well past the default minute on a loaded machine.
  }, 180_000);

  it('prints the click-to-result time of a 1-page text PDF (median of 7)', async () => {
    const { page } = await dashboardUpload(browser, server, pro);
    const path = tempFile('timing.pdf', await statementPdf(fixtureRows(8)));
    // One conversion first, so the worker thread is started.
    await convertOne(page, path);
    await page.getByRole('button', { name: 'Convert Another File' }).click();
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      await page.getByTestId('file-input').setInputFiles(path);
      const button = page.getByRole('button', { name: 'Convert Statement' });
      await button.waitFor();
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector('section[aria-label="Conversion complete"]')) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
            (
              Array.from(document.querySelectorAll('button')).find(
                (b) => b.textContent === 'Convert Statement',
              ) as HTMLButtonElement
            ).click();
          }),
      );
      times.push(ms);
      await page.getByRole('button', { name: 'Convert Another File' }).click();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] as number;
    console.log(
      `click-to-result, 1-page text PDF: median ${median.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
    );
    expect(times).toHaveLength(7);
    await page.context().close();
  });
});

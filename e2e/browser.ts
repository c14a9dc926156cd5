/**
 * Browser tests drive Debian's chromium with playwright-core. Where no chromium is
 * installed they skip loudly; in CI (CI=true) a missing chromium is a failure.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

if (!hasChromium) {
  const msg = `\n*** BROWSER TESTS SKIPPED: no chromium at ${CHROMIUM_PATH} (apt-get install -y chromium) ***\n`;
  if (process.env.CI) throw new Error(`${msg}In CI the browser tests must run.`);
  console.warn(msg);
}

/** Playwright gives every launch a fresh, empty profile of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'test-output', 'screenshots');

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { watchContext } from './fixtures';

/** Shared by the PWA specs: the launch options of playwright.config.ts, in a persistent profile. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-sandbox',
];

export async function persistentContext(
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'threadline-pwa-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL,
    viewport: { width: 1280, height: 900 },
  });
  watchContext(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once a service worker controls the page. */
export async function expectControlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

/** The titles on the product cards inside `scope` (a CSS selector), in order. */
export async function cardTitles(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} article h3`).allTextContents();
}

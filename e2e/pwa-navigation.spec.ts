import { expect, test, type Page } from '@playwright/test';
import type { ProductListResponse } from '#contract/schemas/product';
import { persistentContext } from './pwa-helpers';

/**
 * Issue 28: with the service worker in control, a page navigation goes to the network first (the server's own
 * page: its canonical link and <noscript> summary, which the app shell lacks), falls back to the precached shell
 * when the server is slower than the worker's timeout (3 s) or the network is down (the shell then renders the
 * product from the offline copy), and never answers robots.txt or a sitemap with the shell.
 */
test.describe.configure({ timeout: 240_000 });

/** What the server's page has and the shell has not: its canonical link and the summary for previewers. */
async function fromServer(page: Page, path: string) {
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  // The server names PUBLIC_URL (localhost here); the client alone would name the page's own origin.
  expect(await canonical.getAttribute('href')).toMatch(
    new RegExp(`^http://localhost:\\d+${path.replace('?', '\\?')}$`),
  );
  expect(await page.locator('noscript').count()).toBeGreaterThan(0);
}

test('network first with the worker active, the shell when slow or offline, robots.txt as itself', async ({
  request,
}, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const all = ((await (await request.get('/api/products?limit=100')).json()) as ProductListResponse).items;
  const [online, slow, offline] = all.slice(-3);
  if (!online || !slow || !offline) throw new Error('the demo store has fewer than 3 products');
  const { context, page, close } = await persistentContext(baseURL);
  try {
    await page.goto('/');
    // The worker installs once the first screen is in (web/src/lib/first-screen.ts), slower on a loaded machine.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 120_000 })
      .toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-catalogue-sync', 'done', { timeout: 30_000 });

    // Online: the server's page, through the worker.
    const res = await page.goto(`/product/${online.id}`);
    expect(res?.fromServiceWorker()).toBe(true);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(online.title);
    await fromServer(page, `/product/${online.id}`);
    await page.goto('/');
    await fromServer(page, '/');

    // robots.txt and the sitemap in a controlled page: the server's text, not the app.
    const robots = await page.goto('/robots.txt');
    expect(robots?.fromServiceWorker()).toBe(false);
    await expect(page.locator('body')).toContainText('User-agent: *');
    await expect(page.locator('#root')).toHaveCount(0);
    const sitemap = await page.goto('/sitemap.xml');
    expect(sitemap?.fromServiceWorker()).toBe(false);
    expect(sitemap?.headers()['content-type']).toMatch(/xml/);
    expect(await sitemap?.text()).toContain('<sitemapindex');

    // The server slower than the worker's timeout: the shell answers, and renders the product by itself.
    let held = 0;
    let released = false;
    await context.route(`**/product/${slow.id}`, async (route) => {
      held += 1;
      await new Promise((r) => setTimeout(r, 20_000));
      released = true;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/product/${slow.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(slow.title);
    expect(held).toBeGreaterThan(0); // the worker did ask the network first…
    expect(released).toBe(false); // …and did not wait for it
    await expect(page.locator('noscript')).toHaveCount(0);
    await context.unrouteAll({ behavior: 'ignoreErrors' });

    // Offline: the shell, and the product from the offline copy of the catalogue.
    await context.setOffline(true);
    await page.goto(`/product/${offline.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offline.title);
    await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  } finally {
    await close();
  }
});

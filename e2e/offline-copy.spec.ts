import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { productSchema, type Product } from '#contract/schemas/product';
import { authResponseSchema } from '#contract/schemas/user';
import { persistentContext } from './pwa-helpers';

/**
 * Issue 29 item 5, as a new shopper meets it against the real server: one visit of the shop copies the
 * catalogue; then the admin adds products. One the shopper opens online stays on the device (it opens offline,
 * even after a reload at once); one never seen says "Not saved on this device yet" with a way back to the shop,
 * never "Product not found" (which stays for a real 404 online).
 */
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function addProduct(request: APIRequestContext, title: string): Promise<Product> {
  const login = await request.post('/api/auth/login', {
    data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { token } = authResponseSchema.parse(await login.json());
  const res = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, regular_price: 42, sizes: ['M'], colors: ['Sand'] },
  });
  expect(res.status()).toBe(201);
  return productSchema.parse(await res.json());
}

/** One online visit of the shop: the worker takes control and the background copy finishes (a loaded machine is slow). */
async function visitShop(page: Page): Promise<void> {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 90_000 })
    .toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-catalogue-sync', 'done', { timeout: 90_000 });
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** An in-app navigation, what a link does. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a product opened online after the copy still opens offline, even after a reload at once', async ({
  request,
}, testInfo) => {
  const { context, page, close } = await persistentContext(String(testInfo.project.use.baseURL));
  try {
    await visitShop(page);
    const p = await addProduct(request, `Linen Overshirt ${Date.now().toString(36)}`);
    await page.goto(`/product/${p.id}`);
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    // Less than the first-screen gate's quiet time (2 s): the answer must not wait for it to be kept.
    await page.waitForTimeout(1500);
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible({ timeout: 20_000 });
    await navigate(page, '/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await navigate(page, `/product/${p.id}`);
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(page.getByText('Product not found')).toHaveCount(0);
  } finally {
    await close();
  }
});

test('a product the device does not have says so offline, with a way back to the shop; a real 404 online is still not found', async ({
  request,
}, testInfo) => {
  const { context, page, close } = await persistentContext(String(testInfo.project.use.baseURL));
  try {
    await visitShop(page);
    // Online, an id the server does not know: the spec's not-found screen.
    await page.goto('/product/987654321');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await goOffline(context, page);
    // Added while this device is offline: no answer can have brought it here (online, the home page's featured
    // products would have: every answer goes into the copy).
    const unseen = await addProduct(request, `Wool Field Coat ${Date.now().toString(36)}`);
    await navigate(page, `/product/${unseen.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not saved on this device yet' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('status').filter({ hasText: 'not saved on this device yet' })).toBeVisible();
    await expect(page.getByText('Product not found')).toHaveCount(0);
    await expect(page.getByText(/Could not load the product/)).toHaveCount(0);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/not-saved-${width}.png` });
    }
    // The way back: the shop's listing, from the device's copy.
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('section[aria-labelledby="results-heading"] article h3').first()).toBeVisible({
      timeout: 20_000,
    });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-to-shop-1280.png` });
  } finally {
    await close();
  }
});

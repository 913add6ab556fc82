import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { orderSchema } from '#contract/schemas/order';
import { productListResponseSchema, type Product } from '#contract/schemas/product';
import { demoShopperCredentials } from '#mock-api/mock-store';
import { fillCheckout, pickAndAddToCart } from './shop-helpers';

/**
 * The static demo (`npm run build:demo`, issue 12 item 5) as people without Node get it: dist-demo/ built for
 * DEMO_BASE=/threadline/, served by the plainest static server (files only, no SPA fallback, no 404.html), opened
 * at /threadline/ and used from there. The demo shopper buys once online, then once with the demo's Offline mode
 * on: the order is saved on the device, and switching back online sends it.
 *
 * dist-demo/ is built here unless E2E_SKIP_BUILD is set and it is already a /threadline/ build (npm test builds
 * it just before). The server listens on E2E_DEMO_PORT (default: E2E_PORT + 1).
 */
const BASE = '/threadline/';
const DIST = resolve('dist-demo');
const PORT = Number(process.env.E2E_DEMO_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOPPER = demoShopperCredentials();

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files under `prefix` from `root`, a folder's index.html, and 404 for anything else. */
function serveStatic(root: string, prefix: string, misses: string[]): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', ORIGIN).pathname);
    let file = resolve(root, `.${sep}${path.slice(prefix.length)}`);
    if (path.startsWith(prefix) && existsSync(file) && statSync(file).isDirectory())
      file = join(file, 'index.html');
    if (!path.startsWith(prefix) || !file.startsWith(root) || !existsSync(file)) {
      misses.push(path);
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}

function builtForBase(): boolean {
  const index = join(DIST, 'index.html');
  return existsSync(index) && readFileSync(index, 'utf8').includes(`src="${BASE}assets/`);
}

let server: Server;
const misses: string[] = [];

test.use({ baseURL: ORIGIN });

test.beforeAll(() => {
  if (process.env.E2E_SKIP_BUILD && builtForBase()) return;
  test.setTimeout(300_000);
  const build = spawnSync('npm', ['run', 'build:demo'], {
    env: { ...process.env, DEMO_BASE: BASE },
    encoding: 'utf8',
  });
  if (build.status !== 0 || !builtForBase())
    throw new Error(`npm run build:demo failed:\n${build.stdout}\n${build.stderr}`);
});

test.beforeAll(async () => {
  server = serveStatic(DIST, BASE, misses);
  await new Promise<void>((done) => server.listen(PORT, '127.0.0.1', done));
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** The demo is up: MSW answers and the shop shows its home page, pictures included. */
async function openDemo(page: Page) {
  await page.goto(BASE);
  await expect(page.getByRole('complementary', { name: 'Demo controls' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first(),
  ).toBeVisible();
}

/** From anywhere in the shop: search for the product, open it, pick a size and a colour, add it. */
async function addToCart(page: Page, p: Product) {
  const search = page.getByRole('banner').getByRole('search');
  await search.getByRole('combobox', { name: 'Search for products' }).fill(p.title);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('main').getByRole('link', { name: p.title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}product/${p.id}`);
  await pickAndAddToCart(page, p);
  await expect(page).toHaveURL(`${BASE}cart`);
}

async function checkout(page: Page) {
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(`${BASE}checkout`);
  await fillCheckout(page, 'Sam Shopper');
}

test('the static demo under /threadline/: sign in, order online, order offline and send it when back', async ({
  page,
}) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await openDemo(page);
  // The demo's pictures are at /threadline/uploads/demo/…; the data's /uploads/demo/… reaches them through MSW.
  const picture = page.locator('img[src^="/uploads/demo/"]').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Sign in as the demo shopper (the router's links stay under /threadline/).
  await page.getByRole('link', { name: 'Login / Register' }).click();
  await expect(page).toHaveURL(`${BASE}login`);
  await page.getByLabel('Email Address').fill(SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('link', { name: 'Login / Register' })).toBeHidden();

  // A product with sizes and colours, as MSW in the page lists it.
  const list = productListResponseSchema.parse(
    await page.evaluate(async () => (await fetch('/api/products?limit=40')).json()),
  );
  const product = list.items.find((p) => p.sizes.length > 0 && p.colors.length > 0);
  if (!product) throw new Error('the demo catalogue needs a product with sizes and colours');

  // Order 1, online.
  await addToCart(page, product);
  await checkout(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}order-success/\\d+$`));
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible();
  const firstId = page.url().split('/').pop()!;

  // Order 2: the network drops just before Place Order (the demo's Offline mode).
  await addToCart(page, product);
  await checkout(page);
  const offline = page.getByRole('button', { name: 'Offline mode' });
  await expect(offline).toHaveAttribute('aria-pressed', 'false');
  await offline.click();
  await expect(offline).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order saved on this device' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}${BASE}order-saved/`));

  // Back online: the outbox sends it and says so; the profile lists it with the first one.
  await offline.click();
  await expect(offline).toHaveAttribute('aria-pressed', 'false');
  const toast = page.getByRole('status').filter({ hasText: 'Your saved order was placed' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await toast.getByRole('link', { name: 'View orders' }).click();
  await expect(page).toHaveURL(`${BASE}profile`);
  const orders = page.getByRole('region', { name: 'Your Orders' });
  await expect(orders.getByRole('listitem').filter({ hasText: `Order #${firstId}` })).toBeVisible();
  // The shop's order list (the demo shopper also has seeded orders) now holds one newer than the first.
  const mine = orderSchema.array().parse(
    await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
      return (await fetch('/api/orders/my', { headers })).json();
    }),
  );
  const sent = mine.find((o) => o.id > Number(firstId));
  expect(sent, 'the saved order reached the shop').toBeDefined();
  await expect(orders.getByRole('listitem').filter({ hasText: `Order #${sent!.id}` })).toBeVisible();
  await expect(orders.getByRole('list', { name: 'Saved on this device' })).toHaveCount(0);

  expect(errors).toEqual([]);
  expect(misses).toEqual([]);
});

test('on a 375 px phone the demo strip sits above the shop and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openDemo(page);
  const strip = page.getByRole('complementary', { name: 'Demo controls' });
  const header = page.getByRole('banner');
  const stripBox = (await strip.boundingBox())!;
  const headerBox = (await header.boundingBox())!;
  expect(stripBox.y + stripBox.height).toBeLessThanOrEqual(headerBox.y + 0.5);
  expect(stripBox.width).toBeLessThanOrEqual(375);

  const offline = strip.getByRole('button', { name: 'Offline mode' });
  await offline.focus();
  await page.keyboard.press('Space');
  await expect(offline).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");
  await page.keyboard.press('Enter');
  await expect(offline).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

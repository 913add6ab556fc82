import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { formatMoney } from '#contract/rules/money';
import { productListResponseSchema } from '#contract/schemas/product';
import { authResponseSchema } from '#contract/schemas/user';
import { fillCheckout, pickAndAddToCart } from './shop-helpers';

/**
 * Issue 27 item 4 against the real server: a shopper places an order, the success page lists its lines, total and
 * address, the profile row opens /orders/{id} (pictures, size, colour, totals, address, status history, payment
 * link); another shopper opening either page sees "Order not found"; a 5xx on the profile's orders shows Try
 * again, which recovers. No native dialog may open. Screenshots go to /work/shots/d/.
 */
const SHOTS = '/work/shots/d';
const money = (n: number) => formatMoney(n, 'USD');

async function signUp(page: Page, request: APIRequestContext, name: string, tag: string) {
  const email = `${tag}.${Date.now().toString(36)}@example.com`;
  const reg = await request.post('/api/auth/register', {
    data: { name, email, phone: '03001234567', password: 'orders-pass-1' },
  });
  expect(reg.status()).toBe(201);
  const auth = authResponseSchema.parse(await reg.json());
  await page.goto('/');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('user', JSON.stringify(a.user));
  }, auth);
  return auth;
}

/** Fails the test on any alert, confirm or prompt (issue 27: none of these screens may open one). */
function forbidDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return dialogs;
}

for (const width of [375, 1280]) {
  test.describe(`order pages at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test('success page -> profile row -> order page; not found for another shopper; Try again on a 5xx', async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      const dialogs = forbidDialogs(page);
      const list = productListResponseSchema.parse(
        await (await request.get('/api/products?limit=40')).json(),
      );
      const product = list.items.find((p) => p.sizes.length >= 1 && p.colors.length >= 1 && p.featured_image);
      if (!product) throw new Error('the demo catalogue needs a product with sizes, colours and a picture');

      // A shopper places an order.
      await signUp(page, request, 'Olive Owner', `owner${width}`);
      // openProduct's steps, with a longer wait: the shared machine can be slow to show the page.
      await page.goto(`/product/${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible({
        timeout: 30_000,
      });
      await pickAndAddToCart(page, product);
      await page.goto('/checkout');
      await fillCheckout(page, 'Olive Owner');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/order-success\/\d+$/);
      const orderId = Number(page.url().split('/').pop());

      // The success page lists the line, the total and the address.
      await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeVisible();
      const order = await (
        await request.get(`/api/orders/${orderId}`, {
          headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
        })
      ).json();
      const items = page.getByRole('region', { name: 'Items' });
      await expect(items.getByRole('link', { name: product.title })).toBeVisible();
      await expect(items.getByText(`Size: ${product.sizes[0]}`)).toBeVisible();
      await expect(page.getByText(money(order.total)).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Mall Road');
      await page.screenshot({ path: `${SHOTS}/success-${width}.png`, fullPage: true });

      // The admin moves it on, so the order page has a status history to show.
      const admin = await request.post('/api/auth/login', {
        data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
      });
      const adminToken = authResponseSchema.parse(await admin.json()).token;
      const moved = await request.put(`/api/orders/${orderId}/status`, {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { status: 'processing' },
      });
      expect(moved.status()).toBe(200);

      // The profile row opens the order page.
      await page.goto('/profile');
      await page.getByRole('link', { name: `Order #${orderId}` }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
      const lines = page.getByRole('region', { name: 'Items' });
      const picture = lines.getByRole('img', { name: product.title });
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(lines.getByText(`Size: ${product.sizes[0]}`)).toBeVisible();
      await expect(lines.getByText(product.colors[0]!)).toBeVisible();
      await expect(lines.locator('dt', { hasText: /^Total$/ }).locator('+ dd')).toHaveText(
        money(order.total),
      );
      await expect(lines.locator('dt', { hasText: 'Shipping' }).locator('+ dd')).toHaveText(money(20));
      await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Olive Owner');
      const history = page.getByRole('list', { name: 'Status history' }).getByRole('listitem');
      await expect(history).toHaveCount(2);
      await expect(history.nth(0)).toContainText('Placed');
      await expect(history.nth(1)).toContainText('Processing');
      const pay = page.getByRole('link', { name: /Pay online via WhatsApp/ });
      await expect(pay).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/.*${encodeURIComponent(`#${orderId}`)}`),
      );
      await page.screenshot({ path: `${SHOTS}/order-${width}.png`, fullPage: true });
      if (width === 1280) {
        await page.emulateMedia({ media: 'print' });
        await page.screenshot({ path: `${SHOTS}/order-print-${width}.png`, fullPage: true });
        await page.emulateMedia({ media: 'screen' });
      }

      // Another shopper opening the first one's pages sees Order not found, never the order.
      const other = await browser.newContext({ viewport: { width, height: 800 } });
      const stranger = await other.newPage();
      const strangerDialogs = forbidDialogs(stranger);
      await signUp(stranger, other.request, 'Sam Stranger', `stranger${width}`);
      for (const path of [`/order-success/${orderId}`, `/orders/${orderId}`]) {
        await stranger.goto(path);
        await expect(stranger.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
        await expect(stranger.getByRole('heading', { name: 'Thank You for Your Order!' })).toHaveCount(0);
        await expect(stranger.getByText(product.title)).toHaveCount(0);
        await expect(stranger.getByText('Mall Road')).toHaveCount(0);
      }
      await stranger.screenshot({ path: `${SHOTS}/not-found-${width}.png`, fullPage: true });
      expect(strangerDialogs).toEqual([]);
      await other.close();

      // The profile's orders on a 5xx: Try again (not "No orders found"), which recovers.
      let failing = true;
      await page.route('**/api/orders/my', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"message":"down","code":"internal"}',
            })
          : route.fallback(),
      );
      await page.goto('/profile');
      const orders = page.getByRole('region', { name: 'Your Orders' });
      await expect(orders.getByRole('alert')).toHaveText(/Could not load your orders\./);
      await expect(orders.getByText('No orders found')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/orders-error-${width}.png`, fullPage: true });
      failing = false;
      await orders.getByRole('button', { name: 'Try again' }).click();
      await expect(orders.getByRole('link', { name: `Order #${orderId}` })).toBeVisible();
      await expect(orders.getByRole('alert')).toHaveCount(0);

      // The order page on a 5xx: the same Try again, which recovers.
      let down = true;
      await page.route(`**/api/orders/${orderId}`, (route) =>
        down
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"busy"}' })
          : route.fallback(),
      );
      await page.goto(`/orders/${orderId}`);
      await expect(page.getByRole('alert')).toHaveText(/Could not load your order\./);
      await expect(page.getByRole('heading', { name: 'Order not found' })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/order-error-${width}.png`, fullPage: true });
      down = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();

      expect(dialogs).toEqual([]);
    });
  });
}

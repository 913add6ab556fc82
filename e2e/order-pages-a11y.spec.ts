import { expect as baseExpect, test, type Page } from '@playwright/test';
import { productListResponseSchema } from '#contract/schemas/product';
import type { AuthResponse } from '#contract/schemas/user';
import { expectNoSeriousViolations } from './a11y-helpers';
import { placeOrder } from './admin-journey-helpers';

/**
 * axe on the shopper's screens issue 27 added or changed that the journeys do not check: the order page, the
 * success page for its owner and for another shopper (Order not found), and the profile's edit form with a
 * message. No serious or critical finding, at 375 and 1280 px; screenshots to /work/shots/a (SHOTS_DIR).
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/a';

async function signInAs(page: Page, auth: AuthResponse): Promise<void> {
  await page.goto('/');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('user', JSON.stringify(a.user));
  }, auth);
}

for (const width of [375, 1280]) {
  test(`order page, success page, not found and profile edit pass axe at ${width} px`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const look = async (p: Page, name: string) => {
      await expectNoSeriousViolations(p, `${name} at ${width}`);
      await p.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    };
    const list = productListResponseSchema.parse(await (await request.get('/api/products?limit=40')).json());
    // A pictured product with a size and colour that has units for two orders.
    const stocked = list.items.flatMap((x) =>
      x.featured_image
        ? (x.inventory ?? []).filter((l) => l.quantity >= 2 && l.size && l.color).map((l) => ({ x, l }))
        : [],
    )[0];
    if (!stocked) throw new Error('the demo catalogue needs a pictured product with units left');
    const line = {
      productId: stocked.x.id,
      qty: 1,
      selectedSize: stocked.l.size,
      selectedColor: stocked.l.color,
    };
    const { order, auth } = await placeOrder(request, [line], { name: 'Axel Owner' });
    const other = await placeOrder(request, [line], { name: 'Sam Stranger' });

    await signInAs(page, auth);
    await page.goto(`/order-success/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeVisible();
    await look(page, 'a11y-order-success');
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' }).getByRole('img').first()).toBeVisible();
    await look(page, 'a11y-order-page');

    // The profile's edit form, showing the phone rule's message.
    await page.goto('/profile');
    const details = page.getByRole('region', { name: 'Edit Details' });
    await details.getByRole('textbox', { name: 'Phone' }).fill('12');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await expect(details.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      /Invalid phone format/,
    );
    await look(page, 'a11y-profile-edit');

    // Another shopper opening the first one's success page: Order not found.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const stranger = await context.newPage();
    await signInAs(stranger, other.auth);
    await stranger.goto(`/order-success/${order.id}`);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await look(stranger, 'a11y-order-not-found');
    await context.close();
  });
}

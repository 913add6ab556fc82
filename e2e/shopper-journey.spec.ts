import { expect, test, type Page } from './fixtures';
import { effectivePrice, formatMoney } from '#contract/rules/money';
import { productListResponseSchema, type Product } from '#contract/schemas/product';
import { orderSchema } from '#contract/schemas/order';
import { fillAddress, fillContact, openProduct, pickAndAddToCart, register } from './shop-helpers';

/**
 * The shopper's buying loop against the real server (Koa + lowdb): two products in different sizes,
 * cart edits, a shipping estimate from the countries service, the sign-in detour from checkout through
 * register and back, the order, and the profile showing it with the total the server computed.
 */
const money = (n: number) => formatMoney(n, 'USD');
const round2 = (n: number) => Math.round(n * 100) / 100;

async function addToCart(page: Page, p: Product, sizeIndex: number) {
  const size = p.sizes[sizeIndex]!;
  await openProduct(page, p);
  await pickAndAddToCart(page, p, size);
  return size;
}

test('two sizes -> cart edits -> shipping -> checkout -> register -> order -> profile', async ({
  page,
  request,
}) => {
  test.slow();
  const list = productListResponseSchema.parse(await (await request.get('/api/products?limit=40')).json());
  // Products with units in every size × colour: earlier specs (admin-at-size) leave sold-out and low ones on top.
  const stocked = (p: (typeof list.items)[number]) =>
    !p.inventory?.length ||
    p.sizes.every((size) =>
      p.colors.every(
        (color) => (p.inventory?.find((l) => l.size === size && l.color === color)?.quantity ?? 0) >= 5,
      ),
    );
  const withSizes = list.items.filter((p) => p.sizes.length >= 2 && p.colors.length >= 1 && stocked(p));
  // Two products whose picked sizes differ (earlier specs add products, so the newest first may share sizes).
  const a = withSizes[0];
  const b = withSizes.find((p) => p !== a && p.sizes[1] !== a?.sizes[0]);
  if (!a || !b) throw new Error('the demo catalogue needs two products with two sizes');

  // Two products, in different sizes.
  const sizeA = await addToCart(page, a, 0);
  const sizeB = await addToCart(page, b, 1);
  expect(sizeA).not.toBe(sizeB);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);

  // A quantity edit counts only after Update Cart.
  const subtotal = page
    .getByRole('region', { name: 'Cart Totals' })
    .locator('dt', { hasText: 'Subtotal' })
    .locator('+ dd');
  await expect(subtotal).toHaveText(money(round2(effectivePrice(a) + effectivePrice(b))));
  await page.getByRole('button', { name: new RegExp(`^Increase quantity of ${a.title}`) }).click();
  await expect(subtotal).toHaveText(money(round2(effectivePrice(a) + effectivePrice(b))));
  await page.getByRole('button', { name: 'Update Cart' }).click();
  await expect(page.getByText('Cart updated successfully ✅')).toBeVisible();
  const itemsTotal = round2(effectivePrice(a) * 2 + effectivePrice(b));
  await expect(subtotal).toHaveText(money(itemsTotal));

  // Shipping estimate: a country and a province from the lists.
  await page.getByRole('button', { name: 'Calculate shipping' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calculate Shipping' });
  await fillAddress(dialog);
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  const totals = page.getByRole('region', { name: 'Cart Totals' });
  await expect(totals.locator('dt', { hasText: 'Shipping' }).locator('+ dd')).toContainText(money(20));
  await expect(totals.locator('dt', { hasText: /^Total$/ }).locator('+ dd')).toHaveText(
    money(round2(itemsTotal + 20)),
  );

  // Checkout while signed out: the address is prefilled; Place Order sends us to log in.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('textbox', { name: 'Town / City' })).toHaveValue('Lahore');
  await expect(page.getByRole('combobox', { name: 'State / Province' })).toHaveValue('Punjab');
  await fillContact(page, 'Grace Hopper');
  await page.getByRole('textbox', { name: 'Order Notes (optional)' }).fill('Leave at the door');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // No account yet: register, then come straight back to the checkout with the form as it was.
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const email = `grace.${Date.now().toString(36)}@example.com`;
  await register(page, { first: 'Grace', last: 'Hopper', email, password: 'hopper-pass-1' });
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Grace Hopper');
  await expect(page.getByRole('textbox', { name: 'Order Notes (optional)' })).toHaveValue(
    'Leave at the door',
  );
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('Mall Road');

  // Place the order.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\/\d+$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible();
  await expect(page.getByText(`#${orderId}`)).toBeVisible();
  const chat = page.getByRole('link', { name: /WhatsApp/ });
  const href = new URL((await chat.getAttribute('href'))!);
  expect(href.origin).toBe('https://wa.me');
  expect(href.searchParams.get('text')).toContain(`#${orderId}`);

  // The server priced it: lines from its catalogue plus 20 shipping for a city.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const mine = orderSchema
    .array()
    .parse(
      await (await request.get('/api/orders/my', { headers: { Authorization: `Bearer ${token}` } })).json(),
    );
  expect(mine).toHaveLength(1);
  const order = mine[0]!;
  expect(String(order.id)).toBe(orderId);
  expect(order.total).toBe(round2(itemsTotal + 20));
  await expect(page.getByText(money(order.total))).toBeVisible();

  // The profile lists it as pending with the server's total.
  await page.goto('/profile');
  const row = page
    .getByRole('region', { name: 'Your Orders' })
    .getByRole('listitem')
    .filter({ hasText: `Order #${orderId}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(money(order.total));
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'pending');
  await expect(row).toContainText(/pending/i);
  await expect(page.getByRole('region', { name: 'Account Information' })).toContainText('Grace Hopper');
});

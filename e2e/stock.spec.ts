import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { productListResponseSchema, type Product } from '#contract/schemas/product';
import { ADMIN, registerShopper, signIn } from './admin-journey-helpers';
import { openProduct, pick } from './shop-helpers';

/**
 * Stock on the storefront (issue 14) against the real server: a sold-out size cannot be added, and a
 * shopper's Notify me when it's back turns into a notification (badge on the account menu, entry in the
 * profile) once the admin restocks that size in the product modal's stock grid.
 *
 * The demo catalogue sells out a few sizes (fixtures/demo-stock.ts); the spec finds them through the public
 * API instead of naming ids, newest first, which is also the order of the admin's product list.
 */
const ADMIN_PAGE_SIZE = 4;

interface SoldOut {
  product: Product;
  size: string;
  color: string;
  /** The product's position in the newest-first list (the admin list's order). */
  index: number;
}

async function newestFirst(request: APIRequestContext): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/products?limit=100&page=${page}`);
    const { items, total } = productListResponseSchema.parse(await res.json());
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}

/** Products with a sold-out size × colour while other combinations still have units, newest first. */
async function soldOutCombinations(request: APIRequestContext): Promise<SoldOut[]> {
  return (await newestFirst(request)).flatMap((product, index) => {
    const lines = product.inventory ?? [];
    const gone = lines.find((l) => l.quantity === 0 && l.size && l.color);
    const others = lines.some((l) => l.quantity > 0);
    return gone && others ? [{ product, size: gone.size, color: gone.color, index }] : [];
  });
}

async function pickCombination(page: Page, c: SoldOut): Promise<void> {
  await pick(page, /^Size/, c.size);
  await pick(page, /^Colour/, c.color);
}

test('a sold-out size cannot be added to the cart', async ({ page, request }) => {
  const found = await soldOutCombinations(request);
  // The last one: the notify journey below restocks the first.
  const c = found.at(-1);
  if (!c || found.length < 2) throw new Error('the demo catalogue needs two products with a sold-out size');
  await openProduct(page, c.product);
  await pick(page, /^Colour/, c.color);
  // Sold out for this colour: marked, yet still choosable.
  const sizeOption = page
    .getByRole('radiogroup', { name: /^Size/ })
    .getByRole('radio', { name: c.size, exact: true });
  await expect(sizeOption).toHaveAccessibleDescription('Sold out');
  await pick(page, /^Size/, c.size);
  const button = page.getByRole('button', { name: 'Sold out', exact: true });
  await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeDisabled();
  await button.click({ force: true });
  await expect(page).toHaveURL(new RegExp(`/product/${c.product.id}$`));
  const cart = (await page.context().cookies()).find((k) => k.name === 'cart');
  expect(cart ? JSON.parse(decodeURIComponent(cart.value)).lines : []).toEqual([]);
});

test("Notify me when it's back -> the admin restocks -> the shopper sees the notification", async ({
  browser,
  request,
}) => {
  test.slow();
  const [c] = await soldOutCombinations(request);
  if (!c) throw new Error('the demo catalogue needs a product with a sold-out size');
  const { page: shop } = await registerShopper(browser, `stock-${Date.now()}`);

  // The shopper asks to be told; the button then reads We'll let you know, also after a reload.
  await openProduct(shop, c.product);
  await pickCombination(shop, c);
  await expect(shop.getByRole('button', { name: 'Sold out', exact: true })).toBeDisabled();
  await shop.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(shop.getByRole('button', { name: "We'll let you know" })).toBeDisabled();
  await shop.reload();
  await expect(shop.getByRole('heading', { level: 1, name: c.product.title })).toBeVisible();
  await pickCombination(shop, c);
  await expect(shop.getByRole('button', { name: "We'll let you know" })).toBeDisabled();
  await expect(shop.getByRole('button', { name: /unread notification/ })).toHaveCount(0);

  // The admin restocks that size and colour in the product modal's stock grid.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await admin.goto('/admin/products');
  await expect(admin.getByRole('table')).toBeVisible();
  for (let i = 0; i < Math.floor(c.index / ADMIN_PAGE_SIZE); i++) {
    await admin.getByRole('button', { name: 'Next' }).click();
    await expect(admin.getByText(`Page ${i + 2}`, { exact: true })).toBeVisible();
  }
  await admin.getByRole('button', { name: `Edit ${c.product.title}`, exact: true }).click();
  const modal = admin.getByRole('dialog', { name: 'Edit Product' });
  const cell = modal.getByRole('spinbutton', { name: `Stock, size ${c.size}, colour ${c.color}` });
  await expect(cell).toHaveValue('0');
  await cell.fill('5');
  await modal.getByRole('button', { name: 'Update' }).click();
  await expect(modal).toBeHidden();
  await admin.context().close();

  // The shopper's account menu counts it (checked on load and when the page becomes visible again).
  await shop.reload();
  const menu = shop.getByRole('button', { name: /, 1 unread notification$/ });
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId('notifications-badge')).toHaveText('1');
  // The size can be added again.
  await pickCombination(shop, c);
  await expect(shop.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

  // The profile lists it; opening it marks it read and the badge goes.
  await shop.goto('/profile');
  const list = shop.getByRole('region', { name: 'Notifications' });
  const entry = list.getByRole('listitem').filter({ hasText: c.product.title });
  await expect(entry).toContainText(`Size ${c.size}, colour ${c.color} is back in stock`);
  await expect(entry).toContainText('New');
  await entry.getByRole('button', { name: /^Mark .* as read$/ }).click();
  await expect(entry).not.toContainText('New');
  await expect(shop.getByRole('button', { name: /unread notification/ })).toHaveCount(0);
  await shop.context().close();
});

import { expect, test } from './fixtures';
import { slugFromName } from '#contract/rules/validation';
import { ADMIN, dashboardFigures, drawPng, registerShopper, signIn } from './admin-journey-helpers';

/**
 * The admin's whole loop against the real server: catalogue work, a shopper's order, fulfilment, and
 * the dashboard reflecting it. Names carry a run tag so a reused data folder cannot confuse the steps.
 */
test('admin creates a category and product, a shopper orders it, the admin ships it', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const categoryName = `Scarves ${tag}`;
  const productTitle = `Silk Scarf ${tag}`;
  const QTY = 5;

  // Sign in as admin: straight to /admin, which loads the admin chunk (shoppers never do, see below).
  const adminChunk = page.waitForRequest((r) => /admin-routes[^/]*\.js/.test(r.url()));
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await adminChunk;
  const before = await dashboardFigures(page);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });

  // A category with an image.
  await nav.getByRole('link', { name: 'Categories' }).click();
  await page
    .getByLabel('Category image')
    .setInputFiles(await drawPng(page, 'scarves.png', '#8a3b5c', 'SCARVES'));
  await expect(page.getByRole('img', { name: 'Category image preview' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Category name' }).fill(categoryName);
  await page.getByRole('button', { name: 'Create Category' }).click();
  const categoryItem = page.getByRole('listitem').filter({ hasText: categoryName });
  await expect(categoryItem).toBeVisible();
  await expect(categoryItem.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  // A product in it, with sizes, colours, a featured image and two gallery images.
  await nav.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New Product' }).click();
  const modal = page.getByRole('dialog', { name: 'New Product' });
  await modal.getByLabel('Product Title').fill(productTitle);
  await modal.getByLabel('Description').fill('Pure silk, hand-rolled edges.');
  await modal.getByLabel('Regular Price').fill('40');
  await modal.getByLabel(/Sale Price/).fill('35');
  await modal.getByLabel('Category').selectOption({ label: categoryName });
  await modal.getByRole('textbox', { name: 'Sizes' }).fill('One Size');
  await modal.getByRole('textbox', { name: 'Sizes' }).press('Enter');
  for (const colour of ['navy', 'crimson']) {
    await modal.getByRole('textbox', { name: 'Colors' }).fill(colour);
    await modal.getByRole('textbox', { name: 'Colors' }).press('Enter');
  }
  await modal
    .getByLabel('Featured Image')
    .setInputFiles(await drawPng(page, 'front.png', '#1f2a6b', 'FRONT'));
  await expect(modal.getByRole('img', { name: 'Featured Image preview' })).toBeVisible();
  await modal
    .getByLabel('Gallery Images')
    .setInputFiles([
      await drawPng(page, 'side.png', '#b0304a', 'SIDE'),
      await drawPng(page, 'back.png', '#2f5f4f', 'BACK'),
    ]);
  await expect(modal.getByRole('img', { name: 'New gallery image 2' })).toBeVisible();
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: productTitle });
  await expect(row).toContainText('USD 35');
  await expect(row).toContainText(categoryName);

  // The storefront lists it under the category and shows its images on the detail page.
  const shopper = await registerShopper(browser, tag);
  const shop = shopper.page;
  await shop.goto(`/products?category=${slugFromName(categoryName)}`);
  const card = shop.getByRole('link', { name: productTitle }).first();
  await expect(card).toBeVisible();
  await expect(shop.locator(`img[src^="/uploads/"]`).first()).toBeVisible();
  await card.click();
  await expect(shop.getByRole('heading', { level: 1, name: productTitle })).toBeVisible();
  const gallery = shop.getByRole('list', { name: 'Product images' });
  await expect(gallery.getByRole('button')).toHaveCount(3);
  expect(await shop.locator('img[src^="/uploads/"]').count()).toBeGreaterThanOrEqual(3);

  // The shopper orders five of it.
  // Click the visible option as a shopper does (a forced check on the hidden input clicks wherever it
  // was measured, which misses while the gallery's images are still shifting the layout).
  for (const option of ['One Size', 'crimson']) {
    const radio = shop.getByRole('radio', { name: option, exact: true });
    await shop.locator('label').filter({ has: radio }).click();
    await expect(radio).toBeChecked();
  }
  for (let i = 1; i < QTY; i++) await shop.getByRole('button', { name: 'Increase quantity' }).click();
  await shop.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(shop).toHaveURL(/\/cart$/);
  await shop.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await shop.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Erin Tester');
  await shop.getByRole('textbox', { name: 'Address', exact: true }).fill('Flat 2');
  await shop.getByRole('textbox', { name: 'Street', exact: true }).fill('10 Market Street');
  await shop.getByRole('textbox', { name: 'Town / City', exact: true }).fill('Springfield');
  await shop.getByRole('textbox', { name: 'State / Province', exact: true }).fill('Illinois');
  await shop.getByRole('textbox', { name: 'Phone', exact: true }).fill('5550101234');
  await shop.getByRole('textbox', { name: 'Order Notes (optional)' }).fill('Gift wrap, please');
  await shop.getByRole('button', { name: 'Place Order' }).click();
  await expect(shop).toHaveURL(/\/order-success\/\d+$/);
  const orderId = Number(shop.url().split('/').pop());

  // The admin finds the order, opens it and ships it.
  await nav.getByRole('link', { name: 'Orders' }).click();
  const orderCard = page.getByRole('listitem', { name: `Order #${orderId}` });
  await expect(orderCard).toContainText('Erin Tester');
  await expect(orderCard).toContainText('pending');
  await orderCard.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: `Order #${orderId}` });
  await expect(details).toContainText(productTitle);
  await expect(details).toContainText('Quantity: 5');
  await expect(details).toContainText('Color: crimson');
  await expect(details).toContainText('Gift wrap, please');
  await details.getByRole('button', { name: 'Close Details' }).click();
  await expect(details).toBeHidden();
  await orderCard
    .getByRole('combobox', { name: `Update status of order #${orderId}` })
    .selectOption('shipped');
  await expect(page.getByRole('status').filter({ hasText: 'Status updated' })).toBeVisible();
  await expect(orderCard.locator('[data-status="shipped"]')).toBeVisible();
  await orderCard.getByRole('button', { name: /View Details/ }).click();
  await expect(details).toContainText('pending -> shipped');
  await page.keyboard.press('Escape');

  // The server pages, filters and searches the orders: by status and order id the card is the only one.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('shipped');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(`#${orderId}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('listitem', { name: /^Order #/ })).toHaveCount(1);
  await expect(orderCard).toContainText('shipped');

  // The shopper's profile shows it shipped.
  await shop.goto('/profile');
  const myOrder = shop.getByRole('listitem').filter({ hasText: `#${orderId}` });
  await expect(myOrder).toContainText('shipped');

  // The dashboard counts it: one more order, its total in sales, the product among the best sellers.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  const after = await dashboardFigures(page);
  expect(after.orders).toBe(before.orders + 1);
  expect(after.sales).toBeCloseTo(before.sales + QTY * 35 + 20, 2);
  await expect(page.getByRole('listitem').filter({ hasText: productTitle })).toContainText(`${QTY} sold`);
});

test('a shopper opening /admin is sent away, without downloading the admin code', async ({ browser }) => {
  const { page } = await registerShopper(browser, `guard-${Date.now().toString(36)}`);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Admin Panel')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /admin/i.test(u))).toEqual([]);
});

import { expect, test } from './fixtures';
import { checkAdminScreen, SHOTS } from './a11y-helpers';
import { ADMIN, signIn } from './admin-journey-helpers';

/**
 * Every admin screen (and both modals) at 1280 px, the orders screen at 375 px: axe finds no serious or
 * critical violation, and a screenshot lands in test-results/screenshots/ (git-ignored) for a person.
 */
const check = checkAdminScreen;

test('admin screens pass axe and are captured at 1280 px, orders also at 375 px', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await check(page, 'dashboard-1280');

  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await check(page, 'products-1280');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Product' })).toBeVisible();
  await check(page, 'product-modal-1280', '[role=dialog]');
  await page.keyboard.press('Escape');

  await nav.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByText('Category ID: 1', { exact: true })).toBeVisible();
  await check(page, 'categories-1280');

  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('button', { name: /View Details/ }).first()).toBeVisible();
  await check(page, 'orders-1280');
  await page
    .getByRole('button', { name: /View Details/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText('Order Items');
  await check(page, 'order-details-1280', '[role=dialog]');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 812 });
  await check(page, 'orders-375');
  await expect(nav).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-orders-375-menu.png` });
});

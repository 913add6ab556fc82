import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { animationsSettled } from './a11y-helpers';
import { signIn } from './admin-journey-helpers';
import { register } from './shop-helpers';

/**
 * Issue 14's wishlist journey against the real server: a guest hearts two products (kept on the device, in
 * IndexedDB), registers, and finds them in the account's wishlist (merged at sign-in); then another device
 * (a second browser context, nothing shared) signs in to the same account and sees the same list.
 */
const heartOf = (page: Page, title: string) =>
  page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('button', {
      name: /wishlist/,
    });

async function expectWishlist(page: Page, titles: string[]) {
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items.getByRole('heading', { level: 2 })).toHaveText(titles);
  const count = `Wishlist, ${titles.length} ${titles.length === 1 ? 'item' : 'items'}`;
  await expect(page.getByRole('link', { name: count })).toBeVisible();
}

test('a guest’s wishlist survives sign-in and shows on another device of the same account', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto('/products');
  const titles = page.getByRole('main').locator('article h3, article h2');
  await expect(titles.nth(1)).toBeVisible();
  const [first, second] = [(await titles.nth(0).textContent())!, (await titles.nth(1).textContent())!];

  // A guest: the hearts work and the header counts them.
  await expect(page.getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();
  await heartOf(page, first).click();
  await expect(heartOf(page, first)).toHaveAccessibleName('Remove from wishlist');
  await expect(heartOf(page, first)).toHaveAttribute('aria-pressed', 'true');
  await heartOf(page, second).click();
  await expect(heartOf(page, second)).toHaveAccessibleName('Remove from wishlist');
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  // Newest first; a reload keeps them (the device's list). The page passes axe's WCAG 2.1 AA checks.
  await page.reload();
  await expectWishlist(page, [second, first]);
  await animationsSettled(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Registering signs in: the device's list is merged into the new account.
  const email = `wish-${Date.now()}@e2e.test`;
  const password = 'wishlist-pass-1';
  await page.goto('/register');
  await register(page, { first: 'Wren', last: 'Lister', email, password });
  await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
  await expectWishlist(page, [second, first]);

  // Another device: nothing on it, the same account.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signIn(phone, email, password);
  await expect(phone.getByRole('button', { name: /^Hi, / })).toBeVisible();
  await expectWishlist(phone, [second, first]);

  // A removal there reaches the first device.
  await phone
    .getByRole('listitem')
    .filter({ hasText: first })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(phone.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await expect(phone.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await other.close();
  await page.reload();
  await expectWishlist(page, [second]);
});

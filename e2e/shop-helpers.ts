import { expect, type Locator, type Page } from '@playwright/test';
import type { Product } from '#contract/schemas/product';

/** Shared by the shopper specs: the steps a shopper takes on the product page, the register form and the checkout. */
export const PHONE = '03001234567';

/**
 * Moves to `path` inside the app, as a link would. A page opened from outside (goto, reload) has its data inside
 * the server's HTML (issue 28) and fetches nothing; only a move inside the app fetches, and so can fail.
 */
export async function moveInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Whether `p` has units to sell in its first size and colour (what pickAndAddToCart takes by default): specs that
 * run earlier (admin-at-size) leave sold-out and low products at the top of the latest list.
 */
export function hasUnits(p: Product, size = p.sizes[0], color = p.colors[0]): boolean {
  if (size === undefined || color === undefined) return false;
  if (!p.inventory?.length) return true;
  return (p.inventory.find((l) => l.size === size && l.color === color)?.quantity ?? 0) >= 5;
}

/**
 * Clicks the visible option as a shopper does and checks it took: a forced check on the hidden radio clicks where
 * the input was measured, which misses while the gallery's images still shift the layout.
 */
export async function pick(page: Page, group: RegExp, option: string): Promise<void> {
  const options = page.getByRole('radiogroup', { name: group });
  const radio = page.getByRole('radio', { name: option, exact: true });
  await options.locator('label').filter({ has: radio }).click();
  await expect(options.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

/** Opens the product page by its address and waits for its title. */
export async function openProduct(page: Page, p: Product): Promise<void> {
  await page.goto(`/product/${p.id}`);
  await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
}

/** On `p`'s page: picks `size` and the first colour, adds it to the cart and waits for the cart. */
export async function pickAndAddToCart(page: Page, p: Product, size = p.sizes[0]!): Promise<void> {
  await pick(page, /^Size/, size);
  await pick(page, /^Colour/, p.colors[0]!);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** The address block of the shipping popup or the checkout (`scope`): Pakistan, Punjab, Lahore, once listed. */
export async function fillAddress(scope: Page | Locator): Promise<void> {
  const country = scope.getByRole('combobox', { name: 'Country' });
  await expect(country.locator('option[value="Pakistan"]')).toHaveCount(1);
  await country.selectOption('Pakistan');
  const province = scope.getByRole('combobox', { name: 'State / Province' });
  await expect(province.locator('option[value="Punjab"]')).toHaveCount(1);
  await province.selectOption('Punjab');
  await scope.getByRole('textbox', { name: 'Town / City', exact: true }).fill('Lahore');
  await scope.getByRole('textbox', { name: 'Street', exact: true }).fill('Mall Road');
  await scope.getByRole('textbox', { name: 'Address', exact: true }).fill('House 12');
}

/** The checkout's contact fields: who receives the order, and their phone. */
export async function fillContact(page: Page, fullName: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(fullName);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(PHONE);
}

/** The whole checkout form, on the checkout page. */
export async function fillCheckout(page: Page, fullName: string): Promise<void> {
  await fillContact(page, fullName);
  await fillAddress(page);
}

/** Fills the register form and sends it. */
export async function register(
  page: Page,
  who: { first: string; last: string; email: string; password: string },
): Promise<void> {
  await page.getByRole('textbox', { name: 'First Name' }).fill(who.first);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(who.last);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(PHONE);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

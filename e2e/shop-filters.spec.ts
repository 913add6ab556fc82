import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Locator, type Page } from './fixtures';
import { cardPrices, setRange } from './storefront-helpers';

/**
 * Issue 29 on the product list: sizes and colours (several at once), in stock only and a minimum price, each
 * value with its count in the current result; active filters as removable chips; all of it in the URL. Counts
 * are read from the page (other specs create products), never fixed. SHOTS_DIR (e.g. /work/shots/e) also
 * writes screenshots of the drawer, the chips and the sidebar.
 */
const SHOTS = process.env.SHOTS_DIR;
// A loaded machine can take seconds per listing: wait longer, never weaken the checks.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
}

/** The "N products found" line, once the list has loaded. */
async function shown(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ products? found$/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')![1]);
}

/** Each checkbox of a filter group with the count its label shows ("M (12)"). */
async function options(group: Locator): Promise<Array<{ value: string; count: number; box: Locator }>> {
  const boxes = group.getByRole('checkbox');
  const out = [];
  for (const box of await boxes.all()) {
    const label = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    const m = /^(.*)\((\d+)\)$/.exec(label);
    if (m && (await box.isEnabled())) out.push({ value: m[1]!.trim(), count: Number(m[2]), box });
  }
  return out;
}

/** A value that narrows the list (fewer than `total`, more than none): the one with the most products. */
async function narrowing(group: Locator, total: number) {
  const found = (await options(group)).filter((o) => o.count > 0 && o.count < total);
  expect(found.length, 'some value narrows the list').toBeGreaterThan(0);
  return found.sort((a, b) => b.count - a.count)[0]!;
}

test.describe('shop filters on the phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

  test('pick a size and a colour in the drawer: the list narrows, chips show, removing one widens it again', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
    const all = await shown(page);

    await page.getByRole('button', { name: 'Filters & Categories' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters & Categories' });
    const sizes = drawer.getByRole('group', { name: 'Sizes' });
    await expect(sizes).toBeVisible();
    await expect(drawer.getByRole('group', { name: 'Colours' })).toBeVisible();
    await expect(drawer.getByRole('checkbox', { name: /^In stock only \(\d+\)$/ })).toBeVisible();
    await expect(drawer.getByLabel(/^Minimum price/)).toBeVisible();

    // A size: the list has exactly the products its count promised; the drawer stays open for more.
    const size = await narrowing(sizes, all);
    await size.box.click();
    await expect(size.box).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size.value)}(&|$)`));
    await expect(
      page.getByText(`${size.count} ${size.count === 1 ? 'product' : 'products'} found`),
    ).toBeVisible();
    await expect(drawer).toBeVisible();
    await expect(sizes.getByRole('checkbox', { name: new RegExp(`^${size.value} \\(`) })).toBeChecked();

    // A colour, counted within that size.
    const colours = drawer.getByRole('group', { name: 'Colours' });
    const colour = await narrowing(colours, size.count);
    await colour.box.click();
    await expect(colour.box).toBeChecked();
    await expect(page).toHaveURL(/[?&]color=/);
    await expect(
      page.getByText(`${colour.count} ${colour.count === 1 ? 'product' : 'products'} found`),
    ).toBeVisible();
    await shot(page, 'drawer-375');

    // Show N products closes the drawer; the chips say what narrows the list.
    await drawer
      .getByRole('button', { name: `Show ${colour.count} ${colour.count === 1 ? 'product' : 'products'}` })
      .click();
    await expect(drawer).toBeHidden();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByText(`Size: ${size.value}`)).toBeVisible();
    await expect(chips.getByText(`Colour: ${colour.value}`)).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(Math.min(colour.count, 12));
    await shot(page, 'chips-375');

    // Removing the colour chip widens the list back to the size's count.
    await chips.getByRole('button', { name: `Remove colour ${colour.value}` }).click();
    await expect(
      page.getByText(`${size.count} ${size.count === 1 ? 'product' : 'products'} found`),
    ).toBeVisible();
    await expect(chips.getByText(`Colour: ${colour.value}`)).toHaveCount(0);
    expect(page.url()).not.toContain('color=');

    // Back brings the colour again (the URL holds it all), Clear all removes every filter.
    await page.goBack();
    await expect(
      page.getByText(`${colour.count} ${colour.count === 1 ? 'product' : 'products'} found`),
    ).toBeVisible();
    await expect(chips.getByRole('button', { name: `Remove size ${size.value}` })).toBeVisible();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/products$/);
    expect(await shown(page)).toBeGreaterThanOrEqual(all);
  });
});

test.describe('shop filters on the desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });

  test('the sidebar shows the counts; in stock only and a minimum price apply through the URL', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
    const aside = page.getByRole('complementary', { name: 'Filters' });
    const inStock = aside.getByRole('checkbox', { name: /^In stock only \((\d+)\)$/ });
    const label = await inStock.evaluate((el) => el.closest('label')?.textContent ?? '');
    const count = Number(/\((\d+)\)/.exec(label)![1]);
    await inStock.click();
    await expect(inStock).toBeChecked();
    await expect(page).toHaveURL(/[?&]in_stock=1/);
    await expect(page.getByText(`${count} ${count === 1 ? 'product' : 'products'} found`)).toBeVisible();

    // A minimum price: every card at or above it.
    const min = aside.getByLabel(/^Minimum price/);
    await setRange(min, 60);
    await expect(aside.getByText(/^Minimum price: .*60/)).toBeVisible();
    await aside.getByRole('button', { name: 'Apply Filter' }).click();
    await expect(page).toHaveURL(/[?&]minPrice=60/);
    await expect(page.getByRole('button', { name: /^Remove minimum price .*60/ })).toBeVisible();
    await expect(page.locator('main article').first()).toBeVisible();
    for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(60);
    await shot(page, 'sidebar-1280', { fullPage: true });
    await page.getByRole('button', { name: 'Remove in stock only' }).click();
    await expect(page).not.toHaveURL(/in_stock/);
  });
});

import { expect, test } from './fixtures';
import { cardPrices, cartCookie, setRange } from './storefront-helpers';

/** The shopper's browsing journeys of issue 3 against the real server and its seeded demo catalogue. */

test('home shows a category name that came from the server', async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories')).json()) as Array<{ name: string; slug: string }>;
  expect(categories.length).toBeGreaterThan(0);
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Shop by Category' });
  await expect(grid.getByRole('link', { name: categories[0]!.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shop categories' }).getByRole('link', { name: categories[0]!.name.toUpperCase() })).toBeVisible();
});

test('home -> category -> price filter -> sort -> page 2 -> product -> size and colour -> Add to Cart', async ({ page, context }) => {
  const ASKED_CAP = 40;
  await page.goto('/');
  const tile = page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first();
  const categoryName = (await tile.textContent())!.trim();
  await tile.click();
  await expect(page).toHaveURL(/\/products\?category=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(categoryName.replace('-', ' '));
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: categoryName })).toHaveAttribute('aria-pressed', 'true');

  // Filter by price: every card is at or under the cap.
  await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
  await setRange(filters.getByRole('slider', { name: /Maximum price/ }), ASKED_CAP);
  await filters.getByRole('button', { name: 'Apply Filter' }).click();
  // The slider stops at the category's dearest price, so the cap applied may be below the one asked for.
  await expect(page).toHaveURL(/maxPrice=\d/);
  const CAP = Number(new URL(page.url()).searchParams.get('maxPrice'));
  expect(CAP).toBeLessThanOrEqual(ASKED_CAP);
  await expect.poll(async () => (await cardPrices(page)).every((p) => p <= CAP)).toBe(true);

  // Sort, then widen to all categories: the cap and the sort stay, the page starts at 1.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');
  await filters.getByRole('button', { name: 'All Categories' }).click();
  await expect(page).toHaveURL(`/products?sort=price_desc&maxPrice=${CAP}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Arrivals');
  const pages = page.getByRole('navigation', { name: 'Product pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const firstPage = await cardPrices(page);

  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`/products?sort=price_desc&maxPrice=${CAP}&page=2`);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(async () => (await cardPrices(page))[0] ?? Infinity).toBeLessThanOrEqual(firstPage[firstPage.length - 1]!);
  const secondPage = await cardPrices(page);
  expect(secondPage.every((p) => p <= CAP)).toBe(true);
  expect([...secondPage].sort((a, b) => b - a)).toEqual(secondPage);

  // Open the first product of page 2.
  const card = page.locator('main article').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  const productId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Without a size and colour nothing is added.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('radiogroup', { name: /^Size/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/product\/\d+$/);

  const sizeLabel = page.getByRole('radiogroup', { name: /^Size/ }).locator('label').first();
  const size = (await sizeLabel.textContent())!.trim();
  await sizeLabel.click();
  const colourLabel = page.getByRole('radiogroup', { name: /^Colour/ }).locator('label').first();
  await colourLabel.click();
  const colour = (await colourLabel.textContent())!.trim();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  const cart = await cartCookie(context);
  expect(cart.lines).toHaveLength(1);
  expect(cart.lines[0]).toMatchObject({ productId, qty: 2, title, selectedSize: size, selectedColor: colour });
  expect(cart.lines[0]!.price).toBeLessThanOrEqual(CAP);
  await expect(page.getByTestId('cart-badge')).toHaveText(/^2/);
});

test('header search goes to the list with the name and category', async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories')).json()) as Array<{ name: string; slug: string }>;
  const cat = categories[0]!;
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('search');
  await search.getByPlaceholder('Search for products...').fill('  tee  ');
  await search.getByRole('combobox', { name: 'Search in category' }).selectOption(cat.slug);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/products?category=${cat.slug}&name=tee`);
  await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('tee');
});

test('an unknown path redirects to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Collections' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu opens, closes with Escape and follows a category', async ({ page, request }) => {
    const categories = (await (await request.get('/api/categories')).json()) as Array<{ name: string; slug: string }>;
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('search')).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const c of categories) await expect(menu.getByRole('link', { name: c.name, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login / Register' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Cart (0 items)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('link', { name: categories[1]!.name, exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(`/products?category=${categories[1]!.slug}`);

    // The listing's filters live in a drawer on phones.
    await page.getByRole('button', { name: /Filters & Categories/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters & Categories' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: categories[2]!.name, exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(`/products?category=${categories[2]!.slug}`);
  });
});

import { expect, test } from './fixtures';
import type { Product, ProductListResponse } from '#contract/schemas/product';
import { effectivePrice } from '#contract/rules/money';
import { setRange } from './storefront-helpers';
import { cardTitles, expectControlled, persistentContext } from './pwa-helpers';
import { parseListing, productQuery } from '../web/src/features/catalog/listing-url';

/**
 * Issue 6: the installable offline PWA against the real server built from dist/. One online visit of /,
 * then, offline: /, a filtered and sorted listing never asked for online, a product never opened online,
 * and the cart — all from the service worker's shell and the IndexedDB catalogue.
 */
test.describe.configure({ timeout: 120_000 });

interface Category {
  name: string;
  slug: string;
}

/** A category, a search word within it (in 2+ titles) and a price cap, so the listing is non-trivial. */
function pickListing(categories: Category[], all: Product[]) {
  for (const c of categories) {
    const inCat = all.filter((p) => p.categories.some((pc) => pc.slug === c.slug));
    const counts = new Map<string, number>();
    for (const p of inCat)
      for (const w of new Set(p.title.toLowerCase().split(/\s+/)))
        if (w.length > 3) counts.set(w, (counts.get(w) ?? 0) + 1);
    const word = [...counts].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1])[0]?.[0];
    if (!word) continue;
    const prices = inCat
      .filter((p) => p.title.toLowerCase().includes(word))
      .map(effectivePrice)
      .sort((a, b) => a - b);
    const cap = Math.ceil(prices[Math.floor(prices.length / 2)] ?? 0);
    if (cap > 0) return { slug: c.slug, word, cap };
  }
  throw new Error('no category with a repeated title word');
}

/**
 * Title words of 5+ letters, most frequent first, each misspelt by swapping two neighbouring letters (one
 * typo): only those no title or SKU holds as typed, so the plain substring search finds nothing for them.
 */
function misspellings(all: Product[]): Array<{ word: string; typo: string }> {
  const counts = new Map<string, number>();
  for (const p of all)
    for (const w of new Set(p.title.toLowerCase().split(/[^a-z]+/)))
      if (w.length >= 5) counts.set(w, (counts.get(w) ?? 0) + 1);
  const texts = all.map((p) => `${p.title} ${p.sku}`.toLowerCase());
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => {
      const i = word[2] !== word[3] ? 2 : 1;
      return { word, typo: word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2) };
    })
    .filter(({ word, typo }) => typo !== word && !texts.some((t) => t.includes(typo)));
}

/** The API call the listing page makes for a /products URL (its own productQuery). */
function apiUrl(listing: string): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(productQuery(parseListing(listing))))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, String(one));
  return `/api/products?${params}`;
}

test('installable, controlled, and browsing works offline after one visit', async ({ request }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const { context, page, close } = await persistentContext(baseURL);
  try {
    // What the server answers online.
    const categories = (await (await request.get('/api/categories')).json()) as Category[];
    const home = (await (await request.get('/api/products?limit=20')).json()) as ProductListResponse;
    const all = ((await (await request.get('/api/products?limit=100')).json()) as ProductListResponse).items;
    const { slug, word, cap } = pickListing(categories, all);
    const listing = (await (
      await request.get(
        `/api/products?category=${slug}&q=${word}&maxPrice=${cap}&sort=price_desc&page=1&limit=12`,
      )
    ).json()) as ProductListResponse;
    expect(listing.items.length).toBeGreaterThan(0);
    const seen = new Set([...home.items, ...listing.items].map((p) => p.id));
    const unseen = all.find((p) => !seen.has(p.id));
    if (!unseen) throw new Error('every product was on a page already');
    // A misspelt title word the server's typo tolerance answers with 2+ products, the word meant among them.
    let misspelt: { word: string; typo: string; answer: ProductListResponse } | undefined;
    for (const { word, typo } of misspellings(all)) {
      const answer = (await (await request.get(apiUrl(`name=${typo}`))).json()) as ProductListResponse;
      if (answer.total >= 2 && answer.items.some((p) => p.title.toLowerCase().includes(word))) {
        misspelt = { word, typo, answer };
        break;
      }
    }
    if (!misspelt) throw new Error('no misspelt title word finds 2+ products on the server');

    // One online visit: the worker installs and takes control, the background sync copies the catalogue.
    await page.goto('/');
    await expectControlled(page);
    await expect(page.locator('html')).toHaveAttribute('data-catalogue-sync', 'done', { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
      )
      .toEqual([]);
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();

    // The worker's caches hold the shell and images only: no API answer, no admin chunk, no MSW worker.
    const cached = await page.evaluate(async () => {
      const lists = await Promise.all(
        (await caches.keys()).map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)),
      );
      return lists.flat();
    });
    expect(cached.some((u) => u.endsWith('/index.html') || u.includes('/index.html?'))).toBe(true);
    expect(cached.filter((u) => /\/api\/|\/assets\/admin-|mockServiceWorker/.test(u))).toEqual([]);

    await context.setOffline(true);

    // Home, reloaded offline.
    await page.reload();
    await expectControlled(page);
    await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toBeVisible();
    await expect
      .poll(() => cardTitles(page, 'section[aria-labelledby="home-featured"]'))
      .toEqual(home.items.slice(0, 9).map((p) => p.title));
    await expect(
      page.getByRole('region', { name: 'Shop by Category' }).getByRole('link', { name: categories[0]!.name }),
    ).toBeVisible();

    // A listing query never asked online: category + name in the URL, then a price cap and a sort.
    await page.goto(`/products?category=${slug}&name=${word}`);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
    await setRange(filters.getByRole('slider', { name: /Maximum price/ }), cap);
    await filters.getByRole('button', { name: 'Apply Filter' }).click();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');
    await expect.poll(() => cardTitles(page, 'main')).toEqual(listing.items.map((p) => p.title));
    await expect(page.getByText(/^\d+ products? found$/)).toHaveText(
      `${listing.total} ${listing.total === 1 ? 'product' : 'products'} found`,
    );

    // The same misspelt search offline: the server's first page, in its order, and its count.
    await page.goto(`/products?name=${misspelt.typo}`);
    await expect
      .poll(() => cardTitles(page, 'main'), { message: misspelt.typo })
      .toEqual(misspelt.answer.items.map((p) => p.title));
    await expect(page.getByText(/^\d+ products? found$/)).toHaveText(
      `${misspelt.answer.total} ${misspelt.answer.total === 1 ? 'product' : 'products'} found`,
    );

    // A product never opened online.
    await page.goto(`/product/${unseen.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unseen.title);

    // Add it to the cart offline; the cart survives an offline reload.
    if (unseen.sizes[0])
      await page.getByRole('radiogroup', { name: /^Size/ }).locator('label').first().click();
    if (unseen.colors[0])
      await page
        .getByRole('radiogroup', { name: /^Colour/ })
        .locator('label')
        .first()
        .click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.reload();
    await expect(page.getByRole('main').getByText(unseen.title).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  } finally {
    await close();
  }
});

test('the manifest, the worker and robots.txt are served as a PWA needs', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({
    name: 'Threadline',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(await (await request.get('/robots.txt')).text()).toContain('User-agent: *');
});

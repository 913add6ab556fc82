import { configure, act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { effectivePrice } from '#contract/rules/money';
import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import { server } from '#mock-api/node';
import { demoData, keepProducts, reseed } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { recordProductQueries } from '#web/test/requests';
import { ProductListPage } from './product-list-page';

// Whole pages against the mock core: give slow CI machines more than the default second to settle.
configure({ asyncUtilTimeout: 4000 });

/** Every /api/products query the page sends, in order (the sidebar's limit=5 call filtered out). */
const listCalls = recordProductQueries((query) => query.get('limit') === '12');

const location = () => screen.getByTestId('location').textContent;
const lastCall = () => listCalls[listCalls.length - 1]!;
const count = () => screen.getByText(/^\d+ products? found$/);

async function renderList(route = '/products') {
  const r = renderWithApp(<ProductListPage />, { route });
  await waitFor(() => expect(count()).toBeInTheDocument(), { timeout: 5000 });
  return r;
}

describe('product list: title, count and query', () => {
  it('shows a loading state, then New Arrivals with the plural count, and sends page, limit=12 and sort', async () => {
    const { products } = await demoData();
    renderWithApp(<ProductListPage />, { route: '/products' });
    expect(screen.getAllByText('Loading products…').length).toBeGreaterThan(0);
    // The first render of the file also warms the mock core: a longer wait on a loaded machine.
    await waitFor(() => expect(count()).toHaveTextContent(`${products.length} products found`), {
      timeout: 10_000,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New Arrivals');
    expect(lastCall().get('page')).toBe('1');
    expect(lastCall().get('limit')).toBe('12');
    expect(lastCall().get('sort')).toBe('latest');
    expect(lastCall().has('maxPrice')).toBe(false);
    expect(screen.getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(12);
  });

  it('titles the page from the category slug and sends category, q (from name) and collection', async () => {
    const { categories } = await demoData();
    const cat = categories.find((c) => c.slug.includes('-')) ?? categories[0]!;
    const expected = cat.slug
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
    await renderList(`/products?category=${cat.slug}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected);
    cleanup();
    await renderList(`/products?search=&name=cotton&category=${cat.slug}&collection=everyday-comfort`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Results for "cotton" in ${expected}`,
    );
    expect(lastCall().get('category')).toBe(cat.slug);
    expect(lastCall().get('q')).toBe('cotton');
    expect(lastCall().get('collection')).toBe('everyday-comfort');
  });

  it('says "1 product found" for a single match', async () => {
    const { products } = await demoData();
    const unique = products.find(
      (p) => runCatalogQuery(products, catalogQuerySchema.parse({ q: p.title })).total === 1,
    )!;
    await renderList(`/products?name=${encodeURIComponent(unique.title)}`);
    expect(count()).toHaveTextContent(/^1 product found$/);
  });
});

describe('product list: pagination', () => {
  it('is hidden at 12 products or fewer', async () => {
    await reseed(keepProducts(12));
    await renderList();
    expect(count()).toHaveTextContent('12 products found');
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();
  });

  it('shows Previous, Next and at most 7 numbers, and moves pages through the URL', async () => {
    const { products } = await demoData();
    const pages = Math.ceil(products.length / 12);
    const user = userEvent.setup();
    await renderList();
    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(Math.min(7, pages));
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/products?page=2'));
    await waitFor(() => expect(lastCall().get('page')).toBe('2'));
    await user.click(await screen.findByRole('button', { name: `Page ${pages}` }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
  });
});

describe('product list: sort and filters', () => {
  it('changing the sort resets to page 1', async () => {
    const { products } = await demoData();
    const user = userEvent.setup();
    await renderList('/products?page=3');
    expect(lastCall().get('page')).toBe('3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: High to Low');
    await waitFor(() => expect(lastCall().get('sort')).toBe('price_desc'));
    expect(lastCall().get('page')).toBe('1');
    expect(location()).toBe('/products?sort=price_desc');
    const top = Math.max(...products.map(effectivePrice));
    await waitFor(() =>
      expect(screen.getAllByRole('article')[0]).toHaveTextContent(`USD ${top.toLocaleString()}`),
    );
  });

  it('starts the slider at the highest price; Apply Filter commits it and resets to page 1', async () => {
    const { products } = await demoData();
    const top = Math.max(...products.map(effectivePrice));
    await renderList('/products?page=2');
    const slider = screen.getByRole('slider', { name: /Maximum price/ });
    expect(slider).toHaveValue(String(Math.ceil(top)));
    fireEvent.change(slider, { target: { value: '40' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(lastCall().get('maxPrice')).toBe('40'));
    expect(lastCall().get('page')).toBe('1');
    const expected = products.filter((p) => effectivePrice(p) <= 40).length;
    await waitFor(() => expect(count()).toHaveTextContent(`${expected} products found`));
  });

  it('choosing a category in the drawer sets the URL, resets the page and closes the drawer; All Categories clears it', async () => {
    const { categories } = await demoData();
    const user = userEvent.setup();
    await renderList('/products?page=2');
    await user.click(screen.getByRole('button', { name: /Filters & Categories/ }));
    const drawer = screen.getByRole('dialog', { name: 'Filters & Categories' });
    await user.click(await within(drawer).findByRole('button', { name: categories[1]!.name }));
    expect(location()).toBe(`/products?category=${categories[1]!.slug}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(lastCall().get('category')).toBe(categories[1]!.slug));
    await user.click(screen.getByRole('button', { name: 'All Categories' }));
    expect(location()).toBe('/products');
  });

  it('Reset All clears the category, restores the slider maximum, sorts by latest and goes to /products', async () => {
    const { categories, products } = await demoData();
    const top = Math.max(...products.map(effectivePrice));
    const user = userEvent.setup();
    await renderList(`/products?category=${categories[0]!.slug}&page=1`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    fireEvent.change(screen.getByRole('slider', { name: /Maximum price/ }), { target: { value: '30' } });
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(lastCall().get('maxPrice')).toBe('30'));
    await user.click(screen.getByRole('button', { name: 'Reset All' }));
    expect(location()).toBe('/products');
    await waitFor(() => expect(count()).toHaveTextContent(`${products.length} products found`));
    expect(lastCall().get('sort')).toBe('latest');
    expect(lastCall().has('maxPrice')).toBe(false);
    expect(lastCall().has('category')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('latest');
    expect(screen.getByRole('slider', { name: /Maximum price/ })).toHaveValue(String(Math.ceil(top)));
  });

  it('shows the empty state, and Clear Filters goes back to every product', async () => {
    const { products } = await demoData();
    const user = userEvent.setup();
    await renderList('/products?name=zzzz-no-such-thing');
    expect(screen.getByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or browse all categories')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(location()).toBe('/products');
    await waitFor(() => expect(count()).toHaveTextContent(`${products.length} products found`));
  });
});

describe('product list: stale responses', () => {
  it('ignores a slow answer for an older filter', async () => {
    const { categories, products } = await demoData();
    const [slow, fast] = [categories[0]!, categories[1]!];
    // The first category's answer arrives late; by then the shopper has picked the second one.
    server.use(
      http.get('*/api/products', async ({ request }) => {
        if (new URL(request.url).searchParams.get('category') === slow.slug) await delay(400);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ProductListPage />, { route: `/products?category=${slow.slug}` });
    await user.click(await screen.findByRole('button', { name: fast.name }));
    const fastCount = products.filter((p) => p.categories.some((c) => c.slug === fast.slug)).length;
    await waitFor(() => expect(count()).toHaveTextContent(`${fastCount} products found`));
    await act(() => delay(600));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(fast.name.replace('-', ' '));
    expect(count()).toHaveTextContent(`${fastCount} products found`);
    for (const card of screen.getAllByRole('article')) expect(card).toHaveTextContent(fast.name);
  });
});

/** A Back button beside the page, as the browser's own. */
function WithBack() {
  const navigate = useNavigate();
  return (
    <>
      <ProductListPage />
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

describe('product list: the URL holds the listing (issue 27)', () => {
  it('reads sort, price cap, search and page from the URL and titles a search for it', async () => {
    await renderList('/products?name=shirt&sort=price_asc&maxPrice=80&page=2');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for "shirt"');
    expect(lastCall().get('q')).toBe('shirt');
    expect(lastCall().get('sort')).toBe('price_asc');
    expect(lastCall().get('maxPrice')).toBe('80');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    expect(screen.getByRole('slider', { name: /Maximum price/ })).toHaveValue('80');
  });

  it('writes each change into the URL as a new history entry, so Back returns to the list before', async () => {
    const { categories } = await demoData();
    const cat = categories[0]!;
    const user = userEvent.setup();
    renderWithApp(<WithBack />, { route: `/products?category=${cat.slug}` });
    await waitFor(() => expect(count()).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_desc');
    expect(location()).toBe(`/products?category=${cat.slug}&sort=price_desc`);
    fireEvent.change(screen.getByRole('slider', { name: /Maximum price/ }), { target: { value: '20' } });
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(location()).toBe(`/products?category=${cat.slug}&sort=price_desc&maxPrice=20`);
    await waitFor(() => expect(lastCall().get('maxPrice')).toBe('20'));

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe(`/products?category=${cat.slug}&sort=price_desc`);
    await waitFor(() => expect(lastCall().has('maxPrice')).toBe(false));
    expect(lastCall().get('sort')).toBe('price_desc');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe(`/products?category=${cat.slug}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('latest'));
  });

  it('rewrites a URL with bad or empty values to its canonical form in place, and shows the defaults', async () => {
    const { products } = await demoData();
    await renderList('/products?search=&name=&sort=cheapest&page=zero&maxPrice=-3');
    await waitFor(() => expect(location()).toBe('/products'));
    expect(count()).toHaveTextContent(`${products.length} products found`);
    expect(lastCall().get('sort')).toBe('latest');
    expect(lastCall().get('page')).toBe('1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New Arrivals');
  });

  it('leaves a canonical query spelt with %20 for a space as it is (nothing rendered again)', async () => {
    await renderList('/products?name=cotton%20tee');
    expect(lastCall().get('q')).toBe('cotton tee');
    // A rewrite would happen in the effect after the first answer: give it the time.
    await new Promise((r) => setTimeout(r, 100));
    expect(location()).toBe('/products?name=cotton%20tee');
  });

  it('shows the last page for a page number past it', async () => {
    const { products } = await demoData();
    const last = Math.ceil(products.length / 12);
    await renderList('/products?page=999');
    await waitFor(() => expect(location()).toBe(`/products?page=${last}`));
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
  });
});

describe('product list: honest errors (issue 27)', () => {
  it('says the products could not load (not "No products found"), and Try again recovers', async () => {
    const { products } = await demoData();
    server.use(http.get('*/api/products', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const user = userEvent.setup();
    renderWithApp(<ProductListPage />, { route: '/products' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the products.');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    expect(screen.queryByText(/products? found$/)).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(count()).toHaveTextContent(`${products.length} products found`));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('shop filters (issue 29)', () => {
  const found = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;
  // Each tick loads a new list: on a loaded machine that can take seconds.
  const slow = { timeout: 15_000 };

  it(
    'a size ticked in the sidebar narrows the list to its count, shows a chip; the chip and Clear all undo it',
    { timeout: 90_000 },
    async () => {
      await renderList();
      const all = Number(/^\d+/.exec(count().textContent!)![0]);
      const aside = screen.getByRole('complementary', { name: 'Filters' });
      const sizes = await within(aside).findByRole('group', { name: 'Sizes' });
      const options = within(sizes)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => ({ box, m: /^(.*)\((\d+)\)$/.exec(box.closest('label')!.textContent!.trim())! }))
        .map(({ box, m }) => ({ box, value: m[1]!.trim(), n: Number(m[2]) }))
        .filter((o) => !o.box.disabled && o.n > 0 && o.n < all);
      expect(options.length).toBeGreaterThan(0);
      const { box, value, n } = options[0]!;
      await userEvent.click(box);
      await waitFor(() => expect(count()).toHaveTextContent(found(n)), slow);
      expect(lastCall().getAll('size')).toEqual([value]);
      expect(lastCall().get('facets')).toBe('1');
      expect(location()).toContain(`size=${encodeURIComponent(value)}`);
      expect(within(sizes).getByRole('checkbox', { name: `${value} (${n})` })).toBeChecked();

      await userEvent.click(screen.getByRole('button', { name: `Remove size ${value}` }));
      await waitFor(() => expect(count()).toHaveTextContent(found(all)), slow);
      expect(location()).not.toContain('size=');

      await userEvent.click(within(sizes).getByRole('checkbox', { name: new RegExp(`^${value} \\(`) }));
      await waitFor(() => expect(count()).toHaveTextContent(found(n)), slow);
      await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
      await waitFor(() => expect(count()).toHaveTextContent(found(all)), slow);
      expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    },
  );
});

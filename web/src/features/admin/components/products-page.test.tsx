import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { adminTestStore } from '#web/test/admin-data';
import { renderWithApp } from '#web/test/render';
import { adminStore, apiFailure, renderAsAdmin } from '#web/test/admin-kit';
import { ProductsPage } from './products-page';

async function renderProducts(
  products?: (
    all: ReturnType<typeof adminTestStore>['products'],
  ) => ReturnType<typeof adminTestStore>['products'],
) {
  const demo = adminTestStore();
  if (products) demo.products = products(demo.products);
  await resetMockStore(demo);
  const store = await adminStore();
  renderWithApp(<ProductsPage />, { route: '/admin/products', store });
  await screen.findByRole('table', {}, { timeout: 5_000 });
}

afterEach(() => server.events.removeAllListeners());

const rows = () => screen.getAllByRole('row').slice(1);

describe('Admin products: list and pagination', () => {
  it('shows 4 products a page with Previous disabled on page 1 and Next disabled on a short page', async () => {
    const user = userEvent.setup();
    await renderProducts(); // 5 products
    expect(rows()).toHaveLength(4);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('hides the pagination when the total is 4 or less', async () => {
    await renderProducts((all) => all.slice(0, 4));
    expect(rows()).toHaveLength(4);
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Page /)).not.toBeInTheDocument();
  });

  it('prices a row by sale price, else regular price; joins categories or shows -; shows No image', async () => {
    await renderProducts((all) => [
      { ...all[0]!, id: 1, sale_price: 19.99, regular_price: 25, created_at: '2026-02-03T00:00:00.000Z' },
      {
        ...all[1]!,
        id: 2,
        sale_price: null,
        regular_price: 1250,
        created_at: '2026-02-02T00:00:00.000Z',
        categories: [all[0]!.categories[0]!, all[1]!.categories[0]!],
      },
      {
        ...all[2]!,
        id: 3,
        sale_price: null,
        regular_price: 0,
        featured_image: null,
        categories: [],
        created_at: '2026-02-01T00:00:00.000Z',
      },
    ]);
    const [first, second, third] = rows();
    expect(within(first!).getByText('USD 19.99')).toBeInTheDocument();
    expect(within(second!).getByText('USD 1,250')).toBeInTheDocument();
    expect(within(second!).getByText('T-Shirts, Jeans')).toBeInTheDocument();
    expect(within(third!).getByText('USD 0')).toBeInTheDocument();
    expect(within(third!).getByText('-')).toBeInTheDocument();
    expect(within(third!).getByText('No image')).toBeInTheDocument();
  });

  it("shows each product's stock: total left, low and sold-out marks, Not tracked, + when capped", async () => {
    await renderProducts((all) => [
      // Public answers cap each combination at 100: the 240 shows as 100, so the total is a floor.
      {
        ...all[0]!,
        inventory: [
          { size: 'S', color: 'Navy', quantity: 5 },
          { size: 'M', color: 'Navy', quantity: 2 },
          { size: 'L', color: 'Navy', quantity: 0 },
          { size: 'S', color: 'White', quantity: 240 },
          { size: 'M', color: 'White', quantity: 1 },
        ],
        created_at: '2026-02-04T00:00:00.000Z',
      },
      {
        ...all[1]!,
        inventory: [
          { size: '30', color: 'Indigo', quantity: 10 },
          { size: '32', color: 'Indigo', quantity: 3 },
        ],
        created_at: '2026-02-03T00:00:00.000Z',
      },
      { ...all[2]!, created_at: '2026-02-02T00:00:00.000Z' },
      {
        ...all[3]!,
        inventory: [{ size: 'S', color: 'Red', quantity: 0 }],
        created_at: '2026-02-01T00:00:00.000Z',
      },
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Stock');
    const stockOf = (row: HTMLElement) =>
      within(row)
        .getByText(/units?$|^Not tracked$/)
        .closest('td')!;
    const [tee, jeans, jacket, striped] = rows().map(stockOf);
    // L × White has no line: sold out too.
    expect(tee).toHaveTextContent(/^108\+ units.*2 low.*2 sold out$/);
    expect(jeans).toHaveTextContent(/^13 units.*1 low$/);
    expect(jeans).not.toHaveTextContent('sold out');
    expect(jacket).toHaveTextContent(/^(Stock: )?Not tracked$/);
    expect(striped).toHaveTextContent(/^0 units.*2 sold out$/);
    expect(striped).not.toHaveTextContent('low');
  });

  it('says No products found. for an empty catalogue', async () => {
    await resetMockStore({ ...adminTestStore(), products: [] });
    await renderAsAdmin(<ProductsPage />);
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('shows Try again, not the empty state, when the load fails; Try again recovers', async () => {
    const user = userEvent.setup();
    await resetMockStore(adminTestStore());
    server.use(http.get('*/api/products', apiFailure()));
    await renderAsAdmin(<ProductsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the products.');
    expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes after our confirmation dialog, and shows the failure in it', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const opener = screen.getByRole('button', { name: 'Delete Striped Tee' });
    await user.click(opener);
    // Focus starts on Cancel, the safe answer; Escape cancels and focus goes back to the row's Delete.
    const ask = screen.getByRole('dialog', { name: 'Delete this product?' });
    expect(ask).toHaveAccessibleDescription('Striped Tee will be removed from the catalogue.');
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(screen.getByText('Striped Tee')).toBeInTheDocument();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // The page reloads (its spinner shows meanwhile); the fifth product moves up into the gap.
    expect(await screen.findByRole('button', { name: 'Delete Classic Cotton Tee' })).toBeInTheDocument();
    expect(screen.queryByText('Striped Tee')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    server.use(http.delete('*/api/products/:id', apiFailure()));
    await user.click(screen.getByRole('button', { name: 'Delete Rain Jacket' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const failed = screen.getByRole('dialog', { name: 'Delete this product?' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent(
      'Error deleting product. Please try again.',
    );
    expect(screen.getByText('Rain Jacket')).toBeInTheDocument();
  });
});

describe('Admin products at size (issue 27)', () => {
  it('searches by SKU and by title, back at page 1, and says how many were found', async () => {
    const user = userEvent.setup();
    await renderProducts();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search products'), 'TL-3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Rain Jacket');
    expect(screen.getByText('1 product found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search products'));
    await user.type(screen.getByLabelText('Search products'), 'tee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('filters by stock: low as the stock rules say, sold out, and all again', async () => {
    const user = userEvent.setup();
    await renderProducts((all) => [
      { ...all[0]!, inventory: [{ size: 'S', color: 'Navy', quantity: 2 }] },
      { ...all[1]!, inventory: [{ size: '30', color: 'Indigo', quantity: 0 }] },
      { ...all[2]!, inventory: [{ size: 'M', color: 'Olive', quantity: 9 }] },
      all[3]!,
    ]);
    await user.selectOptions(screen.getByLabelText('Stock'), 'Low stock');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Classic Cotton Tee');
    await user.selectOptions(screen.getByLabelText('Stock'), 'Sold out');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Slim Fit Jeans'));
    expect(rows()).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Stock'), 'All stock');
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('keeps 4 a page by default and shows more when a bigger page size is picked', async () => {
    const user = userEvent.setup();
    await renderProducts();
    expect(screen.getByLabelText('Per page')).toHaveValue('4');
    await user.selectOptions(screen.getByLabelText('Per page'), '12');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../../mock-api/node';
import { resetMockStore } from '../../../../../mock-api/mock-store';
import { adminTestStore } from '../test-data';
import { renderWithApp } from '../../../test/render';
import { adminStore, bigPngFile, mockAlert, mockConfirm, pngFile, textFile } from '../test-utils';
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
  await screen.findByRole('table');
}

afterEach(() => server.events.removeAllListeners());

const rows = () => screen.getAllByRole('row').slice(1);

describe('Admin products: list and pagination', () => {
  it('shows 4 products a page with Previous disabled on page 1 and Next disabled on a short page', async () => {
    const user = userEvent.setup();
    await renderProducts(); // 5 products
    expect(rows()).toHaveLength(4);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
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

  it('says No products found. for an empty catalogue', async () => {
    await resetMockStore({ ...adminTestStore(), products: [] });
    renderWithApp(<ProductsPage />, { store: await adminStore() });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('treats a failed load as an empty list with no pagination', async () => {
    server.use(
      http.get('*/api/products', () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 }),
      ),
    );
    renderWithApp(<ProductsPage />, { store: await adminStore() });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation, and alerts when the delete fails', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const confirm = mockConfirm(false);
    await user.click(screen.getByRole('button', { name: 'Delete Striped Tee' }));
    expect(confirm).toHaveBeenCalledWith('Delete this product?');
    expect(screen.getByText('Striped Tee')).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete Striped Tee' }));
    await waitFor(() => expect(screen.queryByText('Striped Tee')).not.toBeInTheDocument());

    const alert = mockAlert();
    server.use(
      http.delete('*/api/products/:id', () =>
        HttpResponse.json({ message: 'no', code: 'internal' }, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Rain Jacket' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error deleting product. Please try again.'));
  });
});

describe('Admin products: the product modal', () => {
  it('creates a product with category, tags, featured and gallery images, then reloads and closes', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const posted: string[] = [];
    server.events.on('request:start', ({ request }) => {
      posted.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    await user.click(screen.getByRole('button', { name: 'New Product' }));
    const dialog = screen.getByRole('dialog', { name: 'New Product' });
    const d = within(dialog);
    await user.type(d.getByRole('textbox', { name: 'Product Title' }), 'Linen Shirt');
    await user.type(d.getByRole('textbox', { name: 'Description' }), 'Cool in summer');
    await user.type(d.getByRole('spinbutton', { name: 'Regular Price' }), '80');
    await user.type(d.getByRole('spinbutton', { name: /Sale Price/ }), '65');
    await user.selectOptions(d.getByRole('combobox', { name: 'Category' }), 'Jackets');
    expect(within(d.getByRole('combobox', { name: 'Category' })).getAllByRole('option')[0]).toHaveTextContent(
      'Select Category',
    );
    await user.type(d.getByRole('textbox', { name: 'Sizes' }), 'M{Enter}L{Enter}');
    await user.type(d.getByRole('textbox', { name: 'Colors' }), 'Sand{Enter}');
    await user.upload(d.getByLabelText('Featured Image'), pngFile());
    expect(await d.findByRole('img', { name: 'Featured Image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.upload(d.getByLabelText('Gallery Images'), [pngFile('a.png'), pngFile('b.png')]);
    expect(await d.findByRole('img', { name: 'New gallery image 2' })).toBeInTheDocument();

    await user.click(d.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText('Linen Shirt')).closest('tr')!;
    expect(within(row).getByText('USD 65')).toBeInTheDocument();
    expect(within(row).getByText('Jackets')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^\/uploads\//));
    expect(posted).toContain('POST /api/products');
    expect(posted.some((p) => /^POST \/api\/products\/\d+\/images$/.test(p))).toBe(true);
  });

  it('edits a product: Edit Product filled with the row; no gallery call when no gallery was chosen', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const posted: string[] = [];
    server.events.on('request:start', ({ request }) => {
      posted.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    await user.click(screen.getByRole('button', { name: 'Edit Striped Tee' }));
    const d = within(screen.getByRole('dialog', { name: 'Edit Product' }));
    expect(d.getByRole('textbox', { name: 'Product Title' })).toHaveValue('Striped Tee');
    expect(d.getByRole('spinbutton', { name: 'Regular Price' })).toHaveValue(22);
    expect(d.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('T-Shirts');
    expect(d.getByRole('button', { name: 'Remove S' })).toBeInTheDocument();
    const title = d.getByRole('textbox', { name: 'Product Title' });
    await user.clear(title);
    await user.type(title, 'Breton Tee');
    await user.click(d.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Breton Tee')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toContain('PUT /api/products/4');
    expect(posted.some((p) => p.endsWith('/images'))).toBe(false);
  });

  it('shows Saving... while busy, and on failure alerts and keeps the modal open', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const alert = mockAlert();
    let release: () => void = () => {};
    server.use(
      http.post('*/api/products', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json(
          { message: 'Title is required', code: 'validation_failed' },
          { status: 400 },
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'New Product' }));
    const d = within(screen.getByRole('dialog', { name: 'New Product' }));
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(await d.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(d.getByRole('textbox', { name: 'Product Title' })).toBeDisabled();
    release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error saving product. Please try again.'));
    expect(screen.getByRole('dialog', { name: 'New Product' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('Cancel closes the modal without saving', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method !== 'GET') writes.push(request.method);
    });
    await user.click(screen.getByRole('button', { name: 'Edit Striped Tee' }));
    const d = within(screen.getByRole('dialog', { name: 'Edit Product' }));
    await user.type(d.getByRole('textbox', { name: 'Product Title' }), ' changed');
    await user.click(d.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Striped Tee')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('applies the file rules to the featured image with the spec messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderProducts();
    const alert = mockAlert();
    await user.click(screen.getByRole('button', { name: 'New Product' }));
    const d = within(screen.getByRole('dialog', { name: 'New Product' }));
    await user.upload(d.getByLabelText('Featured Image'), textFile());
    expect(alert).toHaveBeenLastCalledWith('Please select an image file');
    await user.upload(d.getByLabelText('Featured Image'), bigPngFile());
    expect(alert).toHaveBeenLastCalledWith('Image size should be less than 2MB');
    expect(d.queryByRole('img', { name: 'Featured Image preview' })).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { adminTestStore } from '#web/test/admin-data';
import { recordRequests } from '#web/test/requests';
import { apiFailure, bigPngFile, pngFile, renderAsAdmin, textFile } from '#web/test/admin-kit';
import { ProductsPage } from './products-page';

// The modal is opened from the products page, as an admin would.

async function renderProducts() {
  await resetMockStore(adminTestStore());
  await renderAsAdmin(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('table');
}

/** Opens the product modal as the admin would: New Product, or the Edit button of the row titled `title`. */
async function openModal(user: ReturnType<typeof userEvent.setup>, title?: string) {
  await user.click(screen.getByRole('button', { name: title ? `Edit ${title}` : 'New Product' }));
  return within(screen.getByRole('dialog', { name: title ? 'Edit Product' : 'New Product' }));
}

afterEach(() => server.events.removeAllListeners());

describe('Admin products: the product modal', () => {
  it('creates a product with category, tags, featured and gallery images, then reloads and closes', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const posted = recordRequests();
    const d = await openModal(user);
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
    const posted = recordRequests();
    const d = await openModal(user, 'Striped Tee');
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

  it("shows Saving... while busy, and on failure the spec's message and the server's fields beside their controls", async () => {
    const user = userEvent.setup();
    await renderProducts();
    let release: () => void = () => {};
    server.use(
      http.post('*/api/products', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json(
          {
            message: 'Title is required',
            code: 'validation_failed',
            fields: { title: 'Title is required', 'sizes.0': 'Too long' },
          },
          { status: 400 },
        );
      }),
    );
    const d = await openModal(user);
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(await d.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(d.getByRole('textbox', { name: 'Product Title' })).toBeDisabled();
    release();
    const title = d.getByRole('textbox', { name: 'Product Title' });
    // The named field says what is wrong and takes focus; a field with no control of its own joins the message.
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title is required'));
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(d.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Title is required',
      'Error saving product. Please try again. sizes: Too long',
    ]);
    expect(screen.getByRole('dialog', { name: 'New Product' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('a retry after a failed gallery upload updates the new product instead of creating a second one', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes = recordRequests();
    server.use(
      http.post('*/api/products/:id/images', apiFailure(), {
        once: true,
      }),
    );
    const d = await openModal(user);
    await user.type(d.getByRole('textbox', { name: 'Product Title' }), 'Wool Cap');
    await user.type(d.getByRole('spinbutton', { name: 'Regular Price' }), '18');
    await user.upload(d.getByLabelText('Gallery Images'), pngFile());
    await d.findByRole('img', { name: 'New gallery image 1' });
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Error saving product. Please try again.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const retry = await d.findByRole('button', { name: 'Create' });
    await waitFor(() => expect(retry).toBeEnabled());
    await user.click(retry);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes.filter((w) => w === 'POST /api/products')).toHaveLength(1);
    expect(writes.filter((w) => /^PUT \/api\/products\/\d+$/.test(w))).toHaveLength(1);
    expect(await screen.findAllByText('Wool Cap')).toHaveLength(1);
  });

  it('Cancel closes the modal without saving', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const requests = recordRequests();
    const d = await openModal(user, 'Striped Tee');
    await user.type(d.getByRole('textbox', { name: 'Product Title' }), ' changed');
    await user.click(d.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Striped Tee')).toBeInTheDocument();
    expect(requests.filter((r) => !r.startsWith('GET '))).toEqual([]);
  });

  it('applies the file rules to the featured image with the spec messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderProducts();
    const d = await openModal(user);
    await user.upload(d.getByLabelText('Featured Image'), textFile());
    expect(await d.findByRole('alert')).toHaveTextContent('Please select an image file');
    await user.upload(d.getByLabelText('Featured Image'), bigPngFile());
    expect(await d.findByRole('alert')).toHaveTextContent('Image size should be less than 2MB');
    expect(d.getByLabelText('Featured Image')).toHaveAccessibleDescription(
      'Image size should be less than 2MB',
    );
    expect(d.queryByRole('img', { name: 'Featured Image preview' })).not.toBeInTheDocument();
  });
});

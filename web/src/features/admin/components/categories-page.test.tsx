import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { renderWithApp } from '#web/test/render';
import { adminTestStore } from '#web/test/admin-data';
import { adminStore, apiFailure, bigPngFile, pngFile, renderAsAdmin, textFile } from '#web/test/admin-kit';
import { CategoriesPage } from './categories-page';

afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
});

async function renderCategories(applyAccept = true) {
  await resetMockStore(adminTestStore());
  const user = userEvent.setup({ applyAccept });
  await renderAsAdmin(<CategoriesPage />, { route: '/admin/categories' });
  await screen.findByText('Category ID: 1');
  return user;
}

/** Counts the list's reads (GET /api/categories) from now on. */
function countCategoryReads() {
  const reads = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/categories') reads.count++;
  });
  return reads;
}

const createButton = () => screen.getByRole('button', { name: 'Create Category' });
const nameBox = () => screen.getByRole('textbox', { name: 'Category name' });

describe('Admin categories', () => {
  it('lists categories with image or icon, name and Category ID, the count and Auto-refreshing', async () => {
    await renderCategories();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Jackets')).toBeInTheDocument();
    expect(screen.getByText('Category ID: 3')).toBeInTheDocument();
    expect(screen.getByText('Auto-refreshing')).toBeInTheDocument();
    expect(screen.getByText('3').closest('p')).toHaveTextContent('3 categories');
  });

  it('keeps Create Category disabled until both a name and an image exist', async () => {
    const user = await renderCategories();
    expect(createButton()).toBeDisabled();
    await user.type(nameBox(), 'Summer Dresses');
    expect(createButton()).toBeDisabled();
    await user.clear(nameBox());
    await user.upload(screen.getByLabelText('Category image'), pngFile());
    expect(await screen.findByRole('img', { name: 'Category image preview' })).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await user.type(nameBox(), '   ');
    expect(createButton()).toBeDisabled();
    await user.type(nameBox(), 'Summer Dresses');
    expect(createButton()).toBeEnabled();
  });

  it('Enter in the name field submits, showing a missing name or image beside it', async () => {
    const user = await renderCategories();
    expect(createButton()).toHaveAccessibleDescription('Add a name and an image to create the category.');
    await user.type(nameBox(), '{Enter}');
    expect(nameBox()).toHaveAccessibleDescription('Please enter category name');
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
    await user.type(nameBox(), 'Summer Dresses');
    expect(nameBox()).not.toHaveAttribute('aria-invalid');
    expect(createButton()).toHaveAccessibleDescription('Add an image to create the category.');
    await user.type(nameBox(), '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image');
    expect(screen.getByLabelText('Category image')).toHaveAccessibleDescription('Please select an image');
  });

  it('applies the file rules with the spec messages', async () => {
    const user = await renderCategories(false);
    await user.upload(screen.getByLabelText('Category image'), textFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file');
    await user.upload(screen.getByLabelText('Category image'), bigPngFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('Image size should be less than 2MB');
    expect(screen.queryByRole('img', { name: 'Category image preview' })).not.toBeInTheDocument();
  });

  it('creates a category by Enter and resets the form', async () => {
    const user = await renderCategories();
    await user.upload(screen.getByLabelText('Category image'), pngFile());
    await screen.findByRole('img', { name: 'Category image preview' });
    await user.type(nameBox(), 'Summer Dresses{Enter}');
    expect(await screen.findByText('Summer Dresses')).toBeInTheDocument();
    expect(nameBox()).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Category image preview' })).not.toBeInTheDocument();
  });

  it('edits: loads the item, shows Cancel, and updates with the slug from the name', async () => {
    const user = await renderCategories();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT')
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
    });
    await user.click(screen.getByRole('button', { name: 'Edit Jeans' }));
    expect(nameBox()).toHaveValue('Jeans');
    expect(screen.getByRole('img', { name: 'Category image preview' })).toHaveAttribute(
      'src',
      '/uploads/demo/cat-jeans.webp',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.clear(nameBox());
    await user.type(nameBox(), '  Denim   Jeans ');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Denim Jeans')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ name: 'Denim   Jeans', slug: 'denim-jeans' });
    expect(screen.getByRole('button', { name: 'Create Category' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('locks the form while the create request is in flight', async () => {
    const user = await renderCategories();
    let release: () => void = () => {};
    // Holds the request, then falls through to the real mock handler.
    server.use(
      http.post('*/api/categories', () => new Promise<undefined>((r) => (release = () => r(undefined)))),
    );
    await user.upload(screen.getByLabelText('Category image'), pngFile());
    await screen.findByRole('img', { name: 'Category image preview' });
    await user.type(nameBox(), 'Hats');
    await user.click(createButton());
    await waitFor(() => expect(nameBox()).toBeDisabled());
    expect(createButton()).toBeDisabled();
    expect(screen.getByLabelText('Category image')).toBeDisabled();
    release();
    expect(await screen.findByText('Hats')).toBeInTheDocument();
    expect(nameBox()).toBeEnabled();
  });

  it('Cancel leaves edit mode', async () => {
    const user = await renderCategories();
    await user.click(screen.getByRole('button', { name: 'Edit Jeans' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(nameBox()).toHaveValue('');
    expect(createButton()).toBeDisabled();
  });

  it('deletes after confirmation, showing Deleting... meanwhile', async () => {
    const user = await renderCategories();
    let release: () => void = () => {};
    server.use(
      http.delete('*/api/categories/:id', async () => {
        await new Promise<void>((r) => (release = r));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Jackets' }));
    const ask = screen.getByRole('dialog', { name: 'Delete this category?' });
    expect(ask).toHaveAccessibleDescription('Jackets will be removed.');
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    // Both the dialog's button and the list item say Deleting...; nothing closes the dialog meanwhile.
    expect(within(ask).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deleting Jackets' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(ask).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText('Jackets')).not.toBeInTheDocument());
  });

  it('shows the failures of create, update and delete on the page', async () => {
    const user = await renderCategories();
    const fail = apiFailure();
    server.use(
      http.post('*/api/categories', fail),
      http.put('*/api/categories/:id', fail),
      http.delete('*/api/categories/:id', fail),
    );

    await user.upload(screen.getByLabelText('Category image'), pngFile());
    await screen.findByRole('img', { name: 'Category image preview' });
    await user.type(nameBox(), 'Hats');
    await user.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating category');
    expect(nameBox()).toHaveValue('Hats');

    await user.click(screen.getByRole('button', { name: 'Edit Jeans' }));
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating category');

    await user.click(screen.getByRole('button', { name: 'Delete Jackets' }));
    const ask = screen.getByRole('dialog', { name: 'Delete this category?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent('Error deleting category');
    expect(screen.getByText('Jackets')).toBeInTheDocument();
  });

  it('shows No Categories Yet for an empty list', async () => {
    await resetMockStore({ ...adminTestStore(), categories: [], products: [] });
    await renderAsAdmin(<CategoriesPage />);
    expect(await screen.findByText('No Categories Yet')).toBeInTheDocument();
  });

  it('shows Try again, not No Categories Yet, when the list fails to load, while polls fail; Try again recovers', async () => {
    await resetMockStore(adminTestStore());
    const store = await adminStore();
    const reads = countCategoryReads();
    server.use(http.get('*/api/categories', apiFailure()));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithApp(<CategoriesPage />, { store });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the categories.');
    expect(screen.queryByText('No Categories Yet')).not.toBeInTheDocument();
    // The next poll fails too: Try again stays, never the empty state.
    const afterFailure = reads.count;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(reads.count).toBe(afterFailure + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the categories.');
    expect(screen.queryByText('No Categories Yet')).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Category ID: 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the list when a later poll fails', async () => {
    await resetMockStore(adminTestStore());
    const store = await adminStore();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<CategoriesPage />, { store });
    await screen.findByText('Category ID: 1');
    server.use(http.get('*/api/categories', apiFailure()));
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(screen.getByText('Category ID: 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('polls every second, and not while the tab is hidden', async () => {
    await resetMockStore(adminTestStore());
    const store = await adminStore();
    const reads = countCategoryReads();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<CategoriesPage />, { store });
    await screen.findByText('Category ID: 1');
    const afterFirst = reads.count;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(reads.count).toBe(afterFirst + 1));

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    const whileHidden = reads.count;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(reads.count).toBe(whileHidden);

    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads.count).toBe(whileHidden + 1));
    hidden.mockRestore();
  });
});

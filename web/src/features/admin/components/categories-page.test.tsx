import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { renderWithApp } from '#web/test/render';
import { adminTestStore } from '#web/test/admin-data';
import {
  adminStore,
  apiFailure,
  bigPngFile,
  mockAlert,
  mockConfirm,
  pngFile,
  renderAsAdmin,
  textFile,
} from '#web/test/admin-kit';
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

  it('Enter in the name field submits, alerting a missing name or image', async () => {
    const user = await renderCategories();
    const alert = mockAlert();
    await user.type(nameBox(), '{Enter}');
    expect(alert).toHaveBeenLastCalledWith('Please enter category name');
    await user.type(nameBox(), 'Summer Dresses{Enter}');
    expect(alert).toHaveBeenLastCalledWith('Please select an image');
  });

  it('applies the file rules with the spec messages', async () => {
    const user = await renderCategories(false);
    const alert = mockAlert();
    await user.upload(screen.getByLabelText('Category image'), textFile());
    expect(alert).toHaveBeenLastCalledWith('Please select an image file');
    await user.upload(screen.getByLabelText('Category image'), bigPngFile());
    expect(alert).toHaveBeenLastCalledWith('Image size should be less than 2MB');
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
    const confirm = mockConfirm(true);
    let release: () => void = () => {};
    server.use(
      http.delete('*/api/categories/:id', async () => {
        await new Promise<void>((r) => (release = r));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Jackets' }));
    expect(confirm).toHaveBeenCalledWith('Delete this category?');
    expect(await screen.findByText('Deleting...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText('Jackets')).not.toBeInTheDocument());
  });

  it('alerts the failures of create, update and delete', async () => {
    const user = await renderCategories();
    const alert = mockAlert();
    mockConfirm(true);
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
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Error creating category'));
    expect(nameBox()).toHaveValue('Hats');

    await user.click(screen.getByRole('button', { name: 'Edit Jeans' }));
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Error updating category'));

    await user.click(screen.getByRole('button', { name: 'Delete Jackets' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Error deleting category'));
    expect(screen.getByText('Jackets')).toBeInTheDocument();
  });

  it('shows No Categories Yet for an empty list', async () => {
    await resetMockStore({ ...adminTestStore(), categories: [], products: [] });
    await renderAsAdmin(<CategoriesPage />);
    expect(await screen.findByText('No Categories Yet')).toBeInTheDocument();
  });

  it('polls every second, and not while the tab is hidden', async () => {
    await resetMockStore(adminTestStore());
    const store = await adminStore();
    let reads = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname === '/api/categories') reads++;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<CategoriesPage />, { store });
    await screen.findByText('Category ID: 1');
    const afterFirst = reads;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(reads).toBe(afterFirst + 1));

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    const whileHidden = reads;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(reads).toBe(whileHidden);

    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads).toBe(whileHidden + 1));
    hidden.mockRestore();
  });
});

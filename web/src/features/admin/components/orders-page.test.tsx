import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import type { AdminTestStore } from '#web/test/admin-data';
import { adminTestStore } from '#web/test/admin-data';
import { dismissToast, ToastRegion } from '#web/components/toast';
import { apiFailure, renderAsAdmin } from '#web/test/admin-kit';
import { OrdersPage } from './orders-page';
import { textsOf } from '#web/test/texts';

// The toast is the app's one region: a toast of the previous test must not show in the next.
afterEach(dismissToast);

async function renderOrders() {
  await resetMockStore(adminTestStore());
  const user = userEvent.setup();
  await renderAsAdmin(
    <>
      <OrdersPage />
      <ToastRegion />
    </>,
    { route: '/admin/orders' },
  );
  await screen.findByRole('heading', { name: 'Order #1' });
  return user;
}

/** The test store plus orders 4..n, an hour apart after the first three, in turn of status. */
function storeWith(n: number): AdminTestStore {
  const store = adminTestStore();
  const statuses = ['pending', 'processing', 'shipped', 'completed', 'cancelled'];
  for (let id = 4; id <= n; id++)
    store.orders.push({
      ...store.orders[0]!,
      id,
      status: statuses[id % statuses.length]!,
      created_at: new Date(Date.UTC(2026, 2, 1) + id * 3_600_000).toISOString(),
    });
  return store;
}

const cardIds = () =>
  screen
    .getAllByRole('listitem', { name: /^Order #/ })
    .map((li) => Number(li.getAttribute('aria-labelledby')?.slice(6)));
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

const card = (id: number) => screen.getByRole('listitem', { name: `Order #${id}` });
const statusSelect = (id: number) => screen.getByRole('combobox', { name: `Update status of order #${id}` });

describe('Admin orders', () => {
  it('shows the stat boxes and one card per order', async () => {
    await renderOrders();
    expect(screen.getByRole('heading', { name: 'Orders Management' })).toBeInTheDocument();
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Pending').nextSibling).toHaveTextContent('1');
    const first = within(card(1));
    expect(first.getByText('pending', { selector: '[data-status]' })).toHaveAttribute(
      'data-status',
      'pending',
    );
    expect(first.getByText('Sam Shopper')).toBeInTheDocument();
    expect(first.getByText('sam@threadline.test')).toBeInTheDocument();
    expect(first.getByText('USD 59.98')).toBeInTheDocument();
    expect(first.getByText('COD')).toBeInTheDocument();
    expect(first.getByText(new Date('2026-02-01T09:30:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(textsOf(statusSelect(1), 'option')).toEqual([
      'pending',
      'processing',
      'shipped',
      'completed',
      'cancelled',
    ]);
  });

  it('locks the select during the call, then toasts Status updated and updates the card and counts', async () => {
    const user = await renderOrders();
    let release: () => void = () => {};
    // Holds the request, then falls through to the real mock handler.
    server.use(
      http.put(
        '*/api/orders/:id/status',
        () => new Promise<undefined>((r) => (release = () => r(undefined))),
      ),
    );
    await user.selectOptions(statusSelect(1), 'shipped');
    await waitFor(() => expect(statusSelect(1)).toBeDisabled());
    release();
    // The toast region (the router's location probe is an <output>, a status too).
    expect((await screen.findByText('Status updated')).closest('[role="status"]')).not.toBeNull();
    expect(statusSelect(1)).toBeEnabled();
    expect(statusSelect(1)).toHaveValue('shipped');
    expect(within(card(1)).getByText('shipped', { selector: '[data-status]' })).toHaveAttribute(
      'data-status',
      'shipped',
    );
    expect(screen.getByText('Pending').nextSibling).toHaveTextContent('0');
  });

  it('shows Error updating status under the select on failure and keeps the old status', async () => {
    const user = await renderOrders();
    server.use(http.put('*/api/orders/:id/status', apiFailure()));
    await user.selectOptions(statusSelect(2), 'cancelled');
    expect(await within(card(2)).findByRole('alert')).toHaveTextContent('Error updating status');
    expect(screen.queryByText('Status updated')).toBeNull();
    expect(statusSelect(2)).toHaveValue('processing');
    expect(statusSelect(2)).toBeEnabled();
  });

  it('opens the details with items, records the status change in the history, and closes by Close Details and Escape', async () => {
    const user = await renderOrders();
    await user.selectOptions(statusSelect(1), 'processing');
    await waitFor(() => expect(statusSelect(1)).toHaveValue('processing'));
    await user.click(within(card(1)).getByRole('button', { name: /View Details/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Order #1' }));
    expect(await dialog.findByText('Classic Cotton Tee')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Order Items (2)' })).toBeInTheDocument();
    expect(dialog.getByText('Size ID: M-1')).toBeInTheDocument();
    expect(dialog.getAllByText(/^Size ID:/)).toHaveLength(1);
    expect(dialog.getByText('USD 39.98')).toBeInTheDocument();
    expect(dialog.getByText('pending -> processing')).toBeInTheDocument();
    expect(dialog.getByText('Store Admin')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close Details' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(card(2)).getByRole('button', { name: /View Details/ }));
    expect(screen.getByRole('dialog', { name: 'Order #2' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pages on the server, 20 cards a page, newest first; the stat boxes count the whole shop', async () => {
    await resetMockStore(storeWith(45));
    const user = userEvent.setup();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/orders') asked.push(new URL(request.url).search);
    });
    onTestFinished(() => server.events.removeAllListeners());
    await renderAsAdmin(<OrdersPage />, { route: '/admin/orders' });
    await screen.findByRole('heading', { name: 'Order #45' }, { timeout: 5_000 });
    expect(cardIds()).toEqual(range(45, 26));
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('45');
    // Orders 5, 10, … 45 are pending, and so is order 1.
    expect(screen.getByText('Pending').nextSibling).toHaveTextContent('10');
    const pages = within(screen.getByRole('navigation', { name: 'Orders pages' }));
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Order #25' }, { timeout: 5_000 });
    expect(cardIds()).toEqual(range(25, 6));
    await user.click(pages.getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('heading', { name: 'Order #5' }, { timeout: 5_000 });
    expect(cardIds()).toEqual(range(5, 1));
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(asked).toEqual(['?page=1&limit=20', '?page=2&limit=20', '?page=3&limit=20']);
  });

  it('filters by status and searches by name, e-mail or order id on the server, from page 1', async () => {
    await resetMockStore(storeWith(45));
    const user = userEvent.setup();
    await renderAsAdmin(<OrdersPage />, { route: '/admin/orders' });
    await screen.findByRole('heading', { name: 'Order #45' }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Order #25' }, { timeout: 5_000 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'shipped');
    await waitFor(() => expect(cardIds()).toEqual([42, 37, 32, 27, 22, 17, 12, 7, 3]));
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).not.toBeInTheDocument();
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('45');

    const search = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await user.type(search, 'PAT@{Enter}');
    await waitFor(() => expect(cardIds()).toEqual([2]));
    await user.clear(search);
    await user.type(search, '#44');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cardIds()).toEqual([44]));
    await user.clear(search);
    await user.type(search, 'nobody{Enter}');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('45');
  });

  it('shows Try again, not the empty state, when the list fails to load; Try again recovers', async () => {
    await resetMockStore(adminTestStore());
    const user = userEvent.setup();
    server.use(http.get('*/api/orders', apiFailure()));
    await renderAsAdmin(<OrdersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the orders.');
    expect(screen.queryByText('No orders yet.')).not.toBeInTheDocument();
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('0');
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardIds()).toEqual([3, 2, 1]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('3');
  });

  it('says No orders yet. when the shop has no orders', async () => {
    await resetMockStore({ ...adminTestStore(), orders: [], orderItems: [] });
    await renderAsAdmin(<OrdersPage />);
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

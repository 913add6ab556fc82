import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { adminTestStore } from '#web/test/admin-data';
import { apiFailure, renderAsAdmin } from '#web/test/admin-kit';
import { STORE } from '#web/lib/store-config';
import { OrdersPage } from './orders-page';

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** The orders page with order 1's packing slip opened from its card's action. */
async function openSlip(id = 1) {
  await resetMockStore(adminTestStore());
  const user = userEvent.setup();
  await renderAsAdmin(<OrdersPage />, { route: '/admin/orders' });
  const opener = await screen.findByRole('button', { name: `Packing slip of order #${id}` });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: `Packing slip, order #${id}` });
  return { user, dialog, opener };
}

describe('Packing slip', () => {
  it('shows the shop, order, date, ship-to name, phone, address, the lines with size, color, qty and the COD total', async () => {
    const { dialog } = await openSlip();
    const slip = within(dialog);
    const rows = await slip.findAllByRole('row');
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Item', 'Size', 'Color', 'Qty'],
      ['Classic Cotton Tee', 'M', 'Navy', '2'],
      ['Slim Fit Jeans', '32', 'Indigo', '1'],
    ]);
    expect(slip.getByText(STORE.name)).toBeInTheDocument();
    expect(slip.getByText('#1')).toBeInTheDocument();
    expect(slip.getByText(new Date('2026-02-01T09:30:00.000Z').toLocaleDateString())).toBeInTheDocument();
    const shipTo = within(slip.getByRole('heading', { name: 'Ship to' }).closest('section')!);
    expect(shipTo.getByText('Sam Shopper')).toBeInTheDocument();
    expect(shipTo.getByText('15550100000')).toBeInTheDocument();
    expect(shipTo.getByText('12 Elm St, Springfield, USA, IL')).toBeInTheDocument();
    expect(shipTo.getByText('Leave at the door')).toBeInTheDocument();
    expect(slip.getByText('Cash on delivery total').parentElement).toHaveTextContent('USD 59.98');
  });

  it('Print calls window.print; Escape closes and gives focus back to the card action', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user, dialog, opener } = await openSlip();
    await within(dialog).findAllByRole('row');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('offers Try again when the lines cannot be loaded, and Print waits for them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/orders/:id/items', apiFailure()));
    const { user, dialog } = await openSlip();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Could not load the order's items.");
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeDisabled();
    server.resetHandlers();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByRole('row')).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});

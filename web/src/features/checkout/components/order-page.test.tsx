import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { api } from '#web/lib/api-client';
import { money, STORE } from '#web/lib/store-config';
import { renderWithApp } from '#web/test/render';
import { anotherShoppersOrder, signIn } from '#web/test/shop-session';
import { readShipping } from '../shipping-details';
import { NOT_FOUND_HEADING } from './order-gate';
import { OrderPage } from './order-page';

/** Issue 27 item 4: /orders/{id}, the shopper's own order in full, and nobody else's. */
const WAIT = { timeout: 5000 };
let orderCalls: string[] = [];
beforeEach(() => {
  orderCalls = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/orders')) orderCalls.push(`${request.method} ${path}`);
  });
});
afterEach(() => server.events.removeAllListeners());

const renderOrder = (id: number | string) =>
  renderWithApp(<OrderPage />, { route: `/orders/${id}`, path: '/orders/:id' });

/** The demo shopper's newest order, moved to processing and then shipped by the admin. */
async function shippedOrder() {
  await signIn('shopper');
  const order = (await api('myOrders'))[0];
  if (!order) throw new Error('the demo shopper needs an order');
  await signIn('admin');
  await api('updateOrderStatus', { params: { id: order.id }, body: { status: 'processing' } });
  await api('updateOrderStatus', { params: { id: order.id }, body: { status: 'shipped' } });
  await signIn('shopper');
  const items = await api('orderItems', { params: { id: order.id } });
  return { order: await api('getOrder', { params: { id: order.id } }), items };
}

describe('Order page', () => {
  it('shows the lines with pictures, sizes and colours, the totals, the address, the status history and the payment link', async () => {
    const { order, items } = await shippedOrder();
    renderOrder(order.id);

    expect(
      await screen.findByRole('heading', { level: 1, name: `Order #${order.id}` }, WAIT),
    ).toBeInTheDocument();
    const lines = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.some((it) => it.image)).toBe(true);
    for (const it of items) {
      expect(lines.getByRole('link', { name: it.product_title })).toHaveAttribute(
        'href',
        `/product/${it.product_id}`,
      );
      const picture = lines.getAllByRole('img', { name: new RegExp(it.product_title) })[0];
      if (it.image) expect(picture).toHaveAttribute('src', it.image);
      if (it.size) expect(lines.getAllByText(`Size: ${it.size}`).length).toBeGreaterThan(0);
      if (it.color) expect(lines.getAllByText(it.color, { exact: false }).length).toBeGreaterThan(0);
    }
    const total = lines.getByText('Total', { selector: 'dt' }).nextElementSibling;
    expect(total).toHaveTextContent(money(order.total));

    const address = within(screen.getByRole('region', { name: 'Delivery address' }));
    const shipping = readShipping(order.shipping_address);
    if (shipping.order_address) expect(address.getByText(shipping.order_address)).toBeInTheDocument();

    const history = within(screen.getByRole('list', { name: 'Status history' }));
    const steps = history.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toMatch(/^Placed/);
    expect(steps.slice(-2).map((s) => s?.replace(/\d.*$/, ''))).toEqual(['Processing', 'Shipped']);
    // Who changed the status is the shop's business, not the shopper's.
    expect(screen.queryByText(/admin/i)).not.toBeInTheDocument();

    const pay = screen.getByRole('link', { name: /WhatsApp/ });
    const href = new URL(pay.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${STORE.whatsapp}`);
    expect(href.searchParams.get('text')).toContain(`#${order.id}`);
  });

  it("shows Order not found for another shopper's order, never the order", async () => {
    const theirs = await anotherShoppersOrder();
    orderCalls = [];
    renderOrder(theirs.id);

    expect(
      await screen.findByRole('heading', { level: 1, name: NOT_FOUND_HEADING }, WAIT),
    ).toBeInTheDocument();
    expect(orderCalls).toContain(`GET /api/orders/${theirs.id}`);
    expect(screen.queryByText(money(theirs.total))).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: `Order #${theirs.id}` })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Orders' })).toHaveAttribute('href', '/profile');
  });

  it('shows Order not found for an id that is not a number, without asking the server', async () => {
    await signIn('shopper');
    renderOrder('abc');
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND_HEADING })).toBeInTheDocument();
    expect(orderCalls).toEqual([]);
  });

  it('says the load failed on a 5xx (not Order not found), and Try again loads the order', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    const order = (await api('myOrders'))[0]!;
    server.use(
      http.get('*/api/orders/:id', () => HttpResponse.json({ message: 'down' }, { status: 500 }), {
        once: true,
      }),
    );
    renderOrder(order.id);

    const failed = await screen.findByRole('alert', {}, WAIT);
    expect(failed).toHaveTextContent('Could not load your order.');
    expect(screen.queryByRole('heading', { name: NOT_FOUND_HEADING })).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Order #${order.id}` }, WAIT),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { server } from '#mock-api/node';
import { api } from '#web/lib/api-client';
import { money, STORE } from '#web/lib/store-config';
import { renderWithApp } from '#web/test/render';
import { anotherShoppersOrder, signIn } from '#web/test/shop-session';
import { readShipping } from '../shipping-details';
import { NOT_FOUND_HEADING } from './order-gate';
import { OrderSuccessPage } from './order-success-page';

const WAIT = { timeout: 5000 };

/** Every /api/orders… call the page makes, and how many answers came back. */
let orderCalls: string[] = [];
let answered = 0;
beforeEach(() => {
  orderCalls = [];
  answered = 0;
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/orders')) orderCalls.push(`${request.method} ${path}`);
  });
  server.events.on('response:mocked', ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/orders')) answered += 1;
  });
});
afterEach(() => server.events.removeAllListeners());

function renderSuccess(orderId: number | string) {
  return renderWithApp(<OrderSuccessPage />, {
    route: `/order-success/${orderId}`,
    path: '/order-success/:orderId',
  });
}

describe('Order success page', () => {
  it('thanks the shopper, shows the order id and the server total, and links to the chat and home', async () => {
    await signIn('shopper');
    const order = (await api('myOrders'))[0];
    if (!order) throw new Error('the demo shopper needs an order');
    orderCalls = [];
    renderSuccess(order.id);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' }, WAIT),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your order has been placed successfully. We'll contact you soon with shipping details.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`#${order.id}`)).toBeInTheDocument();
    expect(await screen.findByText(money(order.total))).toBeInTheDocument();

    const chat = screen.getByRole('link', { name: /WhatsApp/ });
    const href = new URL(chat.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${STORE.whatsapp}`);
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain(`#${order.id}`);
    expect(text).toMatch(/payment online/);
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', expect.stringContaining('noopener'));

    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/orders/${order.id}`);
  });

  it('lists the lines with size and colour, and the delivery address', async () => {
    await signIn('shopper');
    const order = (await api('myOrders'))[0]!;
    const items = await api('orderItems', { params: { id: order.id } });
    renderSuccess(order.id);
    const lines = within(await screen.findByRole('region', { name: 'Items' }, WAIT));
    for (const it of items) {
      expect(lines.getByRole('link', { name: it.product_title })).toBeInTheDocument();
      if (it.size) expect(lines.getAllByText(`Size: ${it.size}`).length).toBeGreaterThan(0);
    }
    const address = readShipping(order.shipping_address).order_address;
    expect(address).not.toBe('');
    expect(
      within(screen.getByRole('region', { name: 'Delivery address' })).getByText(address),
    ).toBeInTheDocument();
  });

  it('reads that one order and its lines (GET /orders/{id} and /items), not the whole order list', async () => {
    await signIn('shopper');
    const mine = await api('myOrders');
    const order = mine[mine.length - 1];
    if (!order) throw new Error('the demo shopper needs an order');
    orderCalls = [];
    renderSuccess(order.id);
    expect(await screen.findByText(money(order.total), {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(orderCalls.sort()).toEqual([`GET /api/orders/${order.id}`, `GET /api/orders/${order.id}/items`]);
  });

  it("shows Order not found for someone else's order (the server answers 404, as for a missing one), never a thank-you", async () => {
    const theirs = await anotherShoppersOrder();
    orderCalls = [];
    answered = 0;
    renderSuccess(theirs.id);
    expect(
      await screen.findByRole('heading', { level: 1, name: NOT_FOUND_HEADING }, WAIT),
    ).toBeInTheDocument();
    expect(answered).toBeGreaterThan(0);
    expect(orderCalls).toContain(`GET /api/orders/${theirs.id}`);
    expect(screen.queryByRole('heading', { name: 'Thank You for Your Order!' })).not.toBeInTheDocument();
    expect(screen.queryByText(`#${theirs.id}`)).not.toBeInTheDocument();
    expect(screen.queryByText(money(theirs.total))).not.toBeInTheDocument();
  });

  it('shows Order not found for an id that is not a number, without asking the server', async () => {
    await signIn('shopper');
    renderSuccess('abc');
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND_HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank You for Your Order!' })).not.toBeInTheDocument();
    expect(orderCalls).toEqual([]);
  });
});

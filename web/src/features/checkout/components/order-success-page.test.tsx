import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { api } from '../../../lib/api-client';
import { money, STORE } from '../../../lib/store-config';
import { renderWithApp } from '../../../test/render';
import { signIn } from '../../../test/shop-session';
import { OrderSuccessPage } from './order-success-page';

describe('Order success page', () => {
  it('thanks the shopper, shows the order id and the server total, and links to the chat and home', async () => {
    await signIn('shopper');
    const order = (await api('myOrders'))[0];
    if (!order) throw new Error('the demo shopper needs an order');
    renderWithApp(<OrderSuccessPage />, {
      route: `/order-success/${order.id}`,
      path: '/order-success/:orderId',
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
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
  });
});

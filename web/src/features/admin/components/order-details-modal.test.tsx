import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { Order } from '#contract/schemas/order';
import { OrderDetailsModal } from './order-details-modal';

/** An order shipped to `shipping`: an object is stored as its JSON, a string as it is (e.g. broken JSON). */
function order(shipping: string | Record<string, string>, extra: Partial<Order> = {}): Order {
  return {
    id: 999,
    user_id: 7,
    name: 'Ada Buyer',
    email: 'ada@threadline.test',
    total: 120,
    payment_method: 'cod',
    status: 'pending',
    created_at: '2026-03-01T12:00:00.000Z',
    shipping_address: typeof shipping === 'string' ? shipping : JSON.stringify(shipping),
    status_history: [],
    ...extra,
  };
}

function section(name: string) {
  return within(screen.getByRole('heading', { name }).closest('section')!);
}

// Order 999 does not exist: the items call fails, which is only logged (spec section 8).
function renderModal(o: Order) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(<OrderDetailsModal order={o} onClose={() => {}} />);
}

describe('Order details modal', () => {
  it('shows every shipping part, and special notes when present', () => {
    renderModal(
      order({
        name: 'Ada B.',
        phone: '15550101010',
        order_address: '1 Main St, Springfield',
        notes: 'Ring twice',
      }),
    );
    const s = section('Shipping Information');
    expect(s.getByText('Ada B.')).toBeInTheDocument();
    expect(s.getByText('15550101010')).toBeInTheDocument();
    expect(s.getByText('1 Main St, Springfield')).toBeInTheDocument();
    expect(s.getByText('COD')).toBeInTheDocument();
    expect(s.getByText('USD 120')).toBeInTheDocument();
    expect(s.getByText('Special notes')).toBeInTheDocument();
    expect(s.getByText('Ring twice')).toBeInTheDocument();
    const c = section('Customer Information');
    expect(c.getByText('Ada Buyer')).toBeInTheDocument();
    expect(c.getByText('ada@threadline.test')).toBeInTheDocument();
    expect(c.getByText('7')).toBeInTheDocument();
    expect(c.getByText(new Date('2026-03-01T12:00:00.000Z').toLocaleString())).toBeInTheDocument();
  });

  it('shows N/A for missing parts and leaves out blank notes', () => {
    renderModal(order({ name: 'Ada B.', phone: '', notes: '   ' }));
    const s = section('Shipping Information');
    expect(s.getAllByText('N/A')).toHaveLength(2); // phone, delivery address
    expect(s.queryByText('Special notes')).not.toBeInTheDocument();
  });

  it('treats invalid shipping JSON as an empty object', () => {
    renderModal(order('{oops'));
    const s = section('Shipping Information');
    expect(s.getAllByText('N/A')).toHaveLength(3); // recipient, phone, delivery address
    expect(s.getByText('COD')).toBeInTheDocument();
    expect(s.queryByText('Special notes')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order Items (0)' })).toBeInTheDocument();
  });

  it('lists the status history as time, admin, old -> new', () => {
    const change: Order['status_history'][number] = {
      at: '2026-03-02T08:00:00.000Z',
      admin_id: 1,
      admin_name: 'Store Admin',
      from: 'pending',
      to: 'shipped',
    };
    renderModal(order('{}', { status_history: [change] }));
    const h = section('Status history');
    expect(h.getByText('Store Admin')).toBeInTheDocument();
    expect(h.getByText('pending -> shipped')).toBeInTheDocument();
    expect(h.getByText(new Date(change.at).toLocaleString())).toBeInTheDocument();
  });
});

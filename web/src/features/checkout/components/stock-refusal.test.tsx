import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/lib/api-client';
import { cartLinesAtom } from '#web/lib/session/cart-atoms';
import { fillValid, renderCheckout } from '#web/test/checkout-kit';
import { lineFor, seedCart, signIn } from '#web/test/shop-session';
import { reseedLowGoneUntracked } from '#web/test/stock-kit';

configure({ asyncUtilTimeout: 4000 });

const summary = () => within(screen.getByRole('region', { name: 'Your Order' }));
const lineOf = (title: string) => summary().getByText(title, { exact: false }).closest('li')!;

describe('Place Order refused for stock (409 out_of_stock)', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the refusal on the lines concerned, lowers them to what is left, and the order then goes through', async () => {
    const { low, gone, untracked } = await reseedLowGoneUntracked();
    await signIn('shopper');
    seedCart([lineFor(low, 5), lineFor(gone, 1), lineFor(untracked, 1)]);
    const before = (await api('myOrders')).length;
    const user = userEvent.setup({ delay: null });
    const { store } = renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Some items are no longer available in the quantity you chose.');
    expect(within(lineOf(low.title)).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(lineOf(gone.title)).getByText('Sold out')).toBeInTheDocument();
    expect(within(lineOf(untracked.title)).queryByText(/left|Sold out/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect(screen.queryByText('Error placing order. Please try again.')).not.toBeInTheDocument();
    expect(await api('myOrders')).toHaveLength(before);

    await user.click(within(notice).getByRole('button', { name: 'Lower to what is left' }));
    expect(store.get(cartLinesAtom).map((l) => [l.productId, l.qty])).toEqual([
      [low.id, 2],
      [untracked.id, 1],
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(summary().queryByText(gone.title, { exact: false })).not.toBeInTheDocument();
    expect(summary().getByText('× 2')).toBeInTheDocument();
    expect(screen.getByText(/^Quantities lowered to what is left/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-success\/\d+$/));
    expect(await api('myOrders')).toHaveLength(before + 1);
    const product = await api('getProduct', { params: { id: low.id } });
    expect(
      product.inventory?.find((l) => l.size === low.sizes[0] && l.color === low.colors[0])?.quantity,
    ).toBe(0);
  });
});

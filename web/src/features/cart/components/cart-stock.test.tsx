import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartLinesAtom } from '#web/lib/session/cart-atoms';
import { renderWithApp } from '#web/test/render';
import { lineFor, seedCart } from '#web/test/shop-session';
import { reseedLowGoneUntracked, reseedWithLeft } from '#web/test/stock-kit';
import { CartPage } from './cart-page';

configure({ asyncUtilTimeout: 4000 });

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

describe('Cart page stock', () => {
  it('says under each line what is left when it asks for more, and lowers them all in one go', async () => {
    const { low, gone, untracked } = await reseedLowGoneUntracked();
    seedCart([lineFor(low, 5), lineFor(gone, 1), lineFor(untracked, 4)]);
    const user = userEvent.setup();
    const { store } = renderWithApp(<CartPage />, { route: '/cart' });

    expect(await within(rowOf(low.title)).findByText('Only 2 left')).toBeInTheDocument();
    expect(within(rowOf(gone.title)).getByText('Sold out')).toBeInTheDocument();
    expect(within(rowOf(untracked.title)).queryByText(/left|Sold out/)).not.toBeInTheDocument();
    expect(within(rowOf(low.title)).getByRole('button', { name: /^Increase quantity/ })).toBeDisabled();
    expect(within(rowOf(gone.title)).getByRole('spinbutton')).toBeDisabled();
    expect(within(rowOf(untracked.title)).getByRole('button', { name: /^Increase quantity/ })).toBeEnabled();

    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Some items are no longer available in the quantity in your cart.');
    await user.click(within(notice).getByRole('button', { name: 'Lower to what is left' }));

    expect(store.get(cartLinesAtom).map((l) => [l.productId, l.qty])).toEqual([
      [low.id, 2],
      [untracked.id, 4],
    ]);
    expect(screen.queryByRole('link', { name: gone.title })).not.toBeInTheDocument();
    expect(screen.queryByText('Only 2 left')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("stops a line's stepper at what is left, also when Update Cart applies a typed quantity", async () => {
    const p = await reseedWithLeft(3);
    seedCart([lineFor(p, 1)]);
    const user = userEvent.setup();
    const { store } = renderWithApp(<CartPage />, { route: '/cart' });
    const plus = screen.getByRole('button', { name: /^Increase quantity/ });
    const box = screen.getByRole('spinbutton', { name: /^Quantity of/ });
    await waitFor(() => expect(box).toHaveAttribute('max', '3'));
    await user.click(plus);
    await user.click(plus);
    expect(box).toHaveValue(3);
    expect(plus).toBeDisabled();
    await user.clear(box);
    await user.type(box, '8');
    await user.click(screen.getByRole('button', { name: 'Update Cart' }));
    expect(store.get(cartLinesAtom)[0]!.qty).toBe(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

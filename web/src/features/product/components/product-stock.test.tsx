import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/schemas/product';
import { api } from '#web/lib/api-client';
import { cartLinesAtom } from '#web/lib/session/cart-atoms';
import { renderWithApp } from '#web/test/render';
import { lineFor, seedCart, signIn } from '#web/test/shop-session';
import { reseedWithLeft, reseedWithStock, stockOf } from '#web/test/stock-kit';
import { ProductDetailPage } from './product-detail-page';

// Whole pages against the mock core: give slow CI machines more than the default second to settle.
configure({ asyncUtilTimeout: 4000 });

function LoginStub() {
  const state: unknown = useLocation().state;
  return <p>login from {JSON.stringify(state)}</p>;
}

function renderProduct(p: Product, query = '') {
  return renderWithApp(<ProductDetailPage />, {
    route: `/product/${p.id}${query}`,
    path: '/product/:id',
    extraRoutes: <Route path="/login" element={<LoginStub />} />,
  });
}

const sizes = () => screen.getByRole('radiogroup', { name: /^Size/ });
const colours = () => screen.getByRole('radiogroup', { name: /^Colour/ });
const pickSize = (user: ReturnType<typeof userEvent.setup>, s: string) =>
  user.click(within(sizes()).getByRole('radio', { name: s }));
const pickColour = (user: ReturnType<typeof userEvent.setup>, c: string) =>
  user.click(within(colours()).getByRole('radio', { name: c }));
const qty = () => screen.getByRole('spinbutton', { name: 'Quantity' });
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });

describe('product page stock', () => {
  it('marks a sold-out size for the chosen colour, and its combination cannot be added: Sold out', async () => {
    const p = await reseedWithLeft(0);
    const [s0, s1] = p.sizes as [string, string];
    const [c0, c1] = p.colors as [string, string];
    const user = userEvent.setup();
    const { store } = renderProduct(p);
    await screen.findByRole('heading', { level: 1, name: p.title });
    // Nothing chosen: no size is sold out in every colour.
    expect(within(sizes()).getByRole('radio', { name: s0 })).not.toHaveAccessibleDescription('Sold out');

    await pickColour(user, c0);
    expect(within(sizes()).getByRole('radio', { name: s0 })).toHaveAccessibleDescription('Sold out');
    expect(within(sizes()).getByRole('radio', { name: s1 })).not.toHaveAccessibleDescription('Sold out');

    const badge = () =>
      screen.getByText(/^(In Stock|Sold out|Only \d+ left)$/, { selector: '[data-level][aria-live]' });
    expect(badge()).toHaveTextContent('In Stock');
    await pickSize(user, s0);
    // The badge beside the price follows the chosen size and colour (issue 27).
    expect(badge()).toHaveTextContent('Sold out');
    expect(badge()).toHaveAttribute('data-level', 'out');
    expect(within(colours()).getByRole('radio', { name: c0 })).toHaveAccessibleDescription('Sold out');
    expect(within(colours()).getByRole('radio', { name: c1 })).not.toHaveAccessibleDescription('Sold out');
    const soldOut = screen.getByRole('button', { name: 'Sold out' });
    expect(soldOut).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(qty()).toBeDisabled();
    await user.click(soldOut);
    expect(store.get(cartLinesAtom)).toEqual([]);
    expect(screen.getByRole('button', { name: "Notify me when it's back" })).toBeEnabled();

    // Another colour of the same size is in stock: it can be added.
    await pickColour(user, c1);
    expect(badge()).toHaveTextContent('In Stock');
    expect(screen.queryByRole('button', { name: "Notify me when it's back" })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(store.get(cartLinesAtom)).toMatchObject([
      { productId: p.id, selectedSize: s0, selectedColor: c1 },
    ]);
  });

  it('says Sold out beside the price and on the button when nothing of the product is left', async () => {
    const {
      products: [p],
    } = await reseedWithStock((q) => stockOf(q, {}, 0));
    const user = userEvent.setup();
    renderProduct(p!);
    await screen.findByRole('heading', { level: 1, name: p!.title });
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.getByText('Sold out', { selector: '[data-level="out"]' })).toBeInTheDocument();
    // Asking to be told needs a size and colour: the pickers say which is missing.
    await user.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    expect(within(sizes()).getByRole('alert')).toHaveTextContent('Please choose a size');
    expect(within(colours()).getByRole('alert')).toHaveTextContent('Please choose a colour');
  });

  it('stops the quantity stepper at what is left and says Only N left', async () => {
    const {
      products: [p],
    } = await reseedWithStock((q) =>
      stockOf(q, { [`${q.sizes[0]}|${q.colors[0]}`]: 3, [`${q.sizes[1]}|${q.colors[0]}`]: 1 }),
    );
    const [s0, s1] = p!.sizes as [string, string];
    const c0 = p!.colors[0]!;
    const user = userEvent.setup();
    const { store } = renderProduct(p!);
    await screen.findByRole('heading', { level: 1, name: p!.title });
    await pickSize(user, s0);
    await pickColour(user, c0);
    expect(screen.getByText('Only 3 left')).toHaveAttribute('data-level', 'low');
    await user.click(plus());
    await user.click(plus());
    expect(qty()).toHaveValue(3);
    expect(plus()).toBeDisabled();
    await user.clear(qty());
    await user.type(qty(), '9');
    await user.tab();
    expect(qty()).toHaveValue(3);

    // A size with fewer units left brings the quantity down to them.
    await pickSize(user, s1);
    expect(screen.getByText('Only 1 left')).toBeInTheDocument();
    expect(qty()).toHaveValue(1);
    expect(plus()).toBeDisabled();

    await pickSize(user, s0);
    await user.click(plus());
    await user.click(plus());
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(store.get(cartLinesAtom)).toMatchObject([{ productId: p!.id, qty: 3, selectedSize: s0 }]);
  });

  it('counts what the cart already holds of the size against what is left', async () => {
    const p = await reseedWithLeft(3);
    seedCart([lineFor(p, 2)]);
    const user = userEvent.setup();
    renderProduct(p);
    await screen.findByRole('heading', { level: 1, name: p.title });
    await pickSize(user, p.sizes[0]!);
    await pickColour(user, p.colors[0]!);
    expect(screen.getByText('2 already in your cart')).toBeInTheDocument();
    expect(qty()).toHaveValue(1);
    expect(plus()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('leaves an untracked product unlimited', async () => {
    const {
      demo: { products },
    } = await reseedWithStock();
    const p = products.find((q) => q.sizes.length > 1 && q.colors.length > 1)!;
    const user = userEvent.setup();
    renderProduct(p);
    await screen.findByRole('heading', { level: 1, name: p.title });
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    await pickSize(user, p.sizes[0]!);
    await pickColour(user, p.colors[0]!);
    for (let i = 0; i < 5; i++) await user.click(plus());
    expect(qty()).toHaveValue(6);
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
  });
});

describe("Notify me when it's back", () => {
  const soldOutFirst = (q: Product) => stockOf(q, { [`${q.sizes[0]}|${q.colors[0]}`]: 0 });

  it('tells a signed-out shopper why to sign in, and the link comes back to the same size and colour', async () => {
    const {
      products: [p],
    } = await reseedWithStock(soldOutFirst);
    const user = userEvent.setup();
    renderProduct(p!);
    await screen.findByRole('heading', { level: 1, name: p!.title });
    await pickSize(user, p!.sizes[0]!);
    await pickColour(user, p!.colors[0]!);
    await user.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    // No silent jump: the page says why first (issue 27).
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${p!.id}`);
    const note = screen.getByText(/^Sign in so we can tell you when this size and colour is back\./);
    expect(note).toHaveAttribute('role', 'status');
    await user.click(within(note).getByRole('link', { name: 'Sign in' }));
    const from = new URLSearchParams({ size: p!.sizes[0]!, color: p!.colors[0]! }).toString();
    expect(await screen.findByText(`login from {"from":"/product/${p!.id}?${from}"}`)).toBeInTheDocument();
  });

  it("asks once signed in, then reads We'll let you know, also on the next visit", async () => {
    const {
      products: [p],
    } = await reseedWithStock(soldOutFirst);
    const [s0, c0] = [p!.sizes[0]!, p!.colors[0]!];
    await signIn('shopper');
    const user = userEvent.setup();
    // Back from signing in: the size and colour in the address are chosen already.
    const first = renderProduct(p!, `?${new URLSearchParams({ size: s0, color: c0 })}`);
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    expect(await screen.findByRole('button', { name: "We'll let you know" })).toBeDisabled();
    expect(await api('myStockRequests')).toMatchObject([{ product_id: p!.id, size: s0, color: c0 }]);
    first.unmount();

    renderProduct(p!);
    await screen.findByRole('heading', { level: 1, name: p!.title });
    await pickSize(user, s0);
    await pickColour(user, c0);
    expect(await screen.findByRole('button', { name: "We'll let you know" })).toBeDisabled();
    expect(screen.queryByRole('button', { name: "Notify me when it's back" })).not.toBeInTheDocument();
  });
});

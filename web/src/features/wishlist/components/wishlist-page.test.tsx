import 'fake-indexeddb/auto';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { stockLabel, stockLevel } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { server } from '#mock-api/node';
import { mockBackend } from '#mock-api/mock-store';
import { CatalogueDb, setCatalogueDb } from '#web/lib/db';
import { money } from '#web/lib/store-config';
import { freshDbPerTest } from '#web/test/fresh-db';
import { renderWithApp } from '#web/test/render';
import { demoProducts, signIn } from '#web/test/shop-session';
import { freshWishlistDbPerTest, seedDeviceWishlist, WishlistSync } from '#web/test/wishlist-kit';
import { WishlistPage } from './wishlist-page';

configure({ asyncUtilTimeout: 4000 });
const db = freshWishlistDbPerTest();
const catalogue = freshDbPerTest(CatalogueDb, setCatalogueDb);
afterEach(() => window.dispatchEvent(new Event('online')));

function renderPage() {
  return renderWithApp(
    <>
      <WishlistSync />
      <WishlistPage />
    </>,
    { route: '/wishlist' },
  );
}

const shownPrice = (p: Product) => money(p.sale_price ?? p.regular_price);

describe('the wishlist page', () => {
  it('says the wishlist is empty and leads to the shop', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your wishlist' })).toBeInTheDocument();
    expect(screen.getByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists a guest’s saved products newest first, with price, stock and the way to the cart; Remove takes one off', async () => {
    const [a, b] = await demoProducts();
    await seedDeviceWishlist(db(), [a!, b!]);
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual([
      a!.title,
      b!.title,
    ]);
    expect(screen.getByText('2 items saved')).toBeInTheDocument();
    for (const [li, p] of [
      [items[0]!, a!],
      [items[1]!, b!],
    ] as const) {
      expect(within(li).getByRole('link', { name: p.title })).toHaveAttribute('href', `/product/${p.id}`);
      expect(within(li).getByText(shownPrice(p))).toBeInTheDocument();
      expect(within(li).getByText(stockLabel(stockLevel(p)))).toBeInTheDocument();
      const toCart = within(li).getByRole('link', { name: /Choose size & colour|View product/ });
      expect(toCart).toHaveAttribute('href', `/product/${p.id}`);
      expect(toCart).toHaveAccessibleDescription(p.title);
    }

    await user.click(within(items[0]!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(b!.title);
    expect(screen.getByText('1 item saved')).toBeInTheDocument();
    await waitFor(async () => expect((await db().saved.toArray()).map((r) => r.productId)).toEqual([b!.id]));

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('says Sold out and leads to the product, not the cart, for a product with nothing left', async () => {
    const [a] = await demoProducts();
    const soldOut = a!.sizes.flatMap((size) => a!.colors.map((color) => ({ size, color, quantity: 0 })));
    server.use(http.get(`*/api/products/${a!.id}`, () => HttpResponse.json({ ...a!, inventory: soldOut })));
    await seedDeviceWishlist(db(), [a!]);
    renderPage();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Sold out')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'View product' })).toHaveAttribute(
      'href',
      `/product/${a!.id}`,
    );
  });

  it('shows a signed-in shopper the account’s list as the shop holds it, a product it no longer sells included', async () => {
    const [a, b] = await demoProducts();
    const auth = await signIn('shopper');
    const { core } = await mockBackend();
    await core.wishlist.add(auth.user.id, a!.id);
    await core.wishlist.add(auth.user.id, b!.id);
    const admin = core.deps.stores.users.all().find((u) => u.is_admin === 1)!;
    await core.products.remove(admin, a!.id);
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual([
      b!.title,
      'No longer available',
    ]);
    expect(within(items[1]!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offline, shows a guest’s products from the offline catalogue copy', async () => {
    const [a] = await demoProducts();
    await seedDeviceWishlist(db(), [a!]);
    // The catalogue copy is newer than what was kept when the product was saved.
    await catalogue().productStore.bulkPut([{
      ...a!,
      title: 'Linen shirt, new season',
      sale_price: 12,
      regular_price: 20,
    }]);
    server.use(http.get('*/api/products/:id', () => HttpResponse.error()));
    renderPage();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('heading', { level: 2 })).toHaveTextContent('Linen shirt, new season');
    expect(within(item).getByText(money(12))).toBeInTheDocument();
  });
});

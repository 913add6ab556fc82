import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GUEST } from '#web/lib/wishlist/wishlist-db';
import { renderWithApp } from '#web/test/render';
import { demoProducts, signIn } from '#web/test/shop-session';
import { freshWishlistDbPerTest, seedDeviceWishlist, WishlistSync } from '#web/test/wishlist-kit';
import { ProductCard } from './product-card';
import { WishlistButton } from './wishlist-button';

const db = freshWishlistDbPerTest();
const savedOnDevice = async () => (await db().saved.toArray()).map((r) => [r.owner, r.productId]);

describe('the wishlist heart', () => {
  it('saves the product and takes it off again, by mouse and keyboard; its label says what a press does', async () => {
    const [p] = await demoProducts();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <WishlistSync />
        <ProductCard product={p!} />
      </>,
    );
    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    // A grid has many hearts: each is described by the title of what it saves.
    expect(heart).toHaveAccessibleDescription(p!.title);

    await user.click(heart);
    expect(heart).toHaveAccessibleName('Remove from wishlist');
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => expect(await savedOnDevice()).toEqual([[GUEST, p!.id]]));

    heart.focus();
    await user.keyboard('{Enter}');
    expect(heart).toHaveAccessibleName('Add to wishlist');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(async () => expect(await savedOnDevice()).toEqual([]));

    await user.keyboard(' ');
    expect(heart).toHaveAccessibleName('Remove from wishlist');
    await waitFor(async () => expect(await savedOnDevice()).toEqual([[GUEST, p!.id]]));
  });

  it('shows a product saved on this device earlier as saved', async () => {
    const [a, b] = await demoProducts();
    await seedDeviceWishlist(db(), [b!]);
    renderWithApp(
      <>
        <WishlistSync />
        <WishlistButton product={a!} />
        <WishlistButton product={b!} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is not shown to an admin, who has no wishlist', async () => {
    const [p] = await demoProducts();
    await signIn('admin');
    renderWithApp(<ProductCard product={p!} />);
    expect(screen.getByRole('heading', { name: p!.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wishlist/ })).not.toBeInTheDocument();
  });
});

/** Placeholder until its issue builds the screen. */
export function WishlistPage() {
  return <h1>Wishlist</h1>;
}

/** Placeholder until its issue builds the screen. */
export function CartPage() {
  return <h1>Cart</h1>;
}

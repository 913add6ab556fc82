/** Placeholder until its issue builds the screen. */
export function CheckoutPage() {
  return <h1>Checkout</h1>;
}

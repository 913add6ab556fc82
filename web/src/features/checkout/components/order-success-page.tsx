/** Placeholder until its issue builds the screen. */
export function OrderSuccessPage() {
  return <h1>Thank You for Your Order!</h1>;
}

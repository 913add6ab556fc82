/** Placeholder until its issue builds the screen. */
export function ProductDetailPage() {
  return <h1>Product</h1>;
}

/** Placeholder until its issue builds the screen. */
export function ProductListPage() {
  return <h1>New Arrivals</h1>;
}

/** Placeholder until its issue builds the screen. */
export function HomePage() {
  return <h1>Home</h1>;
}

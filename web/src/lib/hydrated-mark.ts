/**
 * Marks `<html data-hydrated>` once the first screen can be used: a server-rendered page (issue 28) when React
 * has hydrated it and its lazy screen (hydration.tsx), any other page at the app's first render (main.tsx).
 * Until then a tap is the browser's own; the e2e suite waits for the mark after every page load
 * (e2e/fixtures.ts), and the CSS may hold back what cannot yet act.
 */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = '';
}

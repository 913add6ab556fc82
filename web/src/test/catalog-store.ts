import { demoStore } from '#mock-api/demo-source';
import { mockBackend, resetMockStore } from '#mock-api/mock-store';

/**
 * Catalogue helpers for the storefront tests: the mock serves the generated demo store; these read it
 * (so tests never hard-code ids or prices) or reseed it with a tweak (a long title, a tiny catalogue).
 */
export type DemoData = ReturnType<typeof demoStore>;

export async function demoData(): Promise<DemoData> {
  return (await mockBackend()).demo;
}

/** Reseed the mock with an edited copy of the demo store. */
export async function reseed(edit: (demo: DemoData) => void): Promise<DemoData> {
  const demo = demoStore();
  edit(demo);
  await resetMockStore(demo);
  return demo;
}

/** Keep only the first `n` products (for "fewer than a page" cases). */
export function keepProducts(n: number): (demo: DemoData) => void {
  return (demo) => {
    demo.products = demo.products.slice(0, n);
    demo.orders = [];
    demo.orderItems = [];
  };
}

import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from './api-client';

/**
 * An answer kept for offline use (catalogue-cache.ts, remember) loads the contract's schemas, in their own tasks,
 * before local-writes.ts (offline-modules.ts): that module's graph imports the query rules, whose chunk imports
 * zod and the schemas, and imported first it evaluated all of them in one long task (issues 28 and 29).
 */
const order = vi.hoisted(() => [] as string[]);

vi.mock('./first-screen', () => ({ loadedAndIdle: () => Promise.resolve() }));
vi.mock('./api-client', async (original) => {
  const real = await original<typeof ApiClient>();
  return {
    ...real,
    loadApiSchemas: () =>
      real.loadApiSchemas().then((schemas) => {
        order.push('schemas');
        return schemas;
      }),
  };
});
vi.mock('./local-writes', () => {
  order.push('local-writes');
  return { writeProducts: vi.fn(() => Promise.resolve()), deleteProducts: vi.fn(() => Promise.resolve()) };
});
vi.mock('./db', () => ({
  catalogueDb: () => ({}),
  MAX_RESPONSES: 10,
}));

import { keepServedAnswer } from './catalogue-cache';

describe('keeping a served answer', () => {
  it('loads the schemas before local-writes.ts', async () => {
    keepServedAnswer(['getProduct', 1], { id: 1 });
    await vi.waitFor(() => expect(order).toContain('local-writes'));
    expect(order.filter((step) => step === 'local-writes')).toHaveLength(1);
    expect(order[0]).toBe('schemas');
  });
});

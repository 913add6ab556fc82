import { describe, expect, it, vi } from 'vitest';
import * as loaders from './offline-modules';

/**
 * Every module that answers or keeps the catalogue on the device is imported after the contract's schemas are
 * loaded (offline-modules.ts): imported first, its graph evaluated zod and every schema in one long task.
 */
const order = vi.hoisted(() => [] as string[]);

vi.mock('./api-client', () => ({
  loadApiSchemas: () =>
    new Promise((resolve) =>
      setTimeout(() => {
        order.push('schemas');
        resolve({});
      }, 5),
    ),
}));
vi.mock('./local-writes', () => (order.push('local-writes'), {}));
vi.mock('./local-index', () => (order.push('local-index'), {}));
vi.mock('./local-catalogue', () => (order.push('local-catalogue'), {}));
vi.mock('./local-suggest', () => (order.push('local-suggest'), {}));
vi.mock('./catalogue-copy', () => (order.push('catalogue-copy'), {}));

const cases: Array<[keyof typeof loaders, string]> = [
  ['loadLocalWrites', 'local-writes'],
  ['loadLocalIndex', 'local-index'],
  ['loadLocalCatalogue', 'local-catalogue'],
  ['loadLocalSuggest', 'local-suggest'],
  ['loadCatalogueCopy', 'catalogue-copy'],
];

describe('the offline modules', () => {
  it.each(cases)('%s imports its module once the schemas are loaded', async (loader, name) => {
    order.length = 0;
    await loaders[loader]();
    expect(order).toEqual(['schemas', name]);
  });
});

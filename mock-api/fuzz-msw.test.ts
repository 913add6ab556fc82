/**
 * The fuzz proof (tests/contract/fuzz/) against the MSW handlers over the tiny demo store,
 * with the mock's request budgets on (429 is a fine refusal). The stored data is the memory tables of
 * the mock's core, and the images it stored (recorded as they are put: memory storage has no listing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row, Table } from '#server/core/ports';
import type { FuzzTarget } from '#tests/contract/fuzz/runner';
import { createFuzzer } from '#tests/contract/fuzz/runner';
import type { StoreSnapshot, TableDump } from '#tests/contract/fuzz/snapshot';
import { snapshotOf } from '#tests/contract/fuzz/snapshot';
import { fuzzEveryEndpoint } from '#tests/contract/fuzz/suite';
import type { InMemoryTable } from '#server/store/table';
import { tinyDemoStore } from '#server/test/tiny-seed';
import { demoShopperCredentials, mockBackend, MOCK_ADMIN, resetMockStore } from './mock-store';
import { server } from './node';

const uploads = new Set<string>();

const isInMemory = (t: Table<Row>): t is InMemoryTable<Row> => 'snapshot' in t;
const dump = (t: Table<Row>): TableDump => (isInMemory(t) ? t.snapshot() : { rows: t.all() });

const target: FuzzTarget = {
  label: 'msw',
  baseUrl: 'http://localhost',
  accounts: { shopper: demoShopperCredentials(tinyDemoStore()), admin: MOCK_ADMIN },
  async snapshot(): Promise<StoreSnapshot> {
    const { stores } = (await mockBackend()).core.deps;
    return snapshotOf(
      {
        categories: dump(stores.categories),
        products: dump(stores.products),
        users: dump(stores.users),
        sessions: dump(stores.sessions),
        orders: dump(stores.orders),
      },
      uploads,
    );
  },
};
const fuzzer = createFuzzer(() => target);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await resetMockStore(tinyDemoStore());
  const { images } = await mockBackend();
  const put = images.put.bind(images);
  images.put = async (name, bytes, contentType) => {
    uploads.add(name);
    return put(name, bytes, contentType);
  };
  await fuzzer.prepare();
});

afterAll(() => server.close());

describe('generated requests to the MSW handlers', () => {
  fuzzEveryEndpoint('msw', fuzzer);

  it('after the run every stored row still passes the row rule', async () => {
    expect((await target.snapshot()).badRows).toEqual([]);
  });
});

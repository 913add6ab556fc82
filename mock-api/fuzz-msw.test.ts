/**
 * The fuzz proof (server/contract-suite/fuzz/) against the MSW handlers over the tiny demo store,
 * with the mock's request budgets on (429 is a fine refusal). The stored data is the memory tables of
 * the mock's core, and the images it stored (recorded as they are put: memory storage has no listing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row, Table } from '#server/core/ports';
import { fuzzOrder } from '#server/contract-suite/fuzz/requests';
import type { FuzzTarget } from '#server/contract-suite/fuzz/runner';
import { createFuzzer, FUZZ_RUNS, FUZZ_SEED } from '#server/contract-suite/fuzz/runner';
import type { StoreSnapshot, TableDump } from '#server/contract-suite/fuzz/snapshot';
import { snapshotOf } from '#server/contract-suite/fuzz/snapshot';
import type { InMemoryTable } from '#server/store/table';
import { tinyDemoStore } from '#server/test/tiny-seed';
import { demoShopperCredentials, mockBackend, MOCK_ADMIN, resetMockStore } from './mock-store';
import { server } from './node';

const uploads = new Set<string>();
const started = Date.now();

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

afterAll(() => {
  server.close();
  // One block per file, after the run: what each endpoint answered shows how far the generated requests got.
  console.info(
    `[msw fuzz] ${fuzzer.requests()} requests (${FUZZ_RUNS} runs per endpoint, 3 roles each), seed ${FUZZ_SEED}, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s\n${fuzzer.summary()}`,
  );
});

describe('generated requests to the MSW handlers', () => {
  for (const name of fuzzOrder())
    it(
      `${name}: no 5xx, one error shape, storable rows, refusals change nothing`,
      () => fuzzer.fuzzEndpoint(name, { seed: FUZZ_SEED, numRuns: FUZZ_RUNS }),
      60_000,
    );

  it('after the run every stored row still passes the row rule', async () => {
    expect((await target.snapshot()).badRows).toEqual([]);
  });
});

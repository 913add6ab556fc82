/**
 * The CSV use cases over the whole demo store (its catalogue, stock and orders) in memory tables, with
 * the server's own sanitiser and codec: what the contract suite cannot reach cheaply (the full demo
 * round trip, chunking and its snapshot, the activity entry's cap, the limits, each header problem).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#contract/limits';
import { ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '#contract/schemas/csv';
import type { User } from '#contract/schemas/user';
import { generateDemoStore } from '#fixtures/generate';
import { createCountriesDataset } from '#server/store/countries-dataset';
import { createCsvCodec } from '#server/store/csv-codec';
import { createHtmlSanitizer } from '#server/store/html-sanitizer';
import { createMemoryImageStorage } from '#server/store/memory-image-storage';
import { createMemoryStores } from '#server/store/memory-store';
import { systemClock } from '#server/store/system-clock';
import { createWebTokenService } from '#server/store/web-tokens';
import type { Core } from '../core';
import { createCore } from '../core';
import { CSV_CHUNK_ROWS } from './export';
import { ImportRefused } from './import-header';
import type { PasswordHasher } from '../ports';
import type { TextStream } from '../api/reply';
import { seedDemoStore } from '../seed';

const ADMIN: User = { id: 9_999, name: 'Test Admin', email: 'admin@example.test', phone: '', is_admin: 1 };
const hasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (p, s) => s === `plain:${p}`,
};
const codec = createCsvCodec();

async function read(stream: TextStream): Promise<{ chunks: string[]; records: string[][] }> {
  const chunks: string[] = [];
  for await (const chunk of stream.chunks) chunks.push(chunk);
  return { chunks, records: codec.parse(chunks.join('')) };
}

let core: Core;
beforeEach(async () => {
  const stores = createMemoryStores();
  core = createCore({
    stores,
    hasher,
    tokens: createWebTokenService(),
    images: createMemoryImageStorage(),
    sanitizer: createHtmlSanitizer(),
    clock: systemClock,
    countries: createCountriesDataset(),
    csv: codec,
  });
  await seedDemoStore(stores, hasher, generateDemoStore(), new Date());
});

const importCsv = (text: string, dryRun = false) => core.csv.importProducts(ADMIN, text, dryRun);
const refusal = async (text: string): Promise<ImportRefused> => {
  const e: unknown = await importCsv(text).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ImportRefused);
  return e as ImportRefused;
};
const newRows = (n: number, title = 'Bulk Tee') =>
  [
    'title,regular_price',
    ...Array.from({ length: n }, (_, i) => `${title} ${i + 1},${(i % 90) + 10}.50`),
  ].join('\r\n');

describe('CSV over the demo store', () => {
  it('the whole demo catalogue imports back as a no-op: nothing written, no activity entry', async () => {
    const rows = core.deps.stores.products.all();
    const tracked = rows.filter((p) => p.inventory).length;
    expect(tracked).toBeGreaterThan(0);
    const text = (await read(core.csv.exportProducts())).chunks.join('');
    const entries = core.deps.stores.activity.all().length;
    expect(await importCsv(text)).toEqual({ created: 0, updated: 0, unchanged: rows.length, errors: [] });
    // The very same rows: not even rewritten with equal values.
    expect(core.deps.stores.products.all()).toEqual(rows);
    core.deps.stores.products.all().forEach((p, i) => expect(p).toBe(rows[i]));
    expect(core.deps.stores.activity.all()).toHaveLength(entries);
  });

  it('orders.csv holds one row per order item, oldest order first', async () => {
    const orders = core.deps.stores.orders.all();
    const { records } = await read(core.csv.exportOrders({}));
    const [header, ...rows] = records;
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(orders.reduce((n, o) => n + o.items.length, 0));
    const dates = rows.map((r) => r[1]!);
    expect(dates).toEqual([...dates].sort());
    const first = [...orders].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)[0]!;
    expect(rows[0]).toEqual([
      String(first.id),
      first.created_at,
      first.name,
      first.email,
      first.status,
      String(first.items[0]!.product_id),
      first.items[0]!.product_title,
      first.items[0]!.size,
      first.items[0]!.color,
      String(first.items[0]!.qty),
      first.items[0]!.price.toFixed(2),
      first.total.toFixed(2),
      'USD',
    ]);
    const day = first.created_at.slice(0, 10);
    const thatDay = (await read(core.csv.exportOrders({ from: day, to: day }))).records.slice(1);
    expect(thatDay.length).toBeGreaterThan(0);
    expect(thatDay.every((r) => r[1]!.startsWith(day))).toBe(true);
  });

  it(`streams ${CSV_CHUNK_ROWS} rows a chunk, from the rows there were when the export started`, async () => {
    const before = core.deps.stores.products.all().length;
    expect(await importCsv(newRows(1_201))).toMatchObject({ created: 1_201, updated: 0 });
    const stream = core.csv.exportProducts();
    await importCsv(newRows(3, 'Later Tee'));
    const { chunks, records } = await read(stream);
    const total = before + 1_201;
    expect(records).toHaveLength(total + 1);
    expect(chunks).toHaveLength(1 + Math.ceil(total / CSV_CHUNK_ROWS));
    expect(chunks[0]).toBe(`\ufeff${PRODUCT_CSV_COLUMNS.join(',')}\r\n`);
    expect(records.some((r) => r[1]?.startsWith('Later Tee'))).toBe(false);
  });

  it('a large import leaves one entry whose changes stop at the limit with "more changes"', async () => {
    const entries = core.deps.stores.activity.all().length;
    await importCsv(newRows(600));
    const log = core.deps.stores.activity.all();
    expect(log).toHaveLength(entries + 1);
    const entry = log[log.length - 1]!;
    expect(entry).toMatchObject({
      action: 'import',
      entity: 'product',
      entity_id: null,
      label: 'Import of 600 products',
    });
    expect(entry.changes).toHaveLength(LIMITS.activityChanges);
    expect(entry.changes.at(-1)).toEqual({
      field: 'more changes',
      before: null,
      after: 2 + 600 - (LIMITS.activityChanges - 1),
    });
  });

  it('a column the file lacks keeps the current value; an empty stock cell stops tracking', async () => {
    const p = core.deps.stores.products.all().find((x) => x.inventory && x.images.length)!;
    await importCsv(`id,title,regular_price\r\n${p.id},Renamed,${p.regular_price}`);
    const after = core.deps.stores.products.get(p.id)!;
    expect(after).toEqual({ ...p, title: 'Renamed' });
    expect(
      await importCsv(`id,title,regular_price,stock\r\n${p.id},Renamed,${p.regular_price},`),
    ).toMatchObject({
      updated: 1,
    });
    expect(core.deps.stores.products.get(p.id)!.inventory).toBeUndefined();
  });

  it('names each problem of the header on row 1, and refuses the file', async () => {
    const errorsOf = async (text: string) => (await importCsv(text, true)).errors;
    expect(await errorsOf('')).toEqual([{ row: 1, column: null, message: expect.stringContaining('empty') }]);
    expect(await errorsOf('title;regular_price\r\nTee;10')).toEqual([
      { row: 1, column: null, message: expect.stringContaining('semicolons') },
    ]);
    expect(await errorsOf('Title,title,regular_price,,colour')).toEqual([
      { row: 1, column: 'title', message: 'The column "title" appears twice' },
      { row: 1, column: null, message: 'Column 4 has no name' },
      { row: 1, column: 'colour', message: 'Unknown column "colour"' },
    ]);
    expect(await errorsOf('title\r\nTee')).toEqual([
      { row: 1, column: 'regular_price', message: 'The file has no "regular_price" column' },
    ]);
    expect((await refusal('title')).errors).toHaveLength(1);
  });

  it('refuses a header wider than the known columns at once, dry run or not, with one problem', async () => {
    const products = core.deps.stores.products.all();
    for (const header of [`title,regular_price,${','.repeat(300)}`, `${PRODUCT_CSV_COLUMNS.join(',')},extra`])
      for (const dryRun of [true, false]) {
        const e: unknown = await importCsv(
          `${header}\r\nTee,10${','.repeat(header.split(',').length - 2)}`,
          dryRun,
        ).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(ImportRefused);
        expect((e as ImportRefused).errors).toEqual([
          {
            row: 1,
            column: null,
            message: expect.stringContaining(`at most ${PRODUCT_CSV_COLUMNS.length} columns`),
          },
        ]);
      }
    expect(core.deps.stores.products.all()).toEqual(products);
  });

  it('names each bad row and column, at most LIMITS.importErrors of them', async () => {
    const [first] = core.deps.stores.products.all();
    const file = [
      'id,title,regular_price,images,categories,collections',
      `999999,Ghost,10,,,`,
      `abc,Letters,10,,,`,
      `${first!.id},Once,10,,,`,
      `${first!.id},Twice,10,,,`,
      `,Elsewhere,10,https://evil.test/x.png,,`,
      `,Sneaky,10,/uploads/../secret.png,,`,
      `,Collected,10,,,no-such-collection`,
      `,"",10,,,`,
      `,Priced,"1,50",,,`,
      ',,,,,',
    ].join('\r\n');
    const { errors, created, updated } = await importCsv(file, true);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'id'],
      [3, 'id'],
      [5, 'id'],
      [6, 'images'],
      [7, 'images'],
      [8, 'collections'],
      [9, 'title'],
      [10, 'regular_price'],
    ]);
    expect({ created, updated }).toEqual({ created: 0, updated: 1 });

    const many = await refusal(newRows(LIMITS.importErrors + 50).replace(/,\d+\.50/g, ',-1'));
    expect(many.errors).toHaveLength(LIMITS.importErrors);
    expect(many.message).toMatch(/^At least 200 problems/);
    const tooLong = await refusal(newRows(LIMITS.importRows + 1));
    expect(tooLong.message).toContain(`at most ${LIMITS.importRows} products`);
  });

  it('reads categories by exact name; a name two categories share picks the one the product is in', async () => {
    const [a, b] = core.deps.stores.categories.all();
    await core.deps.stores.categories.mutate((rows, nextId) => ({
      rows: [...rows, { id: nextId(), name: a!.name, slug: `${a!.slug}-twin`, image: null }],
      result: undefined,
    }));
    const p = core.deps.stores.products.all().find((x) => x.category_ids.includes(a!.id))!;
    const row = (cats: string) =>
      `id,title,regular_price,categories\r\n${p.id},${p.title},${p.regular_price},"${cats}"`;
    expect(await importCsv(row(`${a!.name}|${b!.name}`), true)).toMatchObject({ updated: 1, errors: [] });
    const fresh = await importCsv(`title,regular_price,categories\r\nNew,1,${a!.name}`, true);
    expect(fresh.errors).toEqual([
      { row: 2, column: 'categories', message: expect.stringContaining('Several') },
    ]);
    const unknown = await importCsv(
      `title,regular_price,categories\r\nNew,1,${a!.name.toLowerCase()}x`,
      true,
    );
    expect(unknown.errors[0]).toMatchObject({ column: 'categories' });
  });
});

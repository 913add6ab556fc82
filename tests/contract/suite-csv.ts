/**
 * Spreadsheets out and in (issue 15), against Koa and MSW: the orders and products CSV downloads and the
 * products import. Admin only (401 / 403, and a 403 reads no body); orders.csv has one row per order
 * line; products.csv imports back as a no-op; a dry run changes nothing; a file with a bad row is refused
 * whole; a formula cell goes out guarded and comes back exactly; an import leaves one activity entry.
 * The CSV calls answer text, so they go through the client's plain fetch and are checked here.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, endpoints } from '#contract/endpoints';
import type { ActivityPage } from '#contract/schemas/activity';
import { importResultSchema, ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '#contract/schemas/csv';
import { errorBodySchema } from '#contract/schemas/errors';
import type { ContractClient } from './client';
import { PNG_DATA_URL } from './client';

const ORDERS = endpoints.exportOrders.path;
const PRODUCTS = endpoints.exportProducts.path;
const IMPORT = endpoints.importProducts.path;
const today = (): string => new Date().toISOString().slice(0, 10);

/** The file's records, header first (the byte-order mark checked and dropped). */
function recordsOf(text: string): string[][] {
  expect(text.startsWith('\ufeff')).toBe(true);
  return parse(text.slice(1)) as string[][];
}

export function csvSuite(c: ContractClient): void {
  describe('CSV export and import', () => {
    let admin = '';
    beforeAll(async () => {
      admin = await c.adminToken();
    });

    const download = async (path: string, token = admin, query = '') => {
      const res = await c.raw(`${path}${query}`, { headers: { authorization: `Bearer ${token}` } });
      // Decoded keeping the byte-order mark (res.text() would drop it), so tests see the file as sent.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      if (res.status !== 200) expect(errorBodySchema.safeParse(JSON.parse(text)).success).toBe(true);
      return { status: res.status, headers: res.headers, text };
    };
    const exported = async (): Promise<string> => {
      const r = await download(PRODUCTS);
      expect(r.status).toBe(200);
      return r.text;
    };
    /** POST the text as a CSV file; the answer is checked against the contract. */
    const upload = async (
      text: string | Uint8Array<ArrayBuffer>,
      opts: { dryRun?: boolean; token?: string; type?: string } = {},
    ) => {
      const headers: Record<string, string> = { 'content-type': opts.type ?? 'text/csv; charset=utf-8' };
      const token = opts.token ?? admin;
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await c.raw(`${IMPORT}${opts.dryRun ? '?dry_run=1' : ''}`, {
        method: 'POST',
        headers,
        body: text,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const body: any = await res.json();
      const schema = res.status === 200 ? importResultSchema : errorBodySchema;
      expect(
        schema.safeParse(body).success,
        `import ${res.status}: ${JSON.stringify(body).slice(0, 300)}`,
      ).toBe(true);
      return { status: res.status, body };
    };
    const csvOf = (rows: string[][]): string =>
      rows.map((r) => r.map((v) => `"${v.replace(/"/g, '""')}"`).join(',')).join('\r\n');
    const product = async (over: Record<string, unknown> = {}): Promise<number> => {
      const r = await c.call('createProduct', {
        token: admin,
        body: {
          title: 'CSV Tee',
          description: '<p>Soft <strong>cotton</strong> &amp; more</p>',
          sku: '',
          category: '',
          image: PNG_DATA_URL,
          regular_price: 24.5,
          sale_price: 19.99,
          sizes: ['S', 'M'],
          colors: ['teal'],
          inventory: [
            { size: 'S', color: 'teal', quantity: 4 },
            { size: 'M', color: 'teal', quantity: 0 },
          ],
          ...over,
        },
      });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };
    const newestActivity = async () =>
      (await c.call<ActivityPage>('listActivity', { token: admin, query: { entity: 'product', limit: 1 } }))
        .body;

    it('anonymous callers get 401 and shoppers 403 on every CSV call; a 403 reads no body', async () => {
      const shopper = await c.seededShopper(0);
      for (const path of [ORDERS, PRODUCTS]) {
        expect((await download(path, '')).status).toBe(401);
        expect((await download(path, shopper.token)).status).toBe(403);
      }
      const header = `${PRODUCT_CSV_COLUMNS.join(',')}\r\n`;
      expect((await upload(header, { token: '' })).status).toBe(401);
      const refused = await upload(header, { token: shopper.token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
      // Over the size limit and of the wrong type: read, it would be a 413 or a 415.
      const huge = await upload('x'.repeat(BODY_LIMITS.csv + 1024), {
        token: shopper.token,
        type: 'text/plain',
      });
      expect(huge.status).toBe(403);
    });

    it('orders.csv has one row per order line, oldest first, within from and to', async () => {
      const id = await product({
        title: 'CSV Order Tee',
        sale_price: null,
        regular_price: 12.25,
        inventory: undefined,
      });
      const shopper = await c.seededShopper(1);
      const place = (cart: unknown[]) => c.placeOrder(shopper.token, cart);
      const two = await place([
        { productId: id, qty: 2, selectedSize: 'S', selectedColor: 'teal' },
        { productId: id, qty: 1, selectedSize: 'M', selectedColor: 'teal' },
      ]);
      const one = await place([{ productId: id, qty: 1, selectedSize: 'S', selectedColor: 'teal' }]);

      const r = await download(ORDERS, admin, `?from=${today()}&to=${today()}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      expect(r.text.endsWith('\r\n')).toBe(true);
      const [header, ...rows] = recordsOf(r.text);
      expect(header).toEqual([...ORDER_CSV_COLUMNS]);
      const col = (name: (typeof ORDER_CSV_COLUMNS)[number]) => ORDER_CSV_COLUMNS.indexOf(name);

      // The same rows, recomputed from the orders and their items.
      const orders = (await c.call('listOrders', { token: admin })).body as {
        id: number;
        name: string;
        email: string;
        status: string;
        total: number;
        created_at: string;
      }[];
      const expected: string[][] = [];
      const inRange = orders
        .filter((o) => o.created_at.slice(0, 10) === today())
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
      for (const o of inRange) {
        const items = (await c.call('orderItems', { token: admin, params: { id: o.id } })).body as {
          product_id: number;
          product_title: string;
          size: string;
          color: string;
          qty: number;
          price: number;
        }[];
        // By column name, so each expected cell says which column it stands for.
        for (const it of items) {
          const cells: Record<(typeof ORDER_CSV_COLUMNS)[number], string> = {
            order_id: String(o.id),
            date: o.created_at,
            customer: o.name,
            email: o.email,
            status: o.status,
            product_id: String(it.product_id),
            product: it.product_title,
            size: it.size,
            color: it.color,
            quantity: String(it.qty),
            unit_price: it.price.toFixed(2),
            order_total: o.total.toFixed(2),
            currency: 'USD',
          };
          expected.push(ORDER_CSV_COLUMNS.map((name) => cells[name]));
        }
      }
      // Cells a spreadsheet would run as formulas carry the guard: none here but what the data holds.
      expect(rows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@])/, '')))).toEqual(expected);
      const ours = rows.filter((row) => [String(two), String(one)].includes(row[col('order_id')]!));
      expect(ours.map((row) => [row[col('order_id')], row[col('size')], row[col('quantity')]])).toEqual([
        [String(two), 'S', '2'],
        [String(two), 'M', '1'],
        [String(one), 'S', '1'],
      ]);
      expect(ours[0]).toMatchObject({ [col('unit_price')]: '12.25', [col('product')]: 'CSV Order Tee' });

      const before = await download(ORDERS, admin, '?from=2001-01-01&to=2001-01-02');
      expect(recordsOf(before.text)).toEqual([[...ORDER_CSV_COLUMNS]]);
      expect((await download(ORDERS, admin, `?from=${today()}`)).status).toBe(400);
      const all = recordsOf((await download(ORDERS)).text);
      expect(all.length).toBeGreaterThanOrEqual(rows.length + 1);
    });

    it('products.csv imports back as a no-op: nothing created, nothing updated, no activity entry', async () => {
      await product({ title: 'Round Trip Tee', sizes: [], colors: ['navy|blue', 'a/b=c'], inventory: [] });
      await product({
        title: 'Untracked Tote',
        sizes: [],
        colors: [],
        inventory: undefined,
        sale_price: null,
      });
      const text = await exported();
      const [header, ...rows] = recordsOf(text);
      expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
      const ids = rows.map((r) => Number(r[0]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const entryBefore = await newestActivity();

      const dry = await upload(text, { dryRun: true });
      expect(dry).toEqual({
        status: 200,
        body: { created: 0, updated: 0, unchanged: rows.length, errors: [] },
      });
      const real = await upload(text);
      expect(real).toEqual({
        status: 200,
        body: { created: 0, updated: 0, unchanged: rows.length, errors: [] },
      });
      expect(await exported()).toBe(text);
      expect(await newestActivity()).toEqual(entryBefore);
    });

    it('a dry run reports what the import would do and changes nothing', async () => {
      const id = await product({ title: 'Dry Run Tee' });
      const before = await exported();
      const file = csvOf([
        ['id', 'title', 'regular_price', 'sizes'],
        [String(id), 'Dry Run Tee, renamed', '30', 'S|M'],
        ['', 'Dry Run Newcomer', '9.5', ''],
      ]);
      const r = await upload(file, { dryRun: true });
      expect(r).toEqual({ status: 200, body: { created: 1, updated: 1, unchanged: 0, errors: [] } });
      expect(await exported()).toBe(before);
    });

    it('a file with bad rows is refused whole, each problem with its row and column; nothing changes', async () => {
      const id = await product({ title: 'Refused Tee' });
      const before = await exported();
      const entryBefore = await newestActivity();
      const file = csvOf([
        ['id', 'title', 'regular_price', 'categories', 'stock', 'sizes', 'colors'],
        [String(id), 'Refused Tee, renamed', '30', '', 'S/teal=9', 'S|M', 'teal'],
        ['', 'Refused Newcomer', '10', '', '', '', ''],
        ['', 'Unknown Category Tee', '10', 'No Such Category', '', '', ''],
        ['', 'Negative Tee', '-5', '', '', '', ''],
        ['', 'Bad Stock Tee', '10', '', 'XL/teal=3', 'S', 'teal'],
      ]);
      const r = await upload(file);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      expect(r.body.errors).toEqual([
        { row: 4, column: 'categories', message: expect.stringContaining('No Such Category') },
        { row: 5, column: 'regular_price', message: expect.any(String) },
        { row: 6, column: 'stock', message: expect.stringContaining('XL/teal') },
      ]);
      expect(await exported()).toBe(before);
      expect(await newestActivity()).toEqual(entryBefore);
      // A dry run finds the same problems and answers what the valid rows would do.
      const dry = await upload(file, { dryRun: true });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ created: 1, updated: 1, errors: r.body.errors });
    });

    it('a formula cell goes out guarded and quoted, and imports back exactly', async () => {
      const title = '=HYPERLINK("x")';
      const id = await product({ title, sizes: ['-XL', 'M'], inventory: undefined });
      const text = await exported();
      expect(text).toContain(`${id},"'=HYPERLINK(""x"")",`);
      expect(text).toContain(`"'-XL|M"`);
      const rows = recordsOf(text).slice(1);
      expect(rows.find((row) => row[0] === String(id))?.[1]).toBe(`'${title}`);
      const r = await upload(text);
      expect(r.body).toEqual({ created: 0, updated: 0, unchanged: rows.length, errors: [] });
      const p = (await c.call('getProduct', { params: { id } })).body;
      expect(p.title).toBe(title);
      expect(p.sizes).toEqual(['-XL', 'M']);
    });

    it('an import creates and updates products in one write, leaving exactly one activity entry', async () => {
      const id = await product({ title: 'Import Tee' });
      const category = (await c.call('listCategories')).body[0] as { id: number; name: string };
      const [header, ...rows] = recordsOf(await exported());
      const mine = rows.find((row) => row[0] === String(id))!;
      const at = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => header!.indexOf(name);
      expect(mine[at('stock')]).toBe('S/teal=4|M/teal=0');
      const changed = [...mine];
      changed[at('title')] = 'Import Tee, renamed';
      changed[at('stock')] = 'M/teal=7';
      changed[at('categories')] = category.name;
      const fresh = PRODUCT_CSV_COLUMNS.map((col) =>
        col === 'title'
          ? 'Imported Hoodie'
          : col === 'regular_price'
            ? '45'
            : col === 'sizes'
              ? 'L'
              : col === 'stock'
                ? 'L/=3'
                : '',
      );
      const totalBefore = (await newestActivity()).total;
      const r = await upload(csvOf([header!, changed, fresh]));
      expect(r).toEqual({ status: 200, body: { created: 1, updated: 1, unchanged: 0, errors: [] } });

      const log = await newestActivity();
      expect(log.total).toBe(totalBefore + 1);
      const entry = log.items[0]!;
      expect(entry).toMatchObject({
        action: 'import',
        entity: 'product',
        entity_id: null,
        label: 'Import of 2 products',
      });
      expect(entry.changes.slice(0, 2)).toEqual([
        { field: 'created', before: null, after: 1 },
        { field: 'updated', before: null, after: 1 },
      ]);
      const field = (name: string) => entry.changes.find((ch) => ch.field === name);
      expect(field(`#${id} title`)).toEqual({
        field: `#${id} title`,
        before: 'Import Tee',
        after: 'Import Tee, renamed',
      });
      expect(field(`#${id} stock M / teal`)).toMatchObject({ before: 0, after: 7 });
      expect(field(`#${id} stock S / teal`)).toBeUndefined();
      expect(field(`#${id} categories`)).toMatchObject({ before: [], after: [category.name] });
      const created = entry.changes.find((ch) => /^#\d+$/.test(ch.field))!;
      expect(created.after).toBe('Imported Hoodie');

      const newId = Number(created.field.slice(1));
      const hoodie = (await c.call('getProduct', { params: { id: newId } })).body;
      expect(hoodie).toMatchObject({
        title: 'Imported Hoodie',
        regular_price: 45,
        sale_price: null,
        sizes: ['L'],
        colors: [],
      });
      expect(hoodie.sku).toBe(`TL-${String(newId).padStart(5, '0')}`);
      const stock = (await c.call('productStock', { token: admin, params: { id: newId } })).body;
      expect(stock).toMatchObject({ tracked: true, variants: [{ size: 'L', color: '', quantity: 3 }] });
      const updated = (await c.call('productStock', { token: admin, params: { id } })).body;
      expect(updated.variants.map((v: { quantity: number }) => v.quantity)).toEqual([4, 7]);
      expect((await c.call('getProduct', { params: { id } })).body.categories).toEqual([
        expect.objectContaining({ id: category.id }),
      ]);
    });

    it('refuses malformed CSV (400), another content type (415), an oversized file (413), other text than UTF-8 (400)', async () => {
      const unterminated = await upload('id,title,regular_price\r\n,"Open quote,10\r\n');
      expect(unterminated.status).toBe(400);
      expect(unterminated.body).toMatchObject({
        code: 'bad_request',
        message: expect.stringMatching(/^Malformed CSV on line \d/),
      });
      const header = PRODUCT_CSV_COLUMNS.join(',');
      for (const type of ['application/json', 'text/plain', 'text/csv; charset=windows-1252'])
        expect((await upload(header, { type })).status, type).toBe(415);
      expect((await upload(`${header}\r\n${'x'.repeat(BODY_LIMITS.csv)}`)).status).toBe(413);
      const latin1 = new Uint8Array([
        ...new TextEncoder().encode('title,regular_price\r\nCaf'),
        0xe9,
        0x2c,
        0x31,
        0x0d,
        0x0a,
      ]);
      expect((await upload(latin1)).status).toBe(400);
      const columns = await upload('title,regular_price,price\r\nTee,10,10\r\n', { dryRun: true });
      expect(columns.body.errors).toEqual([{ row: 1, column: 'price', message: 'Unknown column "price"' }]);
    });
  });
}

/**
 * The listing's shop filters and facets (issue 29): `size`, `color` (repeatable), `in_stock=1`, `minPrice` and
 * `facets=1` on GET /products, against Koa, MSW and PostgreSQL. Facet counts are checked against a recount made
 * with the filters themselves: a size's count is the total of the same query asking for that size alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '#fixtures/rng';
import type { ContractClient } from './client';
import { PNG_DATA_URL } from './client';

interface Listed {
  title: string;
  sale_price: number | null;
  regular_price: number;
}
interface Facets {
  sizes: { value: string; count: number }[];
  colors: { value: string; count: number }[];
  in_stock: number;
  price: { min: number; max: number };
}
type Query = Record<string, string | number | string[]>;

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLORS = ['Red', 'Navy', 'Black', 'Olive'];

export function shopFiltersSuite(c: ContractClient): void {
  describe('products listing: size, colour, in-stock and price filters with facets', () => {
    let admin = '';
    // Four letters no other suite's tag is within two typos of (their times can be the same): only our products match.
    const tag = `shfw${Date.now().toString(36)}`;
    const create = async (
      title: string,
      o: { sizes: string[]; colors: string[]; price: number; units?: number[] },
    ) => {
      const inventory =
        o.units &&
        o.sizes.flatMap((size, i) =>
          o.colors.map((color, j) => ({ size, color, quantity: o.units![(i + j) % o.units!.length]! })),
        );
      const r = await c.call('createProduct', {
        token: admin,
        body: {
          title: `${tag} ${title}`,
          description: '',
          sku: '',
          category: '',
          image: PNG_DATA_URL,
          sale_price: null,
          regular_price: o.price,
          sizes: o.sizes,
          colors: o.colors,
          ...(inventory ? { inventory } : {}),
        },
      });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };
    const list = async (query: Query) => {
      const r = await c.call('listProducts', { query: { q: tag, limit: 100, sort: 'price_asc', ...query } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { items: Listed[]; total: number; maxPrice: number; facets?: Facets };
    };
    const titles = async (query: Query) =>
      (await list(query)).items.map((p) => p.title.slice(tag.length + 1)).sort();

    beforeAll(async () => {
      admin = await c.adminToken();
      await create('Tee', { sizes: ['S', 'M'], colors: ['Red'], price: 10 });
      await create('Shirt', { sizes: ['M', 'L'], colors: ['Navy', 'Red'], price: 20, units: [0, 2] });
      await create('Coat', { sizes: ['L', 'XL'], colors: ['Black'], price: 40, units: [0] });
      await create('Scarf', { sizes: [], colors: ['Navy'], price: 15 });
    }, 60_000);

    it('any of the chosen sizes AND any of the chosen colours; sizes and colours match in any case', async () => {
      expect(await titles({ size: 'M' })).toEqual(['Shirt', 'Tee']);
      expect(await titles({ size: ['m', 'XL'] })).toEqual(['Coat', 'Shirt', 'Tee']);
      expect(await titles({ color: ['navy', 'BLACK'] })).toEqual(['Coat', 'Scarf', 'Shirt']);
      expect(await titles({ size: ['S', 'L'], color: 'Navy' })).toEqual(['Shirt']);
      expect(await titles({ size: 'XXL' })).toEqual([]);
    });

    it('in_stock=1 keeps untracked products and those with some size × colour left; in_stock=0 keeps all', async () => {
      expect(await titles({ in_stock: '1' })).toEqual(['Scarf', 'Shirt', 'Tee']);
      expect(await titles({ in_stock: '0' })).toEqual(['Coat', 'Scarf', 'Shirt', 'Tee']);
      expect(await titles({ in_stock: '1', color: 'Black' })).toEqual([]);
    });

    it('minPrice beside maxPrice, inclusive, on the same price; the answer maxPrice ignores both', async () => {
      expect(await titles({ minPrice: 15 })).toEqual(['Coat', 'Scarf', 'Shirt']);
      expect(await titles({ minPrice: 15, maxPrice: 20 })).toEqual(['Scarf', 'Shirt']);
      const r = await list({ minPrice: 15, maxPrice: 20, sort: 'latest', limit: 1, page: 2 });
      expect([r.total, r.items.length, r.maxPrice]).toEqual([2, 1, 40]);
    });

    it('a client that does not ask for facets gets none (the spec shape)', async () => {
      expect(await list({ size: 'M' })).not.toHaveProperty('facets');
    });

    it('facets count each value within the current result, every filter applied but its own', async () => {
      const { facets, total } = await list({ size: 'M', color: 'Red', facets: '1' });
      expect(total).toBe(2);
      expect(facets).toEqual({
        // Colour Red applies: Tee (S, M) and Shirt (M, L).
        sizes: [
          { value: 'S', count: 1 },
          { value: 'M', count: 2 },
          { value: 'L', count: 1 },
        ],
        // Size M applies: Tee (Red), Shirt (Navy, Red).
        colors: [
          { value: 'Navy', count: 1 },
          { value: 'Red', count: 2 },
        ],
        in_stock: 2,
        price: { min: 10, max: 20 },
      });
    });

    it('facet counts equal a recount with the filters on random queries over a random catalogue', async () => {
      const r = createRng(29);
      const pick = (from: string[]) => from.filter(() => r.next() < 0.3);
      for (let i = 0; i < 8; i++) {
        const sizes = pick(SIZES);
        const colors = pick(COLORS);
        const units = r.next() < 0.4 ? undefined : [r.int(2), r.int(3)];
        await create(`Random ${i}`, { sizes, colors, price: 5 + r.int(8) * 5, units });
      }
      for (let i = 0; i < 6; i++) {
        const query: Query = {};
        if (r.next() < 0.5) query.size = pick(SIZES);
        if (r.next() < 0.5) query.color = pick(COLORS);
        if (r.next() < 0.4) query.in_stock = '1';
        if (r.next() < 0.4) query.minPrice = 10 + r.int(3) * 5;
        if (r.next() < 0.4) query.maxPrice = 25 + r.int(3) * 5;
        const { facets, total } = await list({ ...query, facets: '1' });
        const recount = async (change: Query) => (await list({ ...query, ...change })).total;
        for (const f of facets!.sizes)
          expect(f.count, `${f.value} in ${JSON.stringify(query)}`).toBe(await recount({ size: f.value }));
        for (const f of facets!.colors)
          expect(f.count, `${f.value} in ${JSON.stringify(query)}`).toBe(await recount({ color: f.value }));
        expect(facets!.in_stock).toBe(await recount({ in_stock: '1' }));
        // Every value some product would give is listed: their counts cover the products that have one.
        const unpriced = await list({ ...query, minPrice: 0, maxPrice: 0 });
        const prices = unpriced.items.map((p) => p.sale_price ?? p.regular_price);
        expect(facets!.price).toEqual(
          prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: 0, max: 0 },
        );
        expect(total).toBe(await recount({}));
      }
    }, 120_000);

    it('an order taking the last unit takes the product out of in_stock=1 and its facet count at once', async () => {
      // Without and with a search text (the search listing reads the facts from columns by id).
      const queries: Query[] = [
        { size: 'One size', facets: '1' },
        { size: 'One size', facets: '1', q: 'last one' },
      ];
      const id = await create('Last one', { sizes: ['One size'], colors: ['Olive'], price: 30, units: [1] });
      // Read once before the order, so that anything kept from this answer has to be dropped by the order.
      for (const query of queries) {
        expect((await list({ ...query, in_stock: '1' })).total).toBe(1);
        expect((await list(query)).facets!.in_stock).toBe(1);
      }
      const shopper = await c.newShopper();
      await c.placeOrder(shopper.token, [
        { productId: id, qty: 1, selectedSize: 'One size', selectedColor: 'Olive' },
      ]);
      for (const query of queries) {
        expect((await list({ ...query, in_stock: '1' })).total).toBe(0);
        const after = await list(query);
        expect([after.total, after.facets!.in_stock]).toEqual([1, 0]);
      }
    });

    it('400 in the error shape, naming the parameter, for a bad filter value', async () => {
      const bad: Array<[Query, string]> = [
        [{ minPrice: 30, maxPrice: 20 }, 'minPrice'],
        [{ minPrice: -1 }, 'minPrice'],
        [{ minPrice: 'cheap' }, 'minPrice'],
        [{ in_stock: '2' }, 'in_stock'],
        [{ in_stock: 'yes' }, 'in_stock'],
        [{ facets: 'all' }, 'facets'],
        [{ size: Array.from({ length: 21 }, (_, i) => `S${i}`) }, 'size'],
        [{ color: 'x'.repeat(41) }, 'color'],
      ];
      for (const [query, field] of bad) {
        const r = await c.call('listProducts', { query });
        expect(r.status, JSON.stringify(query)).toBe(400);
        expect(r.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        expect(r.body.fields, JSON.stringify(r.body)).toHaveProperty([field]);
      }
    });
  });
}

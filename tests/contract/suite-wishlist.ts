/** The signed-in wishlist (issue 14), against Koa and MSW: idempotent saves and removals, one list per account. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { PNG_DATA_URL } from './client';

export function wishlistSuite(c: ContractClient): void {
  describe('wishlist', () => {
    let admin = '';
    let shopper = { token: '', id: 0 };
    const create = async (title: string): Promise<number> => {
      const body = {
        title,
        description: '',
        sku: '',
        category: '',
        image: PNG_DATA_URL,
        regular_price: 12,
        sale_price: null,
        sizes: [],
        colors: [],
      };
      return (await c.call('createProduct', { token: admin, body })).body.id as number;
    };
    const ids = async (token: string) =>
      ((await c.call('getWishlist', { token })).body.items as { product_id: number }[]).map(
        (i) => i.product_id,
      );

    beforeAll(async () => {
      admin = await c.adminToken();
      const s = await c.seededShopper(1);
      shopper = { token: s.token, id: s.id };
    });

    it('signed out: 401 on every wishlist call', async () => {
      expect(await c.status('getWishlist')).toBe(401);
      expect(await c.status('putWishlist', { params: { id: 1 } })).toBe(401);
      expect(await c.status('deleteWishlist', { params: { id: 1 } })).toBe(401);
    });

    it('PUT saves once however often it is sent, newest first, with the product; DELETE is idempotent', async () => {
      const a = await create('Wish A');
      const b = await create('Wish B');
      expect(await ids(shopper.token)).toEqual([]);
      const puts = await Promise.all(
        [1, 2, 3].map(() => c.call('putWishlist', { token: shopper.token, params: { id: a } })),
      );
      expect(puts.map((r) => r.status)).toEqual([200, 200, 200]);
      await new Promise((r) => setTimeout(r, 5));
      expect((await c.call('putWishlist', { token: shopper.token, params: { id: b } })).status).toBe(200);
      const list = (await c.call('getWishlist', { token: shopper.token })).body.items;
      expect(list.map((i: { product_id: number }) => i.product_id)).toEqual([b, a]);
      expect(list[0]).toMatchObject({
        product_id: b,
        added_at: expect.any(String),
        product: { id: b, title: 'Wish B' },
      });

      expect((await c.call('deleteWishlist', { token: shopper.token, params: { id: b } })).status).toBe(200);
      expect((await c.call('deleteWishlist', { token: shopper.token, params: { id: b } })).status).toBe(200);
      expect(await ids(shopper.token)).toEqual([a]);
      // Another account does not see it.
      expect(await ids(admin)).not.toContain(a);
    });

    it('an unknown product is a 404; a product the shop deleted stays listed with product null', async () => {
      expect((await c.call('putWishlist', { token: shopper.token, params: { id: 999_999 } })).status).toBe(
        404,
      );
      const gone = await create('Wish Gone');
      expect((await c.call('putWishlist', { token: shopper.token, params: { id: gone } })).status).toBe(200);
      expect((await c.call('deleteProduct', { token: admin, params: { id: gone } })).status).toBe(200);
      const item = (await c.call('getWishlist', { token: shopper.token })).body.items.find(
        (i: { product_id: number }) => i.product_id === gone,
      );
      expect(item).toMatchObject({ product_id: gone, product: null });
    });
  });
}

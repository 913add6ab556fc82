/**
 * The products listing's stock filter (issue 27): `stock=low|out|all` on GET /products, against Koa, MSW and
 * PostgreSQL. "Low" is what the stock rules call low (contract/rules/stock.ts: 1 to LOW_STOCK units).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK } from '#contract/rules/stock';
import type { ContractClient } from './client';
import { teeForm } from './client';

export function stockFilterSuite(c: ContractClient): void {
  describe('products listing: stock filter', () => {
    let admin = '';
    // Four letters no other suite's tag is within two typos of (their times can be the same): only our products match.
    const tag = `stlv${Date.now().toString(36)}`;
    const create = async (title: string, inventory: unknown) => {
      const r = await c.call('createProduct', {
        token: admin,
        body: teeForm({ title: `${tag} ${title}`, ...(inventory === undefined ? {} : { inventory }) }),
      });
      expect(r.status).toBe(201);
    };
    const titles = async (stock?: string) => {
      const r = await c.call('listProducts', { query: { q: tag, limit: 100, ...(stock ? { stock } : {}) } });
      expect(r.status).toBe(200);
      return {
        total: r.body.total as number,
        titles: (r.body.items as { title: string }[]).map((p) => p.title.slice(tag.length + 1)).sort(),
      };
    };

    beforeAll(async () => {
      admin = await c.adminToken();
      const line = (size: string, quantity: number) => ({ size, color: 'red', quantity });
      await create('Untracked', undefined);
      await create('Plenty', [line('S', 20), line('M', 5)]);
      await create('Edge', [line('S', LOW_STOCK - 1), line('M', 1)]);
      await create('Just over', [line('S', LOW_STOCK), line('M', 1)]);
      await create('One left', [line('S', 0), line('M', 1)]);
      await create('Gone', [line('S', 0), line('M', 0)]);
    });

    it('stock=low keeps the products with 1 to LOW_STOCK units, stock=out the sold-out ones; totals follow', async () => {
      expect(await titles('low')).toEqual({ total: 2, titles: ['Edge', 'One left'] });
      expect(await titles('out')).toEqual({ total: 1, titles: ['Gone'] });
    });

    it('stock=all and no stock parameter list every product, untracked ones included', async () => {
      const every = ['Edge', 'Gone', 'Just over', 'One left', 'Plenty', 'Untracked'];
      expect(await titles('all')).toEqual({ total: 6, titles: every });
      expect(await titles()).toEqual({ total: 6, titles: every });
    });

    it('pages the filtered list', async () => {
      const r = await c.call('listProducts', {
        query: { q: tag, stock: 'low', limit: 1, page: 2, sort: 'latest' },
      });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(2);
      expect(r.body.items).toHaveLength(1);
    });

    it('400 with the field named for a stock value it does not know', async () => {
      for (const stock of ['sold', 'LOW', '1']) {
        const r = await c.call('listProducts', { query: { stock } });
        expect(r.status).toBe(400);
        expect(r.body.fields).toHaveProperty('stock');
      }
    });
  });
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { PNG_DATA_URL } from './client';

/** Issue 29: the search box's suggestions and the listing's "did you mean". */
export function searchSuite(c: ContractClient): void {
  describe('search suggestions and corrections', () => {
    // Words no other suite or the demo data uses, so the answers are ours alone.
    const tag = `zq${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const word = 'quarnix';
    let catSlug = '';
    const ids: number[] = [];
    beforeAll(async () => {
      const admin = await c.adminToken();
      const cat = await c.call('createCategory', {
        token: admin,
        body: { name: `Quarnix Gear ${tag}`, image: PNG_DATA_URL },
      });
      expect(cat.status).toBe(201);
      catSlug = cat.body.slug;
      for (const [i, title] of [
        `Quarnix Parka ${tag}`,
        `Quarnix Vest ${tag}`,
        ...Array.from({ length: 7 }, (_, k) => `Plain Quarnix Tote ${k} ${tag}`),
      ].entries()) {
        const p = await c.call('createProduct', {
          token: admin,
          body: {
            title,
            description: '<p>Warm</p>',
            regular_price: 40 + i,
            sale_price: i === 0 ? 25 : null,
            sku: '',
            category: cat.body.id,
            image: PNG_DATA_URL,
            sizes: ['M'],
            colors: ['#000000'],
          },
        });
        expect(p.status).toBe(201);
        ids.push(p.body.id);
      }
    });

    it('GET /search/suggest: at most 6 products with the effective price and image, and the categories', async () => {
      const r = await c.call('searchSuggest', { query: { q: `${word} par` } });
      expect(r.status).toBe(200);
      expect(r.body.products[0]).toMatchObject({ id: ids[0], title: `Quarnix Parka ${tag}`, price: 25 });
      expect(r.body.products[0].image).toMatch(/^\/uploads\//);
      const all = await c.call('searchSuggest', { query: { q: `${tag} ${word}` } });
      expect(all.body.products).toHaveLength(6);
      expect(all.body.categories).toEqual([{ name: `Quarnix Gear ${tag}`, slug: catSlug }]);
    });

    it('GET /search/suggest: the last word as a prefix, typos tolerated', async () => {
      const prefix = await c.call('searchSuggest', { query: { q: `${tag} quarn` } });
      expect(prefix.body.products.length).toBe(6);
      const swapped = await c.call('searchSuggest', { query: { q: `qaurnix parka ${tag}` } });
      expect(swapped.body.products.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
      const cats = await c.call('searchSuggest', { query: { q: `quarnix ${tag} ge` } });
      expect(cats.body.categories.map((x: { slug: string }) => x.slug)).toEqual([catSlug]);
    });

    it('GET /search/suggest: 400 for an empty or too long text', async () => {
      for (const q of [undefined, '', '   ', 'x'.repeat(201)]) {
        const r = await c.call('searchSuggest', q === undefined ? {} : { query: { q } });
        expect(r.status, JSON.stringify(q)).toBe(400);
        expect(r.body.message).toEqual(expect.any(String));
      }
      expect((await c.call('searchSuggest', { query: { q: 'x'.repeat(200) } })).status).toBe(200);
    });

    it('GET /products: a text that finds nothing carries a corrected one that finds something', async () => {
      const r = await c.call('listProducts', { query: { q: `qaurnix vets ${tag}` } });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(1); // typos tolerated: found, so no suggestion
      expect(r.body.suggestion).toBeUndefined();
      // Two swaps: beyond a search's one typo in a word of 7 letters, within a correction's two.
      const none = await c.call('listProducts', { query: { q: `quanrxi ${tag}` } });
      expect(none.body).toMatchObject({ items: [], total: 0, suggestion: `quarnix ${tag}` });
      const corrected = await c.call('listProducts', { query: { q: none.body.suggestion } });
      expect(corrected.body.total).toBe(9);
      const hopeless = await c.call('listProducts', { query: { q: `wxyzvvv ${tag}` } });
      expect(hopeless.body.total).toBe(0);
      expect(hopeless.body.suggestion).toBeUndefined();
    });
  });
}

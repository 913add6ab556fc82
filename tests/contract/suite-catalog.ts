import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { PNG_DATA_URL, SVG_DATA_URL } from './client';

const productForm = (over: Record<string, unknown> = {}) => ({
  title: 'Contract Tee',
  description: '<p>Soft <strong>cotton</strong></p><script>alert(1)</script>',
  regular_price: 40,
  sale_price: 30,
  sku: '',
  category: '',
  image: PNG_DATA_URL,
  sizes: ['S', 'M'],
  colors: ['#ff0000', '#0000ff'],
  ...over,
});

export function catalogSuite(c: ContractClient): void {
  describe('catalogue', () => {
    let admin = '';
    let shopper = '';
    beforeAll(async () => {
      admin = await c.adminToken();
      shopper = (await c.newShopper()).token;
    });

    it('GET /categories lists categories', async () => {
      const r = await c.call('listCategories');
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
    });

    it('POST /categories: 201 for an admin with a derived unique slug; 400, 401, 403 otherwise', async () => {
      const name = `Contract Cat ${Date.now()}`;
      const a = await c.call('createCategory', { token: admin, body: { name, image: PNG_DATA_URL } });
      expect(a.status).toBe(201);
      expect(a.body.slug).toBe(name.toLowerCase().replace(/\s+/g, '-'));
      expect(a.body.image).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
      const b = await c.call('createCategory', { token: admin, body: { name, image: PNG_DATA_URL } });
      expect(b.body.slug).toBe(`${a.body.slug}-2`);
      expect(
        (await c.call('createCategory', { token: admin, body: { name: '  ', image: PNG_DATA_URL } })).status,
      ).toBe(400);
      expect((await c.call('createCategory', { body: { name: 'X', image: PNG_DATA_URL } })).status).toBe(401);
      expect(
        (await c.call('createCategory', { token: shopper, body: { name: 'X', image: PNG_DATA_URL } })).status,
      ).toBe(403);
      expect(
        (await c.call('createCategory', { token: admin, body: { name: 'Svg', image: SVG_DATA_URL } })).status,
      ).toBe(415);
    });

    it('PUT /categories/:id: 200 with the given slug; 404 unknown; 409 on a taken slug; 403 shopper', async () => {
      const a = await c.call('createCategory', {
        token: admin,
        body: { name: `Put A ${Date.now()}`, image: PNG_DATA_URL },
      });
      const b = await c.call('createCategory', {
        token: admin,
        body: { name: `Put B ${Date.now()}`, image: PNG_DATA_URL },
      });
      const u = await c.call('updateCategory', {
        token: admin,
        params: { id: a.body.id },
        body: { name: 'Renamed', slug: `renamed-${a.body.id}` },
      });
      expect(u.status).toBe(200);
      expect(u.body).toMatchObject({
        id: a.body.id,
        name: 'Renamed',
        slug: `renamed-${a.body.id}`,
        image: a.body.image,
      });
      expect(
        (await c.call('updateCategory', { token: admin, params: { id: 999_999 }, body: { name: 'Nope' } }))
          .status,
      ).toBe(404);
      expect(
        (
          await c.call('updateCategory', {
            token: admin,
            params: { id: a.body.id },
            body: { name: 'X', slug: b.body.slug },
          })
        ).status,
      ).toBe(409);
      expect(
        (await c.call('updateCategory', { token: shopper, params: { id: a.body.id }, body: { name: 'X' } }))
          .status,
      ).toBe(403);
    });

    it('DELETE /categories/:id removes it from products; 404 afterwards; 401 without a token', async () => {
      const cat = await c.call('createCategory', {
        token: admin,
        body: { name: `Del ${Date.now()}`, image: PNG_DATA_URL },
      });
      const p = await c.call('createProduct', { token: admin, body: productForm({ category: cat.body.id }) });
      expect(p.body.categories.map((x: { id: number }) => x.id)).toEqual([cat.body.id]);
      expect((await c.call('deleteCategory', { params: { id: cat.body.id } })).status).toBe(401);
      expect((await c.call('deleteCategory', { token: admin, params: { id: cat.body.id } })).status).toBe(
        200,
      );
      expect((await c.call('getProduct', { params: { id: p.body.id } })).body.categories).toEqual([]);
      expect((await c.call('deleteCategory', { token: admin, params: { id: cat.body.id } })).status).toBe(
        404,
      );
    });

    it('POST /products: 201 with sanitised HTML and a stored image; 400, 401, 403 otherwise', async () => {
      const r = await c.call('createProduct', { token: admin, body: productForm() });
      expect(r.status).toBe(201);
      expect(r.body.description).toContain('<strong>cotton</strong>');
      expect(r.body.description).not.toContain('script');
      expect(r.body.featured_image).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
      expect(r.body.sku).not.toBe('');
      expect((await c.call('createProduct', { token: admin, body: productForm({ title: '' }) })).status).toBe(
        400,
      );
      expect(
        (await c.call('createProduct', { token: admin, body: productForm({ regular_price: -5 }) })).status,
      ).toBe(400);
      expect(
        (await c.call('createProduct', { token: admin, body: productForm({ category: 999_999 }) })).status,
      ).toBe(400);
      expect((await c.call('createProduct', { body: productForm() })).status).toBe(401);
      expect((await c.call('createProduct', { token: shopper, body: productForm() })).status).toBe(403);
    });

    it('GET /products/:id: 200; 404 unknown; 400 for a bad id', async () => {
      const p = await c.call('createProduct', { token: admin, body: productForm() });
      const r = await c.call('getProduct', { params: { id: p.body.id } });
      expect(r.status).toBe(200);
      expect(r.body.title).toBe('Contract Tee');
      expect((await c.call('getProduct', { params: { id: 999_999 } })).status).toBe(404);
      expect((await c.call('getProduct', { params: { id: 'abc' } })).status).toBe(400);
    });

    it('PUT /products/:id: 200 keeps the image when none is sent; 404; 403', async () => {
      const p = await c.call('createProduct', { token: admin, body: productForm() });
      const u = await c.call('updateProduct', {
        token: admin,
        params: { id: p.body.id },
        body: productForm({ title: 'Updated Tee', image: null, sale_price: '' }),
      });
      expect(u.status).toBe(200);
      expect(u.body).toMatchObject({
        title: 'Updated Tee',
        featured_image: p.body.featured_image,
        sale_price: null,
      });
      expect(
        (await c.call('updateProduct', { token: admin, params: { id: 999_999 }, body: productForm() }))
          .status,
      ).toBe(404);
      expect(
        (await c.call('updateProduct', { token: shopper, params: { id: p.body.id }, body: productForm() }))
          .status,
      ).toBe(403);
    });

    it('POST /products/:id/images: 201 appends; 415 for SVG; 404; 403', async () => {
      const p = await c.call('createProduct', { token: admin, body: productForm() });
      const r = await c.call('addProductImages', {
        token: admin,
        params: { id: p.body.id },
        body: { images: [PNG_DATA_URL] },
      });
      expect(r.status).toBe(201);
      expect(r.body.images).toHaveLength(1);
      const bad = await c.call('addProductImages', {
        token: admin,
        params: { id: p.body.id },
        body: { images: [SVG_DATA_URL] },
      });
      expect(bad.status).toBe(415);
      expect((await c.call('getProduct', { params: { id: p.body.id } })).body.images).toHaveLength(1);
      expect(
        (
          await c.call('addProductImages', {
            token: admin,
            params: { id: 999_999 },
            body: { images: [PNG_DATA_URL] },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await c.call('addProductImages', {
            token: shopper,
            params: { id: p.body.id },
            body: { images: [PNG_DATA_URL] },
          })
        ).status,
      ).toBe(403);
    });

    it('DELETE /products/:id: 200 then 404; 403 for a shopper', async () => {
      const p = await c.call('createProduct', { token: admin, body: productForm() });
      expect((await c.call('deleteProduct', { token: shopper, params: { id: p.body.id } })).status).toBe(403);
      expect((await c.call('deleteProduct', { token: admin, params: { id: p.body.id } })).status).toBe(200);
      expect((await c.call('getProduct', { params: { id: p.body.id } })).status).toBe(404);
      expect((await c.call('deleteProduct', { token: admin, params: { id: p.body.id } })).status).toBe(404);
    });

    it('GET /products with the query of section 7; 400 for bad values; limit capped at 100', async () => {
      const slug = `q-${Date.now()}`;
      const cat = await c.call('createCategory', { token: admin, body: { name: slug, image: PNG_DATA_URL } });
      for (const [title, price] of [
        ['Alpha Coat', 100],
        ['Beta Coat', 50],
        ['Gamma Scarf', 20],
      ] as const) {
        await c.call('createProduct', {
          token: admin,
          body: productForm({ title, regular_price: price, sale_price: null, category: cat.body.id }),
        });
      }
      const all = await c.call('listProducts', {
        query: { category: slug, limit: 12, page: 1, sort: 'price_asc' },
      });
      expect(all.status).toBe(200);
      expect(all.body.items.map((p: { title: string }) => p.title)).toEqual([
        'Gamma Scarf',
        'Beta Coat',
        'Alpha Coat',
      ]);
      expect(all.body).toMatchObject({ total: 3, maxPrice: 100 });
      const coats = await c.call('listProducts', {
        query: { category: slug, q: 'coat', sort: 'price_desc', maxPrice: 60 },
      });
      expect(coats.body.items.map((p: { title: string }) => p.title)).toEqual(['Beta Coat']);
      expect(coats.body).toMatchObject({ total: 1, maxPrice: 100 });
      const page2 = await c.call('listProducts', {
        query: { category: slug, limit: 2, page: 2, sort: 'price_asc' },
      });
      expect(page2.body.items.map((p: { title: string }) => p.title)).toEqual(['Alpha Coat']);
      expect((await c.call('listProducts', { query: { limit: 20 } })).status).toBe(200);
      expect(
        (await c.call('listProducts', { query: { limit: 5000 } })).body.items.length,
      ).toBeLessThanOrEqual(100);
      expect((await c.call('listProducts', { query: { sort: 'cheapest' } })).status).toBe(400);
      expect((await c.call('listProducts', { query: { page: 0 } })).status).toBe(400);
      expect((await c.call('listProducts', { query: { maxPrice: 'lots' } })).status).toBe(400);
    });
  });
}

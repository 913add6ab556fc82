/** Cached catalogue reads: ETag on lists, details and categories; 304 on a match; a new tag after a write. */
import { describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { PNG_DATA_URL } from './client';

export function cachingSuite(c: ContractClient): void {
  describe('catalogue answers revalidate with ETag', () => {
    const paths = ['/products?category=t-shirts&maxPrice=30&sort=price_asc', '/products/1', '/categories'];

    it('GET answers carry an ETag; If-None-Match with it gives 304 and no body', async () => {
      for (const path of paths) {
        const first = await c.raw(path);
        expect(first.status, path).toBe(200);
        const etag = first.headers.get('etag');
        expect(etag, path).toMatch(/^"[0-9a-f]{16}-[0-9a-z]+"$/);
        expect(first.headers.get('cache-control'), path).toBe('no-cache');
        const again = await c.raw(path, { headers: { 'if-none-match': etag! } });
        expect(again.status, path).toBe(304);
        expect(await again.text(), path).toBe('');
        const other = await c.raw(path, { headers: { 'if-none-match': '"something-else"' } });
        expect(other.status, path).toBe(200);
        expect(await other.json()).toEqual(await (await c.raw(path)).json());
      }
    });

    it('a catalogue write changes the tags of the answers it changes', async () => {
      const admin = await c.adminToken();
      const before = await c.raw('/categories');
      const etag = before.headers.get('etag')!;
      const created = await c.call('createCategory', {
        token: admin,
        body: { name: `Caps ${Date.now()}`, image: PNG_DATA_URL },
      });
      expect(created.status).toBe(201);
      const after = await c.raw('/categories', { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(((await after.json()) as { id: number }[]).map((x) => x.id)).toContain(created.body.id);
      await c.call('deleteCategory', { token: admin, params: { id: created.body.id as number } });
    });
  });
}

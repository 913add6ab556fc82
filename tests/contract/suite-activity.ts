/**
 * The activity log (issue 15), against Koa and MSW: each admin write (product, category, order status,
 * stock, image) leaves exactly one entry with the right before and after; a refused write leaves none;
 * the list filters and pages newest first; shoppers get 403 and visitors 401.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '#contract/schemas/activity';
import type { ContractClient } from './client';
import { PNG_DATA_URL } from './client';

const today = (): string => new Date().toISOString().slice(0, 10);

export function activitySuite(c: ContractClient): void {
  describe('activity log', () => {
    let admin = '';
    let adminId = 0;
    beforeAll(async () => {
      admin = await c.adminToken();
      adminId = (await c.call('me', { token: admin })).body.id as number;
    });

    const page = async (query: Record<string, string | number> = {}): Promise<ActivityPage> => {
      const r = await c.call<ActivityPage>('listActivity', { token: admin, query: { limit: 100, ...query } });
      expect(r.status).toBe(200);
      return r.body;
    };
    /** Runs `write` and returns the entries it added: the newest ones, by the total's growth. */
    const entriesOf = async (write: () => Promise<unknown>): Promise<ActivityEntry[]> => {
      const before = (await page({ limit: 1 })).total;
      await write();
      const after = await page();
      return after.items.slice(0, after.total - before);
    };
    const change = (e: ActivityEntry, field: string) => e.changes.find((ch) => ch.field === field);

    const form = {
      title: 'Activity Tee',
      description: '<p>Soft cotton</p>',
      sku: '',
      category: '',
      image: PNG_DATA_URL,
      regular_price: 20,
      sale_price: null,
      sizes: ['S', 'M'],
      colors: ['teal'],
      inventory: [
        { size: 'S', color: 'teal', quantity: 4 },
        { size: 'M', color: 'teal', quantity: 2 },
      ],
    };

    it('a product write leaves one entry each: create, price, stock, images, delete, with before and after', async () => {
      let id = 0;
      const [created, ...more] = await entriesOf(async () => {
        const r = await c.call('createProduct', { token: admin, body: form });
        expect(r.status).toBe(201);
        id = r.body.id as number;
      });
      expect(more).toEqual([]);
      expect(created).toMatchObject({
        action: 'create',
        entity: 'product',
        entity_id: id,
        label: 'Activity Tee',
        actor: { id: adminId },
      });
      expect(change(created!, 'title')).toEqual({ field: 'title', before: null, after: 'Activity Tee' });
      expect(change(created!, 'regular_price')).toEqual({ field: 'regular_price', before: null, after: 20 });
      expect(change(created!, 'stock S / teal')).toEqual({ field: 'stock S / teal', before: null, after: 4 });

      const [priced, ...none] = await entriesOf(() =>
        c.call('updateProduct', {
          token: admin,
          params: { id },
          body: { ...form, image: '', regular_price: 24.5 },
        }),
      );
      expect(none).toEqual([]);
      expect(priced).toMatchObject({ action: 'update', entity_id: id });
      // Only what changed: the price (the stock cells sent again are the same units).
      expect(priced!.changes).toEqual([{ field: 'regular_price', before: 20, after: 24.5 }]);

      const [stocked] = await entriesOf(() =>
        c.call('updateProduct', {
          token: admin,
          params: { id },
          body: {
            ...form,
            image: '',
            regular_price: 24.5,
            inventory: [{ size: 'M', color: 'teal', quantity: 9 }],
          },
        }),
      );
      expect(stocked!.changes).toEqual([{ field: 'stock M / teal', before: 2, after: 9 }]);

      const [imaged] = await entriesOf(() =>
        c.call('addProductImages', { token: admin, params: { id }, body: { images: [PNG_DATA_URL] } }),
      );
      const images = change(imaged!, 'images');
      expect(images?.before).toEqual([]);
      expect(images?.after).toHaveLength(1);

      const [deleted] = await entriesOf(() => c.call('deleteProduct', { token: admin, params: { id } }));
      expect(deleted).toMatchObject({
        action: 'delete',
        entity: 'product',
        entity_id: id,
        label: 'Activity Tee',
      });
      expect(change(deleted!, 'regular_price')).toEqual({
        field: 'regular_price',
        before: 24.5,
        after: null,
      });
    });

    it('an edit that sends no short description keeps it, and long size and colour names keep their whole field name', async () => {
      const size = 'S'.repeat(40);
      const color = 'c'.repeat(40);
      const own = {
        ...form,
        short_description: 'In our own words',
        sizes: [size],
        colors: [color],
        inventory: [{ size, color, quantity: 1 }],
      };
      const r = await c.call('createProduct', { token: admin, body: own });
      expect(r.status).toBe(201);
      const id = r.body.id as number;
      const { short_description: _own, ...adminForm } = own;
      const [priced, ...none] = await entriesOf(() =>
        c.call('updateProduct', {
          token: admin,
          params: { id },
          body: { ...adminForm, image: '', regular_price: 21, inventory: [{ size, color, quantity: 3 }] },
        }),
      );
      expect(none).toEqual([]);
      expect(priced!.changes).toEqual([
        { field: 'regular_price', before: 20, after: 21 },
        { field: `stock ${size} / ${color}`, before: 1, after: 3 },
      ]);
      expect((await c.call('getProduct', { params: { id } })).body.short_description).toBe(
        'In our own words',
      );
      await c.call('deleteProduct', { token: admin, params: { id } });
    });

    it('a refused write leaves no entry, and neither does a write that changes nothing', async () => {
      const refused = await entriesOf(async () => {
        const r = await c.call('createProduct', { token: admin, body: { ...form, regular_price: -1 } });
        expect(r.status).toBe(400);
      });
      expect(refused).toEqual([]);
      const id = (await c.call('createProduct', { token: admin, body: form })).body.id as number;
      const same = await entriesOf(() =>
        c.call('updateProduct', { token: admin, params: { id }, body: { ...form, image: '' } }),
      );
      expect(same).toEqual([]);
    });

    it('category writes and order status changes leave their entries', async () => {
      let catId = 0;
      const [made] = await entriesOf(async () => {
        catId = (
          await c.call('createCategory', {
            token: admin,
            body: { name: 'Activity Cat', image: PNG_DATA_URL },
          })
        ).body.id as number;
      });
      expect(made).toMatchObject({
        action: 'create',
        entity: 'category',
        entity_id: catId,
        label: 'Activity Cat',
      });
      const [renamed] = await entriesOf(() =>
        c.call('updateCategory', {
          token: admin,
          params: { id: catId },
          body: { name: 'Activity Kit', slug: '' },
        }),
      );
      expect(change(renamed!, 'name')).toEqual({
        field: 'name',
        before: 'Activity Cat',
        after: 'Activity Kit',
      });
      const [gone] = await entriesOf(() => c.call('deleteCategory', { token: admin, params: { id: catId } }));
      expect(gone).toMatchObject({ action: 'delete', entity: 'category', entity_id: catId });

      const productId = (await c.call('createProduct', { token: admin, body: form })).body.id as number;
      const shopper = await c.seededShopper(0);
      // A shopper's order is not an admin write: no entry.
      let orderId = 0;
      const placed = await entriesOf(async () => {
        orderId = await c.placeOrder(shopper.token, [
          { productId, qty: 1, selectedSize: 'S', selectedColor: 'teal' },
        ]);
      });
      expect(placed).toEqual([]);
      const [status] = await entriesOf(() =>
        c.call('updateOrderStatus', { token: admin, params: { id: orderId }, body: { status: 'shipped' } }),
      );
      expect(status).toMatchObject({
        action: 'status',
        entity: 'order',
        entity_id: orderId,
        label: `Order #${orderId}`,
        actor: { id: adminId },
        changes: [{ field: 'status', before: 'pending', after: 'shipped' }],
      });
    });

    it('filters by entity, actor and days, pages newest first', async () => {
      const all = await page();
      expect(all.total).toBeGreaterThanOrEqual(5);
      const stamps = all.items.map((e) => e.at);
      expect(stamps).toEqual([...stamps].sort().reverse());
      expect(all.actors).toContainEqual(expect.objectContaining({ id: adminId }));

      const orders = await page({ entity: 'order' });
      expect(orders.total).toBeGreaterThanOrEqual(1);
      expect(orders.items.every((e) => e.entity === 'order')).toBe(true);
      expect((await page({ entity: 'category' })).items.every((e) => e.entity === 'category')).toBe(true);

      expect((await page({ actor: adminId })).total).toBe(all.total);
      expect((await page({ actor: 987_654 })).total).toBe(0);
      expect((await page({ from: today(), to: today() })).total).toBe(all.total);
      expect((await page({ from: '2001-01-01', to: '2001-12-31' })).total).toBe(0);

      const second = await page({ limit: 2, page: 2 });
      expect(second.total).toBe(all.total);
      expect(second.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    });

    it('refuses bad filters with 400, shoppers with 403 and visitors with 401', async () => {
      const bad: Record<string, string | number>[] = [
        { entity: 'user' },
        { from: '2024-02-30' },
        { limit: 1000 },
        { actor: 'x' },
      ];
      for (const query of bad) {
        const r = await c.call('listActivity', { token: admin, query });
        expect(r.status, JSON.stringify(query)).toBe(400);
      }
      const shopper = await c.seededShopper(1);
      expect(await c.status('listActivity', { token: shopper.token })).toBe(403);
      expect(await c.status('listActivity')).toBe(401);
    });
  });
}

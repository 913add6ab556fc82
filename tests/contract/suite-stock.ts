/**
 * Stock per size × colour, back-in-stock requests and notifications (issue 14), against Koa and MSW.
 * Each test works on products it creates, so the order of tests and the seeded catalogue do not matter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { SHIPPING, teeForm } from './client';

type Line = { size: string; color: string; quantity: number };

/** Waits until `check` holds: notifications are written just after the write that restocked lands. */
async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function stockSuite(c: ContractClient): void {
  describe('stock, back-in-stock requests and notifications', () => {
    let admin = '';
    // Two shoppers for the whole suite: registration has a budget per address (RATE_LIMITS.register).
    let ann = { token: '', id: 0 };
    let bob = { token: '', id: 0 };

    const form = teeForm;
    const create = async (
      inventory: Line[] | undefined,
      over: Record<string, unknown> = {},
    ): Promise<number> => {
      const r = await c.call('createProduct', {
        token: admin,
        body: form({ title: 'Stock Tee', inventory, ...over }),
      });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };
    const update = (id: number, body: Record<string, unknown>) =>
      c.call('updateProduct', { token: admin, params: { id }, body: form({ title: 'Stock Tee', ...body }) });
    const shown = async (id: number) =>
      (await c.call('getProduct', { params: { id } })).body.inventory as Line[] | undefined;
    const exact = async (id: number) =>
      (await c.call('productStock', { token: admin, params: { id } })).body as {
        tracked: boolean;
        variants: { size: string; color: string; quantity: number | null; waiting: number }[];
      };
    const left = async (id: number, size: string, color = 'red') =>
      (await exact(id)).variants.find((v) => v.size === size && v.color === color)?.quantity;
    const line = (productId: number, qty: number, size = 'S', color = 'red') => ({
      productId,
      qty,
      selectedSize: size,
      selectedColor: color,
    });
    const place = (token: string, cart: unknown[]) =>
      c.call('placeOrder', { token, body: { cart, shipping_address: SHIPPING, payment_method: 'cod' } });
    const setStatus = (id: number, status: string) =>
      c.call('updateOrderStatus', { token: admin, params: { id }, body: { status } });

    beforeAll(async () => {
      admin = await c.adminToken();
      const a = await c.seededShopper(0);
      const b = await c.seededShopper(1);
      ann = { token: a.token, id: a.id };
      bob = { token: b.token, id: b.id };
    });

    it('a product created with inventory shows its units; the admin sees exact units; shoppers get 403', async () => {
      const id = await create([
        { size: 'S', color: 'red', quantity: 5 },
        { size: 'M', color: 'red', quantity: 250 },
      ]);
      expect(await shown(id)).toEqual([
        { size: 'S', color: 'red', quantity: 5 },
        // Public answers cap each variant at the most one cart line can hold.
        { size: 'M', color: 'red', quantity: 100 },
      ]);
      expect(await exact(id)).toEqual({
        tracked: true,
        variants: [
          { size: 'S', color: 'red', quantity: 5, waiting: 0 },
          { size: 'M', color: 'red', quantity: 250, waiting: 0 },
        ],
      });
      expect(await c.status('productStock', { token: ann.token, params: { id } })).toBe(403);
      expect(await c.status('productStock', { params: { id } })).toBe(401);
    });

    it('a product without inventory stays untracked: no inventory in its answer, any quantity orderable', async () => {
      const id = await create(undefined);
      expect(await shown(id)).toBeUndefined();
      expect((await exact(id)).tracked).toBe(false);
      expect((await place(ann.token, [line(id, 50)])).status).toBe(201);
    });

    it('an order takes its units; asking for more than is left is a 409 naming each short line, and takes nothing', async () => {
      const id = await create([
        { size: 'S', color: 'red', quantity: 3 },
        { size: 'M', color: 'red', quantity: 4 },
      ]);
      expect((await place(ann.token, [line(id, 2)])).status).toBe(201);
      expect(await left(id, 'S')).toBe(1);
      expect((await shown(id))?.find((l) => l.size === 'S')?.quantity).toBe(1);

      const refused = await place(bob.token, [line(id, 2, 'M'), line(id, 2, 'S')]);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('out_of_stock');
      expect(refused.body.fields).toEqual({ 'cart.1.qty': 'Only 1 left' });
      expect(refused.body.lines).toEqual([
        { line: 1, product_id: id, size: 'S', color: 'red', requested: 2, available: 1 },
      ]);
      // Nothing was taken, not even the line that fitted.
      expect(await left(id, 'M')).toBe(4);
      expect(await left(id, 'S')).toBe(1);
      // A tracked size × colour without a line has nothing to sell.
      const none = await create([{ size: 'S', color: 'red', quantity: 1 }]);
      const r = await place(ann.token, [line(none, 1, 'M')]);
      expect(r.status).toBe(409);
      expect(r.body.lines[0]).toMatchObject({ size: 'M', available: 0 });
      expect(r.body.fields['cart.0.qty']).toBe('Sold out');
    });

    it('repeated lines of one variant are counted together', async () => {
      const id = await create([{ size: 'S', color: 'red', quantity: 3 }]);
      const r = await place(ann.token, [line(id, 2), line(id, 2)]);
      expect(r.status).toBe(409);
      expect(r.body.lines).toEqual([
        { line: 0, product_id: id, size: 'S', color: 'red', requested: 4, available: 3 },
      ]);
      expect((await place(ann.token, [line(id, 2), line(id, 1)])).status).toBe(201);
      expect(await left(id, 'S')).toBe(0);
    });

    it('cancelling puts the units back; leaving cancelled takes them again, or is refused once they are gone', async () => {
      const id = await create([{ size: 'S', color: 'red', quantity: 2 }]);
      const first = await place(ann.token, [line(id, 2)]);
      expect(first.status).toBe(201);
      const orderId = first.body.orderId as number;
      expect(await left(id, 'S')).toBe(0);

      expect((await setStatus(orderId, 'cancelled')).status).toBe(200);
      expect(await left(id, 'S')).toBe(2);
      expect((await setStatus(orderId, 'pending')).status).toBe(200);
      expect(await left(id, 'S')).toBe(0);

      expect((await setStatus(orderId, 'cancelled')).status).toBe(200);
      expect((await place(bob.token, [line(id, 1)])).status).toBe(201);
      const back = await setStatus(orderId, 'processing');
      expect(back.status).toBe(409);
      expect(back.body.code).toBe('out_of_stock');
      expect(back.body.lines).toEqual([
        { line: 0, product_id: id, size: 'S', color: 'red', requested: 2, available: 1 },
      ]);
      // Refused: the order stays cancelled and the unit left stays.
      expect((await c.call('getOrder', { token: admin, params: { id: orderId } })).body.status).toBe(
        'cancelled',
      );
      expect(await left(id, 'S')).toBe(1);
    });

    it('the admin sets only the cells it sends; a form without inventory keeps the stock; null stops tracking', async () => {
      const id = await create([
        { size: 'S', color: 'red', quantity: 3 },
        { size: 'M', color: 'red', quantity: 3 },
      ]);
      expect((await place(ann.token, [line(id, 1, 'M')])).status).toBe(201);
      // The admin's count of S is "10 left now"; M keeps what the order left.
      expect((await update(id, { inventory: [{ size: 'S', color: 'red', quantity: 10 }] })).status).toBe(200);
      expect(await left(id, 'S')).toBe(10);
      expect(await left(id, 'M')).toBe(2);
      expect((await update(id, { regular_price: 25 })).status).toBe(200);
      expect(await left(id, 'S')).toBe(10);
      expect(await left(id, 'M')).toBe(2);
      expect((await place(ann.token, [line(id, 4)])).status).toBe(201);
      expect(await left(id, 'S')).toBe(6);

      expect((await update(id, { inventory: null })).status).toBe(200);
      expect(await shown(id)).toBeUndefined();
      expect((await place(ann.token, [line(id, 60, 'M')])).status).toBe(201);
      // Tracking again starts from what the admin says is left now, whatever was sold meanwhile.
      expect((await update(id, { inventory: [{ size: 'M', color: 'red', quantity: 1 }] })).status).toBe(200);
      expect(await left(id, 'M')).toBe(1);
      expect(await left(id, 'S')).toBe(0);
    });

    it("stock lines must name the form's sizes and colours, once each, with whole units", async () => {
      const bad = async (inventory: unknown) =>
        (await c.call('createProduct', { token: admin, body: form({ title: 'Bad Stock', inventory }) }))
          .status;
      expect(await bad([{ size: 'XL', color: 'red', quantity: 1 }])).toBe(400);
      expect(await bad([{ size: 'S', color: 'blue', quantity: 1 }])).toBe(400);
      expect(await bad([{ size: 'S', color: 'red', quantity: -1 }])).toBe(400);
      expect(await bad([{ size: 'S', color: 'red', quantity: 1.5 }])).toBe(400);
      expect(await bad([{ size: 'S', color: 'red', quantity: 2_000_000 }])).toBe(400);
      expect(
        await bad([
          { size: 'S', color: 'red', quantity: 1 },
          { size: 'S', color: 'red', quantity: 2 },
        ]),
      ).toBe(400);
      const noOptions = await create([{ size: '', color: '', quantity: 4 }], { sizes: [], colors: [] });
      expect(await shown(noOptions)).toEqual([{ size: '', color: '', quantity: 4 }]);
      expect((await place(ann.token, [line(noOptions, 5, '', '')])).status).toBe(409);
    });

    it("Notify me when it's back: idempotent, only for a sold-out variant; a restock notifies each waiting shopper once", async () => {
      const id = await create([
        { size: 'S', color: 'red', quantity: 0 },
        { size: 'M', color: 'red', quantity: 5 },
      ]);
      const notify = (token: string | undefined, body: Record<string, unknown>, pid = id) =>
        c.call('notifyMe', { token, params: { id: pid }, body });
      expect((await notify(undefined, { size: 'S', color: 'red' })).status).toBe(401);
      const inStock = await notify(ann.token, { size: 'M', color: 'red' });
      expect(inStock.status).toBe(409);
      expect(inStock.body.code).toBe('conflict');
      expect((await notify(ann.token, { size: 'XL', color: 'red' })).status).toBe(400);
      expect((await notify(ann.token, { size: 'S', color: 'red' }, 999_999)).status).toBe(404);

      const [one, two] = await Promise.all([
        notify(ann.token, { size: 'S', color: 'red' }),
        notify(ann.token, { size: 'S', color: 'red' }),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect((await notify(bob.token, { size: 'S', color: 'red' })).status).toBe(200);
      const mine = await c.call('myStockRequests', { token: ann.token });
      expect(mine.body.filter((r: { product_id: number }) => r.product_id === id)).toEqual([
        { product_id: id, size: 'S', color: 'red', created_at: expect.any(String) },
      ]);
      expect((await exact(id)).variants.find((v) => v.size === 'S')?.waiting).toBe(2);

      const before = (await c.call('listNotifications', { token: ann.token })).body.length as number;
      expect((await update(id, { inventory: [{ size: 'S', color: 'red', quantity: 3 }] })).status).toBe(200);
      const mineFor = async (token: string) =>
        (
          (await c.call('listNotifications', { token })).body as { id: number; product: { id: number } }[]
        ).filter((n) => n.product.id === id);
      // Notifications are written first and the requests removed after (alerts.ts): wait for both.
      const requestsLeft = async () =>
        (await c.call('myStockRequests', { token: ann.token })).body.some(
          (r: { product_id: number }) => r.product_id === id,
        ) as boolean;
      await eventually(
        async () =>
          (await mineFor(ann.token)).length === 1 &&
          (await mineFor(bob.token)).length === 1 &&
          !(await requestsLeft()),
      );
      const [note] = await mineFor(ann.token);
      const list = (await c.call('listNotifications', { token: ann.token })).body;
      expect(list).toHaveLength(before + 1);
      expect(list[0]).toEqual({
        id: note!.id,
        product: { id, title: 'Stock Tee', featured_image: expect.any(String) },
        size: 'S',
        color: 'red',
        created_at: expect.any(String),
        read: false,
      });
      // Delivered requests are gone; a second restock notifies nobody again.
      expect(await requestsLeft()).toBe(false);
      expect((await exact(id)).variants.find((v) => v.size === 'S')?.waiting).toBe(0);
      expect((await update(id, { inventory: [{ size: 'S', color: 'red', quantity: 9 }] })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      expect(await mineFor(ann.token)).toHaveLength(1);

      // Read: only by its owner.
      expect((await c.call('readNotification', { token: bob.token, params: { id: note!.id } })).status).toBe(
        404,
      );
      const read = await c.call('readNotification', { token: ann.token, params: { id: note!.id } });
      expect(read.status).toBe(200);
      expect(read.body.read).toBe(true);
      expect((await mineFor(ann.token))[0]).toMatchObject({ read: true });
      expect(await c.status('listNotifications')).toBe(401);
    });

    it('an order cancelled back into stock notifies the shoppers waiting for it', async () => {
      const id = await create([{ size: 'M', color: 'red', quantity: 1 }]);
      const order = await place(ann.token, [line(id, 1, 'M')]);
      expect(order.status).toBe(201);
      expect(
        (await c.call('notifyMe', { token: bob.token, params: { id }, body: { size: 'M', color: 'red' } }))
          .status,
      ).toBe(200);
      expect((await setStatus(order.body.orderId, 'cancelled')).status).toBe(200);
      await eventually(async () =>
        (
          (await c.call('listNotifications', { token: bob.token })).body as { product: { id: number } }[]
        ).some((n) => n.product.id === id),
      );
    });
  });
}

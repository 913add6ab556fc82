import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { PNG_DATA_URL, SHIPPING } from './client';
import { orderPagesTests } from './suite-order-pages';

export function ordersSuite(c: ContractClient): void {
  describe('orders and reports', () => {
    let admin = '';
    // A shopper who never orders, to probe other people's orders. Shared because registration has a
    // budget per address (RATE_LIMITS.register) that the whole contract suite must stay under.
    let stranger = '';
    let tee = 0;
    let tote = 0;
    const line = (over: Record<string, unknown> = {}) => ({
      productId: tee,
      sizeId: null,
      qty: 2,
      price: 0.01,
      selectedSize: 'M',
      selectedColor: '#0000ff',
      ...over,
    });
    const place = (
      token: string,
      cart: unknown[],
      extra: Record<string, unknown> = {},
      headers?: Record<string, string>,
    ) =>
      c.call('placeOrder', {
        token,
        headers,
        body: { cart, shipping_address: SHIPPING, payment_method: 'cod', ...extra },
      });

    beforeAll(async () => {
      admin = await c.adminToken();
      stranger = (await c.newShopper()).token;
      // Every product has an image; a sale price, sizes and colours only when `product` gives them.
      const form = { description: '', sku: '', category: '', image: PNG_DATA_URL };
      const create = async (product: Record<string, unknown>): Promise<number> => {
        const body = { ...form, sale_price: null, sizes: [], colors: [], ...product };
        return (await c.call('createProduct', { token: admin, body })).body.id;
      };
      tee = await create({
        title: 'Order Tee',
        regular_price: 40,
        sale_price: 30,
        sizes: ['S', 'M'],
        colors: ['#ff0000', '#0000ff'],
      });
      tote = await create({ title: 'Order Tote', regular_price: 10.1 });
    });

    it('POST /orders: 201 with the catalogue price; the order shows in /orders/my with its items', async () => {
      const s = await c.newShopper();
      const r = await place(s.token, [
        line(),
        line({ productId: tote, qty: 3, selectedSize: '', selectedColor: '' }),
      ]);
      expect(r.status).toBe(201);
      const mine = await c.call('myOrders', { token: s.token });
      expect(mine.status).toBe(200);
      expect(mine.body).toHaveLength(1);
      // 2 x 30 (sale price) + 3 x 10.10 + 20 shipping: the client's 0.01 is ignored.
      expect(mine.body[0]).toMatchObject({
        id: r.body.orderId,
        user_id: s.id,
        total: 110.3,
        status: 'pending',
        payment_method: 'cod',
        name: 'Test Shopper',
        email: 'test@example.test',
      });
      const items = await c.call('orderItems', { token: s.token, params: { id: r.body.orderId } });
      expect(items.status).toBe(200);
      expect(
        items.body.map(
          (i: { product_id: number; qty: number; price: number; size: string; color: string }) => [
            i.product_id,
            i.qty,
            i.price,
            i.size,
            i.color,
          ],
        ),
      ).toEqual([
        [tee, 2, 30, 'M', '#0000ff'],
        [tote, 3, 10.1, '', ''],
      ]);
    });

    it('POST /orders: 401 without a token; 400 for bad lines, payment method or address', async () => {
      const s = await c.newShopper();
      expect((await place('', [line()])).status).toBe(401);
      for (const bad of [
        { qty: 0 },
        { qty: -1 },
        { qty: 1.5 },
        { qty: 101 },
        { productId: 999_999 },
        { selectedSize: 'XXL' },
        { selectedColor: 'green' },
      ]) {
        expect((await place(s.token, [line(bad)])).status, JSON.stringify(bad)).toBe(400);
      }
      expect(
        (await place(s.token, [line({ productId: tote, selectedSize: 'M', selectedColor: '' })])).status,
      ).toBe(400);
      expect((await place(s.token, [])).status).toBe(400);
      expect((await place(s.token, [line()], { payment_method: 'card' })).status).toBe(400);
      const noCity = await place(s.token, [line()], {
        shipping_address: JSON.stringify({ ...JSON.parse(SHIPPING), city: ' ' }),
      });
      expect(noCity.status).toBe(400);
      expect(noCity.body.fields.city).toBe('Town/City is required');
      const phone = await place(s.token, [line()], {
        shipping_address: JSON.stringify({ ...JSON.parse(SHIPPING), phone: '12-34' }),
      });
      expect(phone.body.fields.phone).toBe('Invalid phone format');
      expect((await place(s.token, [line()], { shipping_address: 'not json' })).status).toBe(400);
      expect((await c.call('myOrders', { token: s.token })).body).toEqual([]);
    });

    it('an Idempotency-Key retry returns the same order', async () => {
      const s = await c.newShopper();
      const key = `k-${Date.now()}`;
      const a = await place(s.token, [line()], {}, { 'Idempotency-Key': key });
      const b = await place(s.token, [line()], {}, { 'Idempotency-Key': key });
      expect(a.status).toBe(201);
      expect(b.body.orderId).toBe(a.body.orderId);
      expect((await c.call('myOrders', { token: s.token })).body).toHaveLength(1);
      const other = await c.newShopper();
      expect((await place(other.token, [line()], {}, { 'Idempotency-Key': key })).body.orderId).not.toBe(
        a.body.orderId,
      );
    });

    it("GET /orders/my: only the caller's orders; 401 without a token", async () => {
      const a = await c.newShopper();
      await place(a.token, [line()]);
      expect((await c.call('myOrders', { token: stranger })).body).toEqual([]);
      expect((await c.call('myOrders')).status).toBe(401);
    });

    it('GET /orders/:id/items: owner and admin 200; another shopper and a missing order 404', async () => {
      const a = await c.newShopper();
      const id = (await place(a.token, [line()])).body.orderId as number;
      expect((await c.call('orderItems', { token: admin, params: { id } })).status).toBe(200);
      // The owner reads the lines as placed, each with its product's current picture (an extra of ours).
      const own = await c.call('orderItems', { token: a.token, params: { id } });
      expect(own.status).toBe(200);
      const product = (await c.call('getProduct', { params: { id: tee } })).body;
      expect(product.featured_image).toEqual(expect.any(String));
      expect(own.body).toEqual([
        expect.objectContaining({ product_id: tee, qty: 2, size: 'M', color: '#0000ff', price: 30 }),
      ]);
      expect(own.body[0].image).toBe(product.featured_image);
      expect((await c.call('orderItems', { token: stranger, params: { id } })).status).toBe(404);
      expect((await c.call('orderItems', { token: a.token, params: { id: 999_999 } })).status).toBe(404);
      expect((await c.call('orderItems', { params: { id } })).status).toBe(401);
    });

    it('GET /orders/:id: owner and admin 200; another shopper and a missing order 404 alike', async () => {
      const a = await c.newShopper();
      const id = (await place(a.token, [line()])).body.orderId as number;
      const own = await c.call('getOrder', { token: a.token, params: { id } });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({
        id,
        user_id: a.id,
        total: 80,
        status: 'pending',
        payment_method: 'cod',
      });
      // The public order shape: the stored items, idempotency key and request hash stay inside.
      expect(Object.keys(own.body).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'name',
        'payment_method',
        'shipping_address',
        'status',
        'status_history',
        'total',
        'user_id',
      ]);
      const asAdmin = await c.call('getOrder', { token: admin, params: { id } });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toEqual(own.body);
      const other = await c.call('getOrder', { token: stranger, params: { id } });
      expect(other.status).toBe(404);
      const missing = await c.call('getOrder', { token: stranger, params: { id: 999_999 } });
      expect(missing.status).toBe(404);
      // Someone else's order and a missing one cannot be told apart.
      expect(other.body).toEqual(missing.body);
      expect((await c.call('getOrder', { token: admin, params: { id: 999_999 } })).status).toBe(404);
      expect((await c.call('getOrder', { params: { id } })).status).toBe(401);
      // /orders/my is still the caller's list, not an order with the id "my".
      expect((await c.call('myOrders', { token: a.token })).body).toEqual([own.body]);
    });

    it('GET /orders: all orders for an admin; 403 shopper; 401 anonymous', async () => {
      const s = await c.newShopper();
      const id = (await place(s.token, [line()])).body.orderId as number;
      const r = await c.call('listOrders', { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.some((o: { id: number }) => o.id === id)).toBe(true);
      expect((await c.call('listOrders', { token: s.token })).status).toBe(403);
      expect((await c.call('listOrders')).status).toBe(401);
    });

    it('PUT /orders/:id/status records who changed what; 400 bad status; 404; 403', async () => {
      const s = await c.newShopper();
      const id = (await place(s.token, [line()])).body.orderId as number;
      const r = await c.call('updateOrderStatus', {
        token: admin,
        params: { id },
        body: { status: 'shipped' },
      });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('shipped');
      expect(r.body.status_history).toHaveLength(1);
      expect(r.body.status_history[0]).toMatchObject({ from: 'pending', to: 'shipped' });
      expect(typeof r.body.status_history[0].admin_name).toBe('string');
      // The shopper reads when and what changed, never which administrator did it.
      for (const seen of [
        (await c.call('getOrder', { token: s.token, params: { id } })).body,
        (await c.call('myOrders', { token: s.token })).body.find((o: { id: number }) => o.id === id),
      ]) {
        expect(seen.status_history).toEqual([
          { at: r.body.status_history[0].at, from: 'pending', to: 'shipped' },
        ]);
      }
      expect(
        (await c.call('getOrder', { token: admin, params: { id } })).body.status_history[0],
      ).toHaveProperty('admin_name');
      expect(
        (await c.call('updateOrderStatus', { token: admin, params: { id }, body: { status: 'lost' } }))
          .status,
      ).toBe(400);
      expect(
        (
          await c.call('updateOrderStatus', {
            token: admin,
            params: { id: 999_999 },
            body: { status: 'shipped' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await c.call('updateOrderStatus', { token: s.token, params: { id }, body: { status: 'completed' } }))
          .status,
      ).toBe(403);
    });

    it('GET /admin/sales-report counts every order but the cancelled ones; 403 shopper; 401 anonymous', async () => {
      const before = (await c.call('salesReport', { token: admin })).body;
      const s = await c.newShopper();
      await place(s.token, [line({ qty: 5 })]);
      const gone = (await place(s.token, [line({ qty: 7 })])).body.orderId as number;
      await c.call('updateOrderStatus', {
        token: admin,
        params: { id: gone },
        body: { status: 'cancelled' },
      });
      const after = await c.call('salesReport', { token: admin });
      expect(after.status).toBe(200);
      expect(after.body.stats.orders_count).toBe(before.stats.orders_count + 1);
      expect(Math.round((after.body.stats.total_sales - before.stats.total_sales) * 100)).toBe(17000);
      const qty = (r: { best_selling: { product_id: number; total_qty: number }[] }) =>
        r.best_selling.find((b) => b.product_id === tee)?.total_qty ?? 0;
      expect(qty(after.body) - qty(before)).toBe(5);
      expect((await c.call('salesReport', { token: s.token })).status).toBe(403);
      expect((await c.call('salesReport')).status).toBe(401);
    });

    orderPagesTests(c, () => ({ admin, stranger, tee, tote }));
  });
}

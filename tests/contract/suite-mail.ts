/**
 * Mail and account recovery (issue 26): the same answers from Koa (mails kept: no SMTP_URL in the test
 * server) and MSW (the demo keeps every mail). Forgot password answers before it writes, so the mailbox
 * is polled for the reset mail; the token is read from the mail's text as a shopper would follow it.
 */
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '#contract/schemas/mail';
import type { ContractClient } from './client';

/** The newest mail of `kind` to `to` (polled: forgot password writes after it answers). */
async function mailTo(c: ContractClient, admin: string, to: string, kind: string, after = 0) {
  for (let i = 0; i < 200; i++) {
    const list = await c.call('adminMailList', { token: admin, query: { limit: 100 } });
    const found = (list.body.items as { id: number; to: string; kind: string }[]).find(
      (m) => m.to === to && m.kind === kind && m.id > after,
    );
    if (found) return (await c.call('adminMail', { token: admin, params: { id: found.id } })).body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

const tokenIn = (text: string): string => /#token=([0-9a-f]{64})/.exec(text)?.[1] ?? '';

/**
 * A seeded shopper with its e-mail: the whole suite has used up the register budget by now. This suite
 * runs last, so resetting these shoppers' passwords disturbs no other suite.
 */
async function shopper(c: ContractClient, i: number) {
  const s = await c.seededShopper(i);
  const email = (await c.call('me', { token: s.token })).body.email as string;
  return { ...s, email };
}

/** The newest mail's id: mails the test waits for come after it (the seeded shoppers have older ones). */
async function newestMail(c: ContractClient, admin: string): Promise<number> {
  const list = await c.call('adminMailList', { token: admin, query: { limit: 1 } });
  return (list.body.items[0]?.id as number | undefined) ?? 0;
}

export function mailSuite(c: ContractClient): void {
  describe('mail and account recovery', () => {
    it('an order queues the confirmation and the owner alert; the mailbox lists and shows them; admins only', async () => {
      const admin = await c.adminToken();
      const form = { title: 'Mailbox Tee', regular_price: 30, sale_price: null, sizes: [], colors: [] };
      const productId = (await c.call('createProduct', { token: admin, body: form })).body.id as number;
      const s = await shopper(c, 0);
      const since = await newestMail(c, admin);
      const orderId = await c.placeOrder(s.token, [
        { productId, qty: 1, selectedSize: '', selectedColor: '' },
      ]);
      const confirmation = await mailTo(c, admin, s.email, 'order-confirmation', since);
      expect(confirmation).toMatchObject({ state: 'kept', account: false, attempts: 0 });
      expect(confirmation.subject).toContain(`#${orderId}`);
      expect(confirmation.text).toContain('Mailbox Tee');
      expect(confirmation.html).toContain('Mailbox Tee');
      const list = await c.call('adminMailList', { token: admin, query: { state: 'kept', limit: 100 } });
      expect(list.body.delivering).toBe(false);
      expect(
        list.body.items.some(
          (m: { kind: string; subject: string }) =>
            m.kind === 'new-order' && m.subject.includes(`#${orderId}`),
        ),
      ).toBe(true);
      expect((await c.call('adminMailList', { token: s.token })).status).toBe(403);
      expect((await c.call('adminMailList')).status).toBe(401);
      expect((await c.call('adminMail', { token: admin, params: { id: 999_999 } })).status).toBe(404);
      // Only a failed mail can be retried.
      expect((await c.call('adminMailRetry', { token: admin, params: { id: confirmation.id } })).status).toBe(
        409,
      );
      expect((await c.call('adminMailList', { token: admin, query: { limit: 101 } })).status).toBe(400);
    });

    it('status news goes to the shopper when an order ships; back in stock links to the product with its size and colour', async () => {
      const admin = await c.adminToken();
      const body = {
        title: 'News Tee',
        regular_price: 25,
        sale_price: null,
        sizes: ['S'],
        colors: ['red'],
        inventory: [{ size: 'S', color: 'red', quantity: 0 }],
      };
      const productId = (await c.call('createProduct', { token: admin, body })).body.id as number;
      const s = await shopper(c, 0);
      const since = await newestMail(c, admin);
      expect(
        (
          await c.call('notifyMe', {
            token: s.token,
            params: { id: productId },
            body: { size: 'S', color: 'red' },
          })
        ).status,
      ).toBe(200);
      const restock = { ...body, inventory: [{ size: 'S', color: 'red', quantity: 5 }] };
      expect(
        (await c.call('updateProduct', { token: admin, params: { id: productId }, body: restock })).status,
      ).toBe(200);
      const back = await mailTo(c, admin, s.email, 'back-in-stock', since);
      expect(back.subject).toBe('Back in stock: News Tee');
      expect(back.text).toContain(`/product/${productId}?size=S&color=red`);

      const orderId = await c.placeOrder(s.token, [
        { productId, qty: 1, selectedSize: 'S', selectedColor: 'red' },
      ]);
      const status = { status: 'shipped' };
      expect(
        (await c.call('updateOrderStatus', { token: admin, params: { id: orderId }, body: status })).status,
      ).toBe(200);
      const news = await mailTo(c, admin, s.email, 'order-status', since);
      expect(news.subject).toBe(`Your order #${orderId} is on its way`);
    });

    it('forgot password answers alike for unknown and known addresses; the link resets once, ends old sessions, and does not sign in', async () => {
      const admin = await c.adminToken();
      const s = await shopper(c, 1);
      const unknown = await c.call('forgotPassword', {
        body: { email: `nobody-${Date.now()}@example.test` },
      });
      const known = await c.call('forgotPassword', { body: { email: s.email } });
      expect(unknown.status).toBe(202);
      expect(known.status).toBe(202);
      expect(known.body).toEqual(unknown.body);
      expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      const mail = await mailTo(c, admin, s.email, 'password-reset');
      expect(mail.account).toBe(true);
      const token = tokenIn(mail.text);
      expect(token).toHaveLength(64);

      const reset = await c.call('resetPassword', { body: { token, password: 'brand-new-pass' } });
      expect(reset.status).toBe(200);
      expect(reset.body).not.toHaveProperty('token');
      expect((await c.call('me', { token: s.token })).status).toBe(401);
      expect((await c.call('login', { body: { email: s.email, password: 'brand-new-pass' } })).status).toBe(
        200,
      );
      await mailTo(c, admin, s.email, 'password-changed');

      const again = await c.call('resetPassword', { body: { token, password: 'another-pass' } });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('invalid_token');
    });

    it('a newer request voids the older link; a bad token is refused; a short password is a field error', async () => {
      const admin = await c.adminToken();
      const s = await shopper(c, 0);
      await c.call('forgotPassword', { body: { email: s.email } });
      const first = await mailTo(c, admin, s.email, 'password-reset');
      await c.call('forgotPassword', { body: { email: s.email } });
      const second = await mailTo(c, admin, s.email, 'password-reset', first.id);
      const old = await c.call('resetPassword', {
        body: { token: tokenIn(first.text), password: 'new-pass-1' },
      });
      expect(old.status).toBe(400);
      expect(old.body.code).toBe('invalid_token');
      const short = await c.call('resetPassword', { body: { token: tokenIn(second.text), password: '123' } });
      expect(short.status).toBe(400);
      expect(short.body.fields.password).toBeTruthy();
      const bad = await c.call('resetPassword', { body: { token: 'f'.repeat(64), password: 'new-pass-1' } });
      expect(bad.body.code).toBe('invalid_token');
      expect((await c.call('resetPassword', { body: { token: 'xyz', password: 'new-pass-1' } })).status).toBe(
        400,
      );
      expect(
        (await c.call('resetPassword', { body: { token: tokenIn(second.text), password: 'new-pass-1' } }))
          .status,
      ).toBe(200);
    });
  });
}

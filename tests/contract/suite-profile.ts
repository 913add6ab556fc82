import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractClient } from './client';
import { ADDRESS, SHIPPING } from './client';

/**
 * Issue 27: the profile a shopper keeps. The register budget (RATE_LIMITS.register) is spent by the
 * suites before this one, so it works on the seeded shoppers and puts the first one back afterwards;
 * registration's phone rule is checked in suite-auth.ts.
 */
export function profileSuite(c: ContractClient): void {
  describe('profile (issue 27)', () => {
    let s = { token: '', id: 0 };
    let other = { token: '', id: 0 };
    let original = { name: '', email: '' };
    beforeAll(async () => {
      s = await c.seededShopper(0);
      other = await c.seededShopper(1);
      original = (await c.call('me', { token: s.token })).body;
    });
    // Its name back and no address; the phone stays (a seeded one may be blank, which the rule refuses).
    afterAll(async () => {
      await c.call('updateMe', { token: s.token, body: { name: original.name, saved_address: null } });
    });

    it('PUT /auth/me: name, phone and saved address round trip through GET /auth/me', async () => {
      const r = await c.call('updateMe', {
        token: s.token,
        body: {
          name: '  Robin Hood ',
          phone: ' 5550109876 ',
          saved_address: { ...ADDRESS, street: ' 1 Main St ' },
        },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        id: s.id,
        name: 'Robin Hood',
        phone: '5550109876',
        email: original.email,
        is_admin: 0,
      });
      expect(r.body.saved_address).toEqual(ADDRESS);
      expect((await c.call('me', { token: s.token })).body).toEqual(r.body);
      // Absent fields are kept; only the phone changes.
      const phoneOnly = await c.call('updateMe', { token: s.token, body: { phone: '5550101111' } });
      expect(phoneOnly.body).toEqual({ ...r.body, phone: '5550101111' });
      // A blank address forgets the saved one: the answer is the spec's user again; so does null.
      const blank = { address: ' ', street: '', city: '', country: '', province: '' };
      const cleared = await c.call('updateMe', { token: s.token, body: { saved_address: blank } });
      expect(cleared.status).toBe(200);
      expect(Object.keys(cleared.body).sort()).toEqual(['email', 'id', 'is_admin', 'name', 'phone']);
      await c.call('updateMe', { token: s.token, body: { saved_address: ADDRESS } });
      const gone = await c.call('updateMe', { token: s.token, body: { saved_address: null } });
      expect(gone.body.saved_address).toBeUndefined();
    });

    it('PUT /auth/me refuses bad input with fields and changes nothing; never a role, an e-mail or another account', async () => {
      const before = (await c.call('me', { token: s.token })).body;
      const otherBefore = (await c.call('me', { token: other.token })).body;
      const bad: [unknown, string][] = [
        [{ phone: '12' }, 'phone'],
        [{ phone: '123456789012345678' }, 'phone'],
        [{ phone: '0300-1234567' }, 'phone'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(121) }, 'name'],
        [{ name: 'Bell\u0007' }, 'name'],
        [{ saved_address: { ...ADDRESS, city: 'c'.repeat(301) } }, 'saved_address.city'],
        [{ saved_address: { city: 'Springfield' } }, 'saved_address.street'],
        [{ saved_address: 'Springfield' }, 'saved_address'],
      ];
      for (const [body, field] of bad) {
        const r = await c.call('updateMe', { token: s.token, body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.code).toBe('validation_failed');
        expect(Object.keys(r.body.fields ?? {}), JSON.stringify(body)).toContain(field);
      }
      const phone = await c.call('updateMe', { token: s.token, body: { phone: '12' } });
      expect(phone.body.fields.phone).toBe('Invalid phone format');
      expect((await c.call('me', { token: s.token })).body).toEqual(before);

      const sneaky = await c.call('updateMe', {
        token: s.token,
        body: { name: 'Still Me', is_admin: 1, email: 'taken@example.test', id: other.id, user_id: other.id },
      });
      expect(sneaky.status).toBe(200);
      expect(sneaky.body).toMatchObject({ id: s.id, email: original.email, is_admin: 0, name: 'Still Me' });
      expect((await c.call('me', { token: other.token })).body).toEqual(otherBefore);
      expect((await c.call('updateMe', { body: { name: 'Nobody' } })).status).toBe(401);
    });

    it('POST /orders checks the address part the checkout marks required, when a client sends it', async () => {
      const before = (await c.call('myOrders', { token: s.token })).body;
      const r = await c.call('placeOrder', {
        token: s.token,
        body: {
          cart: [{ productId: 1, qty: 1, selectedColor: '', selectedSize: '' }],
          shipping_address: JSON.stringify({ ...JSON.parse(SHIPPING), address: '  ' }),
          payment_method: 'cod',
        },
      });
      expect(r.status).toBe(400);
      expect(r.body.fields.address).toBe('Address is required');
      expect((await c.call('myOrders', { token: s.token })).body).toEqual(before);
    });
  });
}

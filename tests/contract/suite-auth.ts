import { describe, expect, it } from 'vitest';
import type { ContractClient } from './client';

export function authSuite(c: ContractClient): void {
  describe('accounts', () => {
    it('POST /auth/register: 201 with a shopper; is_admin ignored; 409 duplicate (any case); 400 short password, a phone checkout refuses', async () => {
      const email = `Reg-${Date.now()}@Example.test`;
      const r = await c.call('register', {
        body: { name: 'Ann Lee', email, password: 'secret1', phone: '5550100001', is_admin: 1 },
      });
      expect(r.status).toBe(201);
      expect(r.body.user).toMatchObject({ name: 'Ann Lee', is_admin: 0 });
      expect(Object.keys(r.body.user).sort()).toEqual(['email', 'id', 'is_admin', 'name', 'phone']);
      const dup = await c.call('register', {
        body: { name: 'Ann', email: email.toLowerCase(), password: 'secret1', phone: '5550100002' },
      });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('conflict');
      const short = await c.call('register', {
        body: { name: 'Bo', email: `b-${Date.now()}@example.test`, password: '12345', phone: '12' },
      });
      expect(short.status).toBe(400);
      expect(short.body.fields.password).toBeTruthy();
      // Issue 27: checkout's phone rule and message (the register budget leaves no call for a test of its own).
      expect(short.body.fields.phone).toBe('Invalid phone format');
    });

    it('POST /auth/login: 200 with token and user; 401 wrong password; 400 bad e-mail', async () => {
      const s = await c.newShopper();
      const r = await c.call('login', { body: { email: s.email.toUpperCase(), password: s.password } });
      expect(r.status).toBe(200);
      expect(r.body.user.id).toBe(s.id);
      const wrong = await c.call('login', { body: { email: s.email, password: 'not-it' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBeTruthy();
      expect((await c.call('login', { body: { email: 'nope', password: 'x' } })).status).toBe(400);
    });

    it('GET /auth/me: 200 with a token, 401 without or with a bad one', async () => {
      const s = await c.newShopper();
      expect((await c.call('me', { token: s.token })).body.id).toBe(s.id);
      expect((await c.call('me')).status).toBe(401);
      expect((await c.call('me', { token: 'forged' })).status).toBe(401);
    });

    it('POST /auth/logout revokes the token', async () => {
      const s = await c.newShopper();
      expect((await c.call('logout', { token: s.token })).status).toBe(200);
      expect((await c.call('me', { token: s.token })).status).toBe(401);
      expect((await c.call('logout', { token: s.token })).status).toBe(401);
    });

    it('PUT /auth/password: 200 with the right old password, ending the other sessions; 400 wrong old; 401 no token', async () => {
      const s = await c.newShopper();
      const other = (await c.call('login', { body: { email: s.email, password: s.password } })).body
        .token as string;
      const wrong = await c.call('changePassword', {
        token: s.token,
        body: { oldPassword: 'wrong-one', newPassword: 'new-secret' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');
      const ok = await c.call('changePassword', {
        token: s.token,
        body: { oldPassword: s.password, newPassword: 'new-secret' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('Password changed');
      expect((await c.call('me', { token: other })).status).toBe(401);
      expect((await c.call('me', { token: s.token })).status).toBe(200);
      expect((await c.call('login', { body: { email: s.email, password: s.password } })).status).toBe(401);
      expect((await c.call('login', { body: { email: s.email, password: 'new-secret' } })).status).toBe(200);
      const noToken = await c.status('changePassword', { body: { oldPassword: 'a', newPassword: 'bbbbbb' } });
      expect(noToken).toBe(401);
      expect(
        await c.status('changePassword', {
          token: s.token,
          body: { oldPassword: 'new-secret', newPassword: '123' },
        }),
      ).toBe(400);
    });
  });

  describe('misc', () => {
    it('GET /health', async () => {
      expect((await c.call('health')).body).toEqual({ ok: true });
    });

    it('countries: positions list names; states by country; unknown country is a 404 in the same shape', async () => {
      const p = await c.call('countryPositions');
      expect(p.status).toBe(200);
      expect(p.body.data.some((x: { name: string }) => x.name === 'Pakistan')).toBe(true);
      const s = await c.call('countryStates', { body: { country: 'Pakistan' } });
      expect(s.status).toBe(200);
      expect(s.body.data.states.map((x: { name: string }) => x.name)).toContain('Punjab');
      const none = await c.call('countryStates', { body: { country: 'Atlantis' } });
      expect(none.status).toBe(404);
      expect(none.body.error).toBe(true);
      expect((await c.call('countryStates', { body: {} })).status).toBe(400);
    });

    it('malformed JSON is a 400 bad_request', async () => {
      const r = await c.call('login', { rawBody: '{"email": ' });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('bad_request');
    });
  });
}

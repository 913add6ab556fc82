/**
 * Sign-in abuse limits through the real auth use cases (memory tables, real scrypt at a cheap cost,
 * a hand-moved clock): counted before the hash, per account and address, and the re-hash of old hashes.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthKit } from '#server/test/auth-kit';
import { memoryAuthKit } from '#server/test/auth-kit';
import { DomainError } from '../api/errors';

const ADMIN = { email: 'admin@threadline.local', password: 'the-real-admin-pw' };

async function attempt(k: AuthKit, password: string, address: string, email = ADMIN.email) {
  try {
    await k.auth.login({ email, password }, address);
    return { status: 200 as const };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { status: e.code, retryAfter: e.retryAfterSeconds };
  }
}

let k: AuthKit;
beforeEach(async () => {
  k = memoryAuthKit();
  await k.auth.createUser({
    name: 'Admin',
    email: ADMIN.email,
    phone: '',
    password: ADMIN.password,
    isAdmin: true,
  });
  k.hasher.calls.verify = 0;
});

describe('login abuse limits', () => {
  it('40 concurrent wrong guesses from one address: at most 10 hash checks, the rest 429 with Retry-After', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(k, `guess-${i}`, '203.0.113.9')),
    );
    expect(k.hasher.calls.verify).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 'unauthorized')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'too_many_requests');
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('the attacker does not lock the real admin out: another address signs in at once', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(k, `guess-${i}`, '203.0.113.9')));
    expect((await attempt(k, ADMIN.password, '198.51.100.7')).status).toBe(200);
    // And the attacker's address is still braked, even with the right password.
    expect((await attempt(k, ADMIN.password, '203.0.113.9')).status).toBe('too_many_requests');
  });

  it('after the free failures the delay grows, and waiting it out lets the right password in', async () => {
    const ip = '192.0.2.1';
    for (let i = 0; i < 10; i++) expect((await attempt(k, 'wrong', ip)).status).toBe('unauthorized');
    expect(await attempt(k, ADMIN.password, ip)).toEqual({ status: 'too_many_requests', retryAfter: 1 });
    k.clock.advance(1000);
    expect((await attempt(k, 'wrong', ip)).status).toBe('unauthorized');
    expect(await attempt(k, ADMIN.password, ip)).toEqual({ status: 'too_many_requests', retryAfter: 2 });
    k.clock.advance(2000);
    expect((await attempt(k, ADMIN.password, ip)).status).toBe(200);
  });

  it('a success clears the count: a shopper who mistypes now and then is never braked', async () => {
    const ip = '192.0.2.2';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await attempt(k, 'typo', ip)).status).toBe('unauthorized');
      expect((await attempt(k, ADMIN.password, ip)).status).toBe(200);
    }
  });

  it('an address gets 100 failures a day, whatever the accounts; then 429 until the window ends', async () => {
    const ip = '192.0.2.3';
    for (let i = 0; i < 100; i++) {
      expect((await attempt(k, 'x', ip, `nobody${i}@shop.test`)).status).toBe('unauthorized');
    }
    const r = await attempt(k, ADMIN.password, ip);
    expect(r.status).toBe('too_many_requests');
    expect(r.retryAfter).toBe(24 * 60 * 60);
    expect((await attempt(k, ADMIN.password, '192.0.2.4')).status).toBe(200);
    k.clock.advance(24 * 60 * 60 * 1000);
    expect((await attempt(k, ADMIN.password, ip)).status).toBe(200);
  });

  it('many successful sign-ins from one address (a carrier NAT) are never limited', async () => {
    for (let i = 0; i < 150; i++) expect((await attempt(k, ADMIN.password, '100.64.0.1')).status).toBe(200);
  });
});

describe('re-hash at sign-in', () => {
  it('a hash made with older settings is re-made with the current ones in one user write, and still verifies', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$1024$${salt.toString('hex')}$${scryptSync('old-pw', salt, 64, { N: 1024, r: 8, p: 1 }).toString('hex')}`;
    const user = await k.auth.createUser({
      name: 'Old',
      email: 'old@shop.test',
      phone: '',
      password: 'x',
      isAdmin: false,
    });
    await k.stores.users.change(() => ({ put: [{ ...user, password_hash: legacy }], result: undefined }));
    let writes = 0;
    k.stores.users.subscribe(() => writes++);

    await k.auth.login({ email: 'old@shop.test', password: 'old-pw' }, 'ip');
    const rehashed = k.stores.users.get(user.id)!.password_hash;
    expect(rehashed).toMatch(/^scrypt\$1024\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(writes).toBe(1);
    expect(await k.hasher.verify('old-pw', rehashed)).toBe(true);

    await k.auth.login({ email: 'old@shop.test', password: 'old-pw' }, 'ip');
    expect(writes).toBe(1); // current settings: nothing to re-make
    expect(k.stores.users.get(user.id)!.password_hash).toBe(rehashed);
  });
});

describe('sign-up through the e-mail index', () => {
  const shopper = (email: string) => ({ name: 'Ann', email, phone: '', password: 'ann-secret-1' });

  it('ten concurrent sign-ups of one e-mail (in any case and spacing) make exactly one account', async () => {
    // A hasher that answers at once, so every sign-up reaches the users table in the same batch.
    k = memoryAuthKit({
      hasher: { hash: async (p) => `plain$${p}`, verify: async (p, h) => h === `plain$${p}` },
    });
    const spellings = Array.from({ length: 10 }, (_, i) => (i % 2 ? ' ANN@Shop.test ' : 'ann@shop.test'));
    const results = await Promise.allSettled(spellings.map((email) => k.auth.register(shopper(email))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ code: 'conflict', fields: { email: 'E-mail already registered' } });
    expect(k.stores.users.all().filter((u) => u.email.toLowerCase().trim() === 'ann@shop.test')).toHaveLength(
      1,
    );
  });

  it('a new account signs in at once, and a deleted e-mail spelling finds nobody', async () => {
    await k.auth.register(shopper('bo@shop.test'));
    await expect(
      k.auth.login({ email: ' BO@shop.test', password: 'ann-secret-1' }, '198.51.100.1'),
    ).resolves.toMatchObject({
      user: { email: 'bo@shop.test' },
    });
    await expect(
      k.auth.login({ email: 'nobody@shop.test', password: 'ann-secret-1' }, '198.51.100.1'),
    ).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });
});

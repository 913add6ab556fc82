/** The stored form names its settings, the first release's form still verifies, and hashing is bounded. */
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#server/core/api/errors';
import { SCRYPT_COST, createScryptHasher } from './scrypt-hasher';

const CHEAP = { N: 1024, r: 8, p: 2 };

describe('scrypt hasher', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies it', async () => {
    const h = createScryptHasher(CHEAP);
    const stored = await h.hash('pässword');
    expect(stored).toMatch(/^scrypt\$1024\$8\$2\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await h.verify('pässword', stored)).toBe(true);
    expect(await h.verify('password', stored)).toBe(false);
  });

  it('the default cost is OWASP-equivalent: N=2^14, r=8, p=5', () => {
    expect(SCRYPT_COST).toEqual({ N: 16384, r: 8, p: 5 });
  });

  it('still reads the first release form scrypt$N$salt$hash (r=8, p=1)', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old-secret', salt, 64, { N: 1024, r: 8, p: 1 });
    const legacy = `scrypt$1024$${salt.toString('hex')}$${key.toString('hex')}`;
    const h = createScryptHasher(CHEAP);
    expect(await h.verify('old-secret', legacy)).toBe(true);
    expect(await h.verify('other', legacy)).toBe(false);
  });

  it('refuses malformed or absurd stored settings without computing them', async () => {
    const h = createScryptHasher(CHEAP);
    for (const bad of [
      '',
      'scrypt$x$00$00',
      'scrypt$1000$8$1$00$00',
      `scrypt$${2 ** 24}$8$1$00$00`,
      'pbkdf2$1$00$00',
      'scrypt$1024$8$1$00',
    ]) {
      expect(await h.verify('x', bad)).toBe(false);
    }
  });

  it('at most 2 hashes run and 32 wait: the rest are refused at once with 429 and Retry-After 1', async () => {
    const h = createScryptHasher(CHEAP);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => h.hash('x')));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(34);
    for (const r of refused) {
      const e = (r as PromiseRejectedResult).reason as DomainError;
      expect(e).toBeInstanceOf(DomainError);
      expect(e.code).toBe('too_many_requests');
      expect(e.retryAfterSeconds).toBe(1);
    }
    // The gate drains: later calls run again.
    expect(await h.verify('x', await h.hash('x'))).toBe(true);
  });
});

/** scrypt from node:crypto for the real server. Stored form: scrypt$<N>$<salt hex>$<hash hex>. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../core/ports';

const KEYLEN = 64;

function derive(password: string, salt: Buffer, N: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEYLEN, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export function createScryptHasher(N = 16_384): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      return `scrypt$${N}$${salt.toString('hex')}$${(await derive(password, salt, N)).toString('hex')}`;
    },
    async verify(password, stored) {
      const [kind, n, salt, hash] = stored.split('$');
      const cost = Number(n);
      if (kind !== 'scrypt' || !salt || !hash || !Number.isInteger(cost) || cost < 2) return false;
      const want = Buffer.from(hash, 'hex');
      const got = await derive(password, Buffer.from(salt, 'hex'), cost);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

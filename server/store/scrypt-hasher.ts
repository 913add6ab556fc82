/**
 * scrypt from node:crypto for the real server. Stored form: `scrypt$<N>$<r>$<p>$<salt hex>$<hash hex>`;
 * hashes of the first release, `scrypt$<N>$<salt hex>$<hash hex>` (r=8, p=1), still verify, and
 * auth.ts re-hashes them at the owner's next sign-in because their settings part differs.
 *
 * Cost: OWASP's scrypt guidance lists N=2^17 r=8 p=1 (128 MiB) and equal-work lower-memory settings
 * down to N=2^14 r=8 p=5 (16 MiB). On the 2-core target machine 2^17/p1 took 0.5–1.1 s and 128 MiB per
 * hash, 2^14/p5 140–220 ms and 16 MiB, so we take 2^14/p5: the same guidance, a sign-in that feels
 * instant, and two hashes at once stay at 32 MiB.
 *
 * Hashing is the most expensive thing an anonymous caller can make us do, so it goes through a gate:
 * at most 2 at once (one per core, leaving libuv's other threads to the file writes) and 32 waiting;
 * past that the call is refused at once with 429 and Retry-After 1 rather than queued without bound.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { DomainError } from '#server/core/api/errors';
import { tooManyRequests } from '#server/core/api/errors';
import type { PasswordHasher } from '#server/core/ports';
import { createJobGate } from './job-gate';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };
/** The first release's settings: what a four-part stored hash was made with. */
const LEGACY = { r: 8, p: 1 };
const KEYLEN = 64;

export interface HasherLimits {
  concurrency: number;
  maxQueue: number;
}

export const HASHER_LIMITS: HasherLimits = { concurrency: 2, maxQueue: 32 };

/** Settings a stored hash may name: anything past these is a damaged row, not a hash to spend 1 GiB on. */
const saneCost = ({ N, r, p }: ScryptCost): boolean =>
  Number.isInteger(N) &&
  N >= 2 &&
  N <= 2 ** 20 &&
  (N & (N - 1)) === 0 &&
  Number.isInteger(r) &&
  r >= 1 &&
  r <= 32 &&
  Number.isInteger(p) &&
  p >= 1 &&
  p <= 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // OpenSSL needs 128·r·(N + p + 2) bytes; the margin keeps it clear of the default 32 MiB ceiling.
    const maxmem = 128 * r * (N + p + 2) + 1024 * 1024;
    scrypt(password, salt, KEYLEN, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The settings, salt and hash of a stored string in either form; null when it is not one of ours. */
function parseStored(stored: string): { cost: ScryptCost; salt: string; hash: string } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt' || (parts.length !== 4 && parts.length !== 6)) return null;
  const legacy = parts.length === 4;
  const cost = legacy
    ? { N: Number(parts[1]), ...LEGACY }
    : { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
  const [salt, hash] = parts.slice(-2);
  if (!salt || !hash || !saneCost(cost)) return null;
  return { cost, salt, hash };
}

const busy = (): DomainError => tooManyRequests('The server is busy, please retry', 1000);

export function createScryptHasher(
  cost: ScryptCost = SCRYPT_COST,
  limits: HasherLimits = HASHER_LIMITS,
): PasswordHasher {
  const gate = createJobGate(limits);
  const gated = <T>(job: () => Promise<T>): Promise<T> => gate.tryRun(job) ?? Promise.reject(busy());
  return {
    hash(password) {
      return gated(async () => {
        const salt = randomBytes(16);
        const key = await derive(password, salt, cost);
        return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('hex')}$${key.toString('hex')}`;
      });
    },
    async verify(password, stored) {
      const parsed = parseStored(stored);
      if (!parsed) return false;
      const want = Buffer.from(parsed.hash, 'hex');
      const got = await gated(() => derive(password, Buffer.from(parsed.salt, 'hex'), parsed.cost));
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

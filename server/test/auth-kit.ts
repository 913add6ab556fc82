/**
 * Test kit: the auth use cases over real tables (memory, or lowdb files in a folder), a clock the
 * test moves by hand, and a hasher that counts its calls. Lives here, not in server/core, because
 * it reaches into server/store.
 */
import { createAuthUseCases } from '#server/core/accounts/auth';
import type { CoreDeps, PasswordHasher, Stores } from '#server/core/ports';
import { createCountriesDataset } from '#server/store/countries-dataset';
import { createCsvCodec } from '#server/store/csv-codec';
import type { BeforeWrite } from '#server/store/lowdb-durable-file';
import { openLowdbStores } from '#server/store/lowdb-store';
import { createMemoryImageStorage } from '#server/store/memory-image-storage';
import { createMemoryStores } from '#server/store/memory-store';
import type { ScryptCost } from '#server/store/scrypt-hasher';
import { createScryptHasher } from '#server/store/scrypt-hasher';
import { createWebTokenService } from '#server/store/web-tokens';

export const KIT_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** A real scrypt hasher at the kit's cheap cost, for tests that wrap their own hasher around it. */
export const kitHasher = (): PasswordHasher => createScryptHasher(KIT_COST);

export interface FakeClock {
  now(): Date;
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse('2030-01-01T00:00:00.000Z')): FakeClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export interface CountingHasher extends PasswordHasher {
  calls: { hash: number; verify: number };
}

export function countingHasher(inner: PasswordHasher): CountingHasher {
  const calls = { hash: 0, verify: 0 };
  return {
    calls,
    hash: (password) => {
      calls.hash++;
      return inner.hash(password);
    },
    verify: (password, stored) => {
      calls.verify++;
      return inner.verify(password, stored);
    },
  };
}

export interface AuthKit {
  auth: ReturnType<typeof createAuthUseCases>;
  stores: Stores;
  clock: FakeClock;
  hasher: CountingHasher;
}

export function authKit(
  stores: Stores,
  opts: { cost?: ScryptCost; sessionTtlMs?: number; hasher?: PasswordHasher } = {},
): AuthKit {
  const clock = fakeClock();
  const hasher = countingHasher(opts.hasher ?? createScryptHasher(opts.cost ?? KIT_COST));
  const deps: CoreDeps = {
    stores,
    hasher,
    tokens: createWebTokenService(),
    images: createMemoryImageStorage(),
    sanitizer: { sanitize: (html) => html },
    clock,
    countries: createCountriesDataset(),
    csv: createCsvCodec(),
    sessionTtlMs: opts.sessionTtlMs,
  };
  return { auth: createAuthUseCases(deps), stores, clock, hasher };
}

export const memoryAuthKit = (opts?: Parameters<typeof authKit>[1]): AuthKit =>
  authKit(createMemoryStores(), opts);

export async function diskAuthKit(
  dir: string,
  opts: Parameters<typeof authKit>[1] & { beforeWrite?: BeforeWrite } = {},
): Promise<AuthKit> {
  return authKit(await openLowdbStores(dir, { beforeWrite: opts.beforeWrite }), opts);
}

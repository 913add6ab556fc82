/**
 * PBKDF2-SHA-256 through WebCrypto, for the MSW mock running in a browser (no node:crypto there).
 * The real server uses scrypt (scrypt-hasher.ts). Stored form: pbkdf2$<iterations>$<salt hex>$<hash hex>.
 */
import type { PasswordHasher } from '#server/core/ports';

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (s: string): Uint8Array => new Uint8Array((s.match(/../g) ?? []).map((h) => parseInt(h, 16)));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await globalThis.crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** A low iteration count is fine for the mock (demo data only) and keeps tests fast. */
export function createWebCryptoHasher(iterations = 10_000): PasswordHasher {
  return {
    async hash(password) {
      const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
      return `pbkdf2$${iterations}$${hex(salt)}$${hex(await derive(password, salt, iterations))}`;
    },
    async verify(password, stored) {
      const [kind, iter, salt, hash] = stored.split('$');
      const n = Number(iter);
      if (kind !== 'pbkdf2' || !salt || !hash || !Number.isInteger(n) || n < 1) return false;
      const got = hex(await derive(password, unhex(salt), n));
      let diff = got.length ^ hash.length;
      for (let i = 0; i < Math.min(got.length, hash.length); i++)
        diff |= got.charCodeAt(i) ^ hash.charCodeAt(i);
      return diff === 0;
    },
  };
}

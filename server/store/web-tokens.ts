/** Random opaque bearer tokens; only their SHA-256 is stored. WebCrypto, so it runs in Node and browsers. */
import type { TokenService } from '#server/core/ports';

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

export function createWebTokenService(): TokenService {
  return {
    generate: () => hex(globalThis.crypto.getRandomValues(new Uint8Array(32))),
    async hash(token) {
      const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
      return hex(new Uint8Array(digest));
    },
  };
}

/** Tiny cookie helpers: the cart and shipping address are mirrored to cookies (spec section 4). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null; // the server's rendering: the anonymous shop
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

/** Parse a JSON cookie with a schema-like parser; anything corrupt gives the fallback. */
export function readJsonCookie<T>(name: string, parse: (v: unknown) => T, fallback: T): T {
  const raw = readCookie(name);
  if (raw === null) return fallback;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return fallback;
  }
}

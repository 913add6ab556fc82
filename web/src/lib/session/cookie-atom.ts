import { atom, atomWithLazy } from '../jotai';
import { readJsonCookie, writeCookie } from '../cookies';

/** How long the mirrored cookies (cart, shipping address) live. */
export const COOKIE_DAYS = 7;

/**
 * A value mirrored to a JSON cookie (spec section 4): read from the cookie on first use, where anything
 * missing or corrupt gives the fallback; every write is stored and written to the cookie for COOKIE_DAYS.
 */
export function cookieAtom<T>(name: string, parse: (v: unknown) => T, fallback: T) {
  const stateAtom = atomWithLazy<T>(() => readJsonCookie(name, parse, fallback));
  return atom(
    (get) => get(stateAtom),
    (_get, set, next: T) => {
      set(stateAtom, next);
      writeCookie(name, JSON.stringify(next), COOKIE_DAYS);
    },
  );
}

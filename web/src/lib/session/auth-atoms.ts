import { atom, atomWithLazy } from '../jotai';
import type { AuthResponse, User } from '#contract/schemas/user';
import { TOKEN_KEY } from '../api-client';
import { parseStored } from './stored-parsers';

/** Auth state: the token in local storage, the user mirrored under `user` on every change (spec section 4). */
export const USER_KEY = 'user';

function loadUser(): User | null {
  try {
    if (!localStorage.getItem(TOKEN_KEY)) return null;
    const raw = localStorage.getItem(USER_KEY);
    return raw ? parseStored('user', JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

const userStateAtom = atomWithLazy<User | null>(loadUser);

/**
 * True on the server and while a server-rendered page hydrates (issue 28): the page is the anonymous shop
 * (no signed-in name, wishlist or notifications in its HTML), and the signed-in parts fill in once it is set
 * false after hydration.
 */
export const hydratingAtom = atom(false);

export const userAtom = atom(
  (get) => (get(hydratingAtom) ? null : get(userStateAtom)),
  (_get, set, next: User | null) => {
    set(userStateAtom, next);
    if (next) localStorage.setItem(USER_KEY, JSON.stringify(next));
    else localStorage.removeItem(USER_KEY);
  },
);

export const isAdminAtom = atom((get) => get(userAtom)?.is_admin === 1);

/** Setting auth saves the token and puts the user in state. */
export const setAuthAtom = atom(null, (_get, set, auth: AuthResponse) => {
  localStorage.setItem(TOKEN_KEY, auth.token);
  set(userAtom, auth.user);
});

/** Logout (local part): removes the token and empties the user. The caller revokes it on the server first. */
export const clearAuthAtom = atom(null, (_get, set) => {
  localStorage.removeItem(TOKEN_KEY);
  set(userAtom, null);
});

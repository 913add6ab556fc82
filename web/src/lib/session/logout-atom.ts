import { atom } from '../jotai';
import { api, readToken } from '../api-client';
import { clearAuthAtom } from './auth-atoms';

/**
 * Logout: revoke the token on the server, then forget it locally. The local part always happens, even
 * offline or with an already expired token, so the button can never leave someone signed in.
 * The caller navigates to / afterwards.
 */
export const logoutAtom = atom(null, async (_get, set) => {
  if (readToken()) {
    try {
      await api('logout');
    } catch {
      // Nothing to do: the token is dropped below, and the server expires it anyway.
    }
  }
  set(clearAuthAtom);
});

import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { useSetAtom } from '../../lib/jotai';
import { clearAuthAtom } from '../../lib/session/auth-atoms';

/** Logout: revoke the token on the server (a failure must not keep anyone signed in), clear auth, go to /. */
export function useLogout() {
  const clearAuth = useSetAtom(clearAuthAtom);
  const navigate = useNavigate();
  return async () => {
    try {
      await api('logout');
    } catch {
      // The local session ends regardless: an expired or revoked token is already useless.
    }
    clearAuth();
    navigate('/');
  };
}

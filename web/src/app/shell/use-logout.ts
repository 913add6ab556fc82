import { useNavigate } from 'react-router';
import { useSetAtom } from '#web/lib/jotai';
import { logoutAtom } from '#web/lib/session/logout-atom';

/** Logout from the header or the mobile menu: revoke and forget the token (logoutAtom), then go to /. */
export function useLogout() {
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/');
  };
}

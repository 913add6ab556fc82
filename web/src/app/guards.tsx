import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAtomValue } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';

/** Signed-in users only; others go to /login and come back afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Admins only: signed-out users go to /login, shoppers to / (the server checks every admin call too). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user.is_admin !== 1) return <Navigate to="/" replace />;
  return children;
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthResponse } from '#contract/schemas/user';
import { useSetAtom } from '#web/lib/jotai';
import { setAuthAtom } from '#web/lib/session/auth-atoms';
import { destinationAfterAuth, failureMessage } from './after-auth';

/**
 * The shared tail of login and register: run the call with the form locked, store token and user,
 * go where the user is expected next, or alert the server's message (or the screen's fallback).
 */
export function useAuthSubmit(fallbackError: string) {
  const setAuth = useSetAtom(setAuthAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<AuthResponse>) => {
    setBusy(true);
    try {
      const auth = await call();
      setAuth(auth);
      navigate(destinationAfterAuth(auth.user, location.state), { replace: true });
    } catch (err) {
      setBusy(false);
      window.alert(failureMessage(err, fallbackError));
    }
  };

  return { busy, run, from: location.state as unknown };
}

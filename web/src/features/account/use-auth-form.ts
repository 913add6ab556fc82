import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { AuthResponse } from '#contract/schemas/user';
import { useSetAtom } from '#web/lib/jotai';
import { setAuthAtom } from '#web/lib/session/auth-atoms';
import { destinationAfterAuth, failureMessage } from './after-auth';
import { checkForm } from './check-form';
import { useFormFields } from './use-form-fields';

interface AuthFormOptions<F extends Record<string, string>, T> {
  empty: F;
  /** The client rules: a failed parse shows each field's first message and focuses the first such field. */
  schema: z.ZodType<T, F>;
  send: (data: T) => Promise<AuthResponse>;
  /** Shown when the server gives no message of its own. */
  fallbackError: string;
}

/**
 * The one sign-in flow of login and register: check the form, run the call with the form locked, store
 * token and user, go where the user is expected next, or show the server's message (or the fallback) on the page
 * above the submit button (issue 27: never window.alert).
 */
export function useAuthForm<F extends Record<string, string>, T>({
  empty,
  schema,
  send,
  fallbackError,
}: AuthFormOptions<F, T>) {
  const setAuth = useSetAtom(setAuthAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { values, setErrors, bind } = useFormFields(empty, busy);

  const run = async (data: T) => {
    setBusy(true);
    setError(null);
    try {
      const auth = await send(data);
      setAuth(auth);
      navigate(destinationAfterAuth(auth.user, location.state), { replace: true });
    } catch (err) {
      setBusy(false);
      setError(failureMessage(err, fallbackError));
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    const data = checkForm(e, schema, values, setErrors);
    if (data !== null) void run(data);
  };

  return { busy, error, bind, submit, from: location.state as unknown };
}

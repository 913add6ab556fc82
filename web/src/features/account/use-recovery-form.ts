import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { checkForm } from './check-form';
import { useFormFields } from './use-form-fields';

interface RecoveryFormOptions<F extends Record<string, string>, T, R> {
  empty: F;
  schema: z.ZodType<T, F>;
  send: (data: T) => Promise<R>;
}

/**
 * The flow of the recovery screens, which sign nobody in: check the form, run the call with the form locked,
 * then keep the answer (the screen shows it in place of the form) or the failure (shown on the page).
 */
export function useRecoveryForm<F extends Record<string, string>, T, R>({
  empty,
  schema,
  send,
}: RecoveryFormOptions<F, T, R>) {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ value: R } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { values, setErrors, bind } = useFormFields(empty, busy);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    const data = checkForm(e, schema, values, setErrors);
    if (data === null) return;
    setBusy(true);
    setFailure(null);
    send(data)
      .then((value) => setAnswer({ value }), setFailure)
      .finally(() => setBusy(false));
  };

  return { busy, bind, submit, answer: answer?.value ?? null, failure, from: location.state as unknown };
}

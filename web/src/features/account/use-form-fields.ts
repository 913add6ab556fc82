import { useState } from 'react';
import type { FieldErrors } from './field-errors';

/**
 * A form's text values and its per-field messages. `bind(key)` gives a field its name, value, disabled
 * state and message, and an onChange that stores the value and clears that field's message.
 */
export function useFormFields<F extends Record<string, string>>(empty: F, disabled: boolean) {
  const [values, setValues] = useState<F>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});

  const bind = (k: keyof F & string) => ({
    name: k,
    value: values[k],
    disabled,
    error: errors[k],
    onChange: (e: { target: { value: string } }) => {
      setValues((f) => ({ ...f, [k]: e.target.value }));
      setErrors((er) => (er[k] ? { ...er, [k]: undefined } : er));
    },
  });

  return { values, setValues, setErrors, bind };
}

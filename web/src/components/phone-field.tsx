import type { ComponentProps } from 'react';
import { PHONE_HINT } from '#contract/rules/validation';
import { TextField } from './form-field';

/** The phone field of every form (register, profile, checkout): the one phone rule's hint, a number keypad. */
export function PhoneField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField label="Phone" type="tel" inputMode="numeric" autoComplete="tel" hint={PHONE_HINT} {...props} />
  );
}

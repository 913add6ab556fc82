import { useId } from 'react';
import { type CheckoutErrors, type CheckoutForm } from '#contract/rules/validation';
import { PhoneField } from '#web/components/phone-field';
import { AddressFields } from '#web/components/address-fields';
import { TextAreaField, TextField } from '#web/components/form-field';
import styles from './billing-form.module.css';

/** The spec's field order; the first invalid one in this order gets the focus. */
export const FIELD_ORDER = [
  'name',
  'address',
  'street',
  'city',
  'country',
  'province',
  'phone',
  'email',
  'notes',
] as const;

/** The address part of FIELD_ORDER, in the same order. */
const ADDRESS_ORDER = ['address', 'street', 'city', 'country', 'province'] as const;

interface Props {
  form: CheckoutForm;
  errors: CheckoutErrors;
  disabled: boolean;
  onChange: (field: keyof CheckoutForm, value: string) => void;
  /** Issue 27: a signed-in shopper may keep this address in their profile. */
  saveAddress?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
}

/** Billing details. Every message sits beside its own field (our fix: the spec hid city and province). */
export function BillingForm({ form, errors, disabled, onChange, saveAddress }: Props) {
  const saveId = useId();
  const bind = (k: keyof CheckoutForm) => ({
    name: k,
    value: form[k],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(k, e.target.value),
  });

  return (
    <section className={styles.card} aria-labelledby="billing-title">
      <h2 id="billing-title" className={styles.title}>
        Billing Details
      </h2>
      <div className={styles.grid}>
        <TextField
          label="Full Name"
          required
          autoComplete="name"
          error={errors.name}
          className={styles.wide}
          {...bind('name')}
        />
        <AddressFields
          values={form}
          errors={errors}
          onChange={onChange}
          order={ADDRESS_ORDER}
          required
          disabled={disabled}
          addressPlaceholder="House number and building"
        />
        <PhoneField required error={errors.phone} {...bind('phone')} />
        <TextField label="Email Address" type="email" autoComplete="email" {...bind('email')} />
        <TextAreaField
          label="Order Notes (optional)"
          placeholder="Notes about your order, e.g. special notes for delivery."
          className={styles.wide}
          {...bind('notes')}
        />
        {saveAddress ? (
          <div className={`${styles.wide} ${styles.check}`}>
            <input
              id={saveId}
              type="checkbox"
              checked={saveAddress.checked}
              disabled={disabled}
              onChange={(e) => saveAddress.onChange(e.target.checked)}
            />
            <label htmlFor={saveId}>Save this address to my profile</label>
          </div>
        ) : null}
      </div>
    </section>
  );
}

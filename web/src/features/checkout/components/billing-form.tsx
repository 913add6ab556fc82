import type { CheckoutErrors, CheckoutForm } from '../../../../../contract/rules/validation';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { useCountries, useProvinces } from '../../../lib/session/countries-atoms';
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

interface Props {
  form: CheckoutForm;
  errors: CheckoutErrors;
  disabled: boolean;
  onChange: (field: keyof CheckoutForm, value: string) => void;
}

/** Billing details. Every message sits beside its own field (our fix: the spec hid city and province). */
export function BillingForm({ form, errors, disabled, onChange }: Props) {
  const countries = useCountries();
  const { provinces, loading } = useProvinces(form.country);
  const bind = (k: keyof CheckoutForm) => ({
    name: k,
    value: form[k],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(k, e.target.value),
  });
  const countryOptions =
    form.country && !countries.includes(form.country) ? [form.country, ...countries] : countries;
  const provinceOptions =
    form.province && !provinces.includes(form.province) ? [form.province, ...provinces] : provinces;

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
        <TextField
          label="Address"
          required
          autoComplete="address-line1"
          placeholder="House number and building"
          {...bind('address')}
        />
        <TextField
          label="Street"
          required
          autoComplete="address-line2"
          error={errors.street}
          {...bind('street')}
        />
        <TextField
          label="Town / City"
          required
          autoComplete="address-level2"
          error={errors.city}
          {...bind('city')}
        />
        <SelectField label="Country" autoComplete="country-name" {...bind('country')}>
          <option value="">Select a country</option>
          {countryOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        {provinces.length > 0 || loading ? (
          <SelectField
            label="State / Province"
            required
            error={errors.province}
            {...bind('province')}
            disabled={disabled || loading}
            aria-busy={loading}
          >
            <option value="">{loading ? 'Loading…' : 'Select a state / province'}</option>
            {provinceOptions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="State / Province"
            required
            autoComplete="address-level1"
            error={errors.province}
            {...bind('province')}
          />
        )}
        <TextField
          label="Phone"
          required
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint="10 to 15 digits, numbers only"
          error={errors.phone}
          {...bind('phone')}
        />
        <TextField label="Email Address" type="email" autoComplete="email" {...bind('email')} />
        <TextAreaField
          label="Order Notes (optional)"
          placeholder="Notes about your order, e.g. special notes for delivery."
          className={styles.wide}
          {...bind('notes')}
        />
      </div>
    </section>
  );
}

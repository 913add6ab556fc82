import type { ReactNode } from 'react';
import type { ShippingAddress } from '#contract/schemas/cart';
import { useCountries, useProvinces } from '#web/lib/session/countries-atoms';
import { SelectField, TextField } from './form-field';

export type AddressField = keyof ShippingAddress;

interface Props {
  values: ShippingAddress;
  errors?: Partial<Record<AddressField, string | undefined>>;
  /** The parent clears the province when the country changes (the old one belongs to the old country). */
  onChange: (field: AddressField, value: string) => void;
  /** Which fields, in which order: the shipping popup asks country first, checkout follows the spec's order. */
  order: readonly AddressField[];
  /** Marks address, street, town/city and state/province as required (checkout). */
  required?: boolean;
  disabled?: boolean;
  addressHint?: string;
  addressPlaceholder?: string;
}

const TEXT: Record<AddressField, { label: string; autoComplete: string }> = {
  address: { label: 'Address', autoComplete: 'address-line1' },
  street: { label: 'Street', autoComplete: 'address-line2' },
  city: { label: 'Town / City', autoComplete: 'address-level2' },
  country: { label: 'Country', autoComplete: 'country-name' },
  province: { label: 'State / Province', autoComplete: 'address-level1' },
};

/** A saved value missing from the list (older cookie, failed fetch) stays selectable instead of vanishing. */
function options(list: readonly string[], saved: string) {
  return (saved && !list.includes(saved) ? [saved, ...list] : list).map((v) => (
    <option key={v} value={v}>
      {v}
    </option>
  ));
}

/**
 * The shared address block of the shipping popup and the checkout form: country and province lists come from
 * the countries API, and a province box replaces the list when a country has none.
 */
export function AddressFields({
  values,
  errors = {},
  onChange,
  order,
  required = false,
  disabled = false,
  addressHint,
  addressPlaceholder,
}: Props) {
  const countries = useCountries();
  const { provinces, loading } = useProvinces(values.country);
  const bind = (k: AddressField) => ({
    name: k,
    value: values[k],
    disabled,
    error: errors[k],
    onChange: (e: { target: { value: string } }) => onChange(k, e.target.value),
  });
  // Text boxes share everything but their label and autofill hint.
  const text = (k: AddressField, extra?: { placeholder?: string | undefined; hint?: string | undefined }) => (
    <TextField
      key={k}
      label={TEXT[k].label}
      required={required}
      autoComplete={TEXT[k].autoComplete}
      {...extra}
      {...bind(k)}
    />
  );

  const fields: Record<AddressField, () => ReactNode> = {
    address: () => text('address', { placeholder: addressPlaceholder, hint: addressHint }),
    street: () => text('street'),
    city: () => text('city'),
    country: () => (
      <SelectField key="country" label="Country" autoComplete="country-name" {...bind('country')}>
        <option value="">Select a country</option>
        {options(countries, values.country)}
      </SelectField>
    ),
    province: () =>
      provinces.length > 0 || loading ? (
        <SelectField
          key="province"
          label="State / Province"
          required={required}
          {...bind('province')}
          disabled={disabled || loading}
          aria-busy={loading}
        >
          <option value="">{loading ? 'Loading…' : 'Select a state / province'}</option>
          {options(provinces, values.province)}
        </SelectField>
      ) : (
        text('province')
      ),
  };

  return <>{order.map((k) => fields[k]())}</>;
}

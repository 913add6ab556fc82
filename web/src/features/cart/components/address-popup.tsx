import { useState, type FormEvent } from 'react';
import type { ShippingAddress } from '../../../../../contract/schemas/cart';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useCountries, useProvinces } from '../../../lib/session/countries-atoms';
import styles from './address-popup.module.css';

interface Props {
  open: boolean;
  initial: ShippingAddress;
  onClose: () => void;
  onSave: (address: ShippingAddress) => void;
}

/** The address popup behind Calculate shipping. Mounted only while open, so it starts from the saved address each time. */
export function AddressPopup({ open, initial, onClose, onSave }: Props) {
  return (
    <Modal open={open} title="Calculate Shipping" onClose={onClose} size="md">
      {open ? <AddressForm initial={initial} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}

function AddressForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: ShippingAddress;
  onCancel: () => void;
  onSave: (a: ShippingAddress) => void;
}) {
  const [form, setForm] = useState<ShippingAddress>(initial);
  const countries = useCountries();
  const { provinces, loading } = useProvinces(form.country);
  const set = (k: keyof ShippingAddress) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(form);
  };

  // A saved value missing from the list (older cookie, failed fetch) stays selectable instead of vanishing.
  const countryOptions =
    form.country && !countries.includes(form.country) ? [form.country, ...countries] : countries;
  const provinceOptions =
    form.province && !provinces.includes(form.province) ? [form.province, ...provinces] : provinces;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead}>Shipping is a flat rate once a town or city is set.</p>
      <SelectField
        label="Country"
        value={form.country}
        onChange={(e) => setForm((f) => ({ ...f, country: e.target.value, province: '' }))}
      >
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
          value={form.province}
          onChange={set('province')}
          disabled={loading}
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
          value={form.province}
          onChange={set('province')}
          autoComplete="address-level1"
        />
      )}
      <TextField label="Town / City" value={form.city} onChange={set('city')} autoComplete="address-level2" />
      <TextField label="Street" value={form.street} onChange={set('street')} autoComplete="address-line2" />
      <TextField
        label="Address"
        value={form.address}
        onChange={set('address')}
        autoComplete="address-line1"
        hint="House number, building, apartment"
      />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary">
          Save Address
        </Button>
      </div>
    </form>
  );
}

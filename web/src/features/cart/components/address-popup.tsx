import { useState, type FormEvent } from 'react';
import type { ShippingAddress } from '#contract/schemas/cart';
import { Button } from '#web/components/button';
import { AddressFields } from '#web/components/address-fields';
import { Modal } from '#web/components/modal';
import styles from './address-popup.module.css';

/** Country first: the province list depends on it, and the town or city is what sets shipping. */
const POPUP_ORDER = ['country', 'province', 'city', 'street', 'address'] as const;

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
  const change = (k: keyof ShippingAddress, value: string) =>
    setForm((f) => ({ ...f, [k]: value, ...(k === 'country' ? { province: '' } : {}) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(form);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead}>Shipping is a flat rate once a town or city is set.</p>
      <AddressFields
        values={form}
        onChange={change}
        order={POPUP_ORDER}
        addressHint="House number, building, apartment"
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

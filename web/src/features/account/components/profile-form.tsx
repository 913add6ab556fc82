import { useState, type FormEvent } from 'react';
import { PhoneField } from '#web/components/phone-field';
import { AddressFields, type AddressField } from '#web/components/address-fields';
import { Button } from '#web/components/button';
import { TextField } from '#web/components/form-field';
import { useAtom, useSetAtom } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import { shippingAddressAtom } from '#web/lib/session/shipping-atoms';
import { updateProfile } from '../api/account-api';
import { failureMessage } from '../after-auth';
import { checkForm } from '../check-form';
import { profileFormOf, profileFormSchema, serverFieldErrors, type ProfileForm } from '../profile-form';
import { useFormFields } from '../use-form-fields';
import styles from './profile.module.css';

const ADDRESS_ORDER = ['address', 'street', 'city', 'country', 'province'] as const;
export const PROFILE_SAVED = 'Your details are saved.';
export const PROFILE_FAILED = 'Could not save your details.';

/**
 * Edit Details (issue 27): name, phone and the shipping address checkout fills in. Messages stay on the
 * page: each field's beside it, the outcome in a status line (saved) or an alert (refused).
 */
export function ProfileEditForm() {
  const [user, setUser] = useAtom(userAtom);
  const setShipping = useSetAtom(shippingAddressAtom);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { values, setValues, setErrors, bind } = useFormFields<ProfileForm>(profileFormOf(user), busy);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});

  const showErrors = (errors: Record<string, string | undefined>) => {
    setErrors(errors);
    setAddressErrors(Object.fromEntries(ADDRESS_ORDER.map((k) => [k, errors[k]])));
  };

  const changeAddress = (k: AddressField, value: string) => {
    setValues((f) => ({ ...f, [k]: value, ...(k === 'country' ? { province: '' } : {}) }));
    setAddressErrors((e) => ({ ...e, [k]: undefined }));
    setOutcome(null);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    setOutcome(null);
    const body = checkForm(e, profileFormSchema, values, showErrors);
    if (body === null || busy) return;
    setBusy(true);
    try {
      const saved = await updateProfile(body);
      setUser(saved);
      // Checkout reads the shipping cookie first: the address just kept is now the one it shows.
      if (saved.saved_address) setShipping(saved.saved_address);
      setOutcome({ ok: true, text: PROFILE_SAVED });
    } catch (err) {
      showErrors(serverFieldErrors(err));
      setOutcome({ ok: false, text: failureMessage(err, PROFILE_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="details-title">
      <h2 id="details-title" className={styles.title}>
        Edit Details
      </h2>
      <form className={styles.passwordForm} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <TextField label="Full Name" autoComplete="name" {...bind('name')} />
        <PhoneField {...bind('phone')} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Shipping address</legend>
          <p className={styles.legendHint}>Checkout fills this in for you.</p>
          <AddressFields
            values={values}
            errors={addressErrors}
            onChange={changeAddress}
            order={ADDRESS_ORDER}
            disabled={busy}
          />
        </fieldset>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Details'}
        </Button>
        <p role="status" className={styles.saved}>
          {outcome?.ok ? outcome.text : null}
        </p>
        {outcome && !outcome.ok ? (
          <p role="alert" className={styles.failed}>
            {outcome.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}

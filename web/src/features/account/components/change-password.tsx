import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/button';
import { Notice } from '#web/components/notice';
import { showToast } from '#web/components/toast';
import { changePassword } from '../api/account-api';
import { failureMessage } from '../after-auth';
import { useFormFields } from '../use-form-fields';
import { PasswordField } from './password-field';
import styles from './profile.module.css';

const EMPTY = { oldPassword: '', newPassword: '' };

/** Change Password: the button waits for both fields and for a running request (spec section 5). */
export function ChangePassword() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { values, setValues, bind } = useFormFields(EMPTY, busy);
  const { oldPassword, newPassword } = values;
  const ready = oldPassword !== '' && newPassword !== '' && !busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await changePassword({ oldPassword, newPassword });
      setValues(EMPTY);
      showToast('Password changed');
    } catch (err) {
      setError(failureMessage(err, 'Error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.title}>
        Change Password
      </h2>
      <form className={styles.passwordForm} onSubmit={submit} noValidate aria-busy={busy}>
        <PasswordField label="Current Password" autoComplete="current-password" {...bind('oldPassword')} />
        <PasswordField label="New Password" autoComplete="new-password" {...bind('newPassword')} />
        {error ? <Notice>{error}</Notice> : null}
        <Button type="submit" variant="primary" disabled={!ready}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </section>
  );
}

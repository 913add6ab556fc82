import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/button';
import { changePassword } from '../api/account-api';
import { failureMessage } from '../after-auth';
import { PasswordField } from './password-field';
import styles from './profile.module.css';

/** Change Password: the button waits for both fields and for a running request (spec section 5). */
export function ChangePassword() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = oldPassword !== '' && newPassword !== '' && !busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await changePassword({ oldPassword, newPassword });
      setOld('');
      setNew('');
      window.alert('Password changed');
    } catch (err) {
      window.alert(failureMessage(err, 'Error'));
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
        <PasswordField
          label="Current Password"
          name="oldPassword"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOld(e.target.value)}
          disabled={busy}
        />
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          disabled={busy}
        />
        <Button type="submit" variant="primary" disabled={!ready}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </section>
  );
}

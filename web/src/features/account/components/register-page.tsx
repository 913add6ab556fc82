import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/button';
import { TextField } from '#web/components/form-field';
import { PageMeta } from '#web/components/page-meta';
import { register } from '../api/account-api';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { EMPTY_REGISTER, registerBody, registerFormSchema, type RegisterForm } from '../register-form';
import { useAuthSubmit } from '../use-auth-submit';
import { PasswordField } from './password-field';
import styles from './auth.module.css';

/** /register: creates a shopper account and signs it in; then back where the user came from, or /. */
export function RegisterPage() {
  const [form, setForm] = useState<RegisterForm>(EMPTY_REGISTER);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run, from } = useAuthSubmit('Register failed');

  const bind = (k: keyof RegisterForm) => ({
    name: k,
    value: form[k],
    disabled: busy,
    error: errors[k],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [k]: e.target.value }));
      setErrors((er) => (er[k] ? { ...er, [k]: undefined } : er));
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      e.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0] ?? ''}"]`)?.focus();
      return;
    }
    setErrors({});
    void run(() => register(registerBody(parsed.data)));
  };

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Create Account" description="Create an account to place orders and follow them." />
      <section className={styles.card} aria-labelledby="register-title">
        <h1 id="register-title" className={styles.heading}>
          Create Account
        </h1>
        <p className={styles.subtitle}>Join us for faster checkout and order tracking.</p>
        <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
          <div className={styles.pair}>
            <TextField label="First Name" autoComplete="given-name" {...bind('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" {...bind('lastName')} />
          </div>
          <TextField label="Email Address" type="email" autoComplete="email" {...bind('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" {...bind('phone')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint="At least 6 characters"
            {...bind('password')}
          />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Creating Account...' : 'Register'}
          </Button>
        </form>
        <p className={styles.switch}>
          Already have an account?{' '}
          <Link to="/login" state={from}>
            Login
          </Link>
        </p>
      </section>
    </div>
  );
}

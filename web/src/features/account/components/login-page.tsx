import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginBodySchema } from '#contract/schemas/user';
import { Button } from '#web/components/button';
import { TextField } from '#web/components/form-field';
import { PageMeta } from '#web/components/page-meta';
import { login } from '../api/account-api';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { useAuthSubmit } from '../use-auth-submit';
import { PasswordField } from './password-field';
import styles from './auth.module.css';

/** /login: e-mail and password; shoppers go back where they came from (or /), admins to /admin. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run, from } = useAuthSubmit('Login failed');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      e.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0] ?? ''}"]`)?.focus();
      return;
    }
    setErrors({});
    void run(() => login(parsed.data));
  };

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Login" description="Log in to your account to check out faster and see your orders." />
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.heading}>
          Welcome Back
        </h1>
        <p className={styles.subtitle}>Login to continue your shopping journey.</p>
        <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
          <TextField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
            error={errors.email}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            error={errors.password}
          />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Signing In...' : 'Login'}
          </Button>
        </form>
        <p className={styles.switch}>
          New to our store?{' '}
          <Link to="/register" state={from}>
            Create Account
          </Link>
        </p>
      </section>
    </div>
  );
}

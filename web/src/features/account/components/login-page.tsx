import { Link } from 'react-router';
import { loginBodySchema } from '#contract/schemas/user';
import { TextField } from '#web/components/form-field';
import { login } from '../api/account-api';
import { useAuthForm } from '../use-auth-form';
import { AuthCard, type AuthCopy } from './auth-card';
import { PasswordField } from './password-field';
import styles from './auth.module.css';

const COPY: AuthCopy = {
  title: 'Login',
  description: 'Log in to your account to check out faster and see your orders.',
  titleId: 'login-title',
  heading: 'Welcome Back',
  subtitle: 'Login to continue your shopping journey.',
  submit: 'Login',
  busy: 'Signing In...',
  switchPrompt: 'New to our store?',
  switchTo: '/register',
  switchLink: 'Create Account',
};

/** /login: e-mail and password; shoppers go back where they came from (or /), admins to /admin. */
export function LoginPage() {
  const form = useAuthForm({
    empty: { email: '', password: '' },
    schema: loginBodySchema,
    send: login,
    fallbackError: 'Login failed',
  });

  return (
    <AuthCard
      copy={COPY}
      form={form}
      below={
        <p className={styles.forgot}>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      }
    >
      <TextField label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.bind('password')} />
    </AuthCard>
  );
}

import { PhoneField } from '#web/components/phone-field';
import { TextField } from '#web/components/form-field';
import { register } from '../api/account-api';
import { EMPTY_REGISTER, registerBody, registerFormSchema } from '../register-form';
import { useAuthForm } from '../use-auth-form';
import { AuthCard, type AuthCopy } from './auth-card';
import { PasswordField } from './password-field';
import styles from './auth.module.css';

const COPY: AuthCopy = {
  title: 'Create Account',
  description: 'Create an account to place orders and follow them.',
  titleId: 'register-title',
  heading: 'Create Account',
  subtitle: 'Join us for faster checkout and order tracking.',
  submit: 'Register',
  busy: 'Creating Account...',
  switchPrompt: 'Already have an account?',
  switchTo: '/login',
  switchLink: 'Login',
};

/** /register: creates a shopper account and signs it in; then back where the user came from, or /. */
export function RegisterPage() {
  const form = useAuthForm({
    empty: EMPTY_REGISTER,
    schema: registerFormSchema,
    send: (data) => register(registerBody(data)),
    fallbackError: 'Register failed',
  });
  const { bind } = form;

  return (
    <AuthCard copy={COPY} form={form}>
      <div className={styles.pair}>
        <TextField label="First Name" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <TextField label="Email Address" type="email" autoComplete="email" {...bind('email')} />
      <PhoneField {...bind('phone')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters"
        {...bind('password')}
      />
    </AuthCard>
  );
}

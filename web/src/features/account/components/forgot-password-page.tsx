import { Link } from 'react-router';
import { forgotPasswordBodySchema } from '#contract/schemas/mail';
import { TextField } from '#web/components/form-field';
import { requestPasswordReset } from '../api/forgot-password';
import { useRecoveryForm } from '../use-recovery-form';
import { AuthCard, type AuthCopy } from './auth-card';
import { FormFailure, RecoveryNotice } from './recovery-notice';

const COPY: AuthCopy = {
  title: 'Forgot Password',
  description: 'Ask for a link to reset the password of your account.',
  titleId: 'forgot-title',
  heading: 'Forgot Password?',
  subtitle: "Enter your account's e-mail address and we'll send you a link to choose a new password.",
  submit: 'Send Reset Link',
  busy: 'Sending...',
  switchPrompt: 'Remembered it?',
  switchTo: '/login',
  switchLink: 'Login',
};

/**
 * /forgot-password (issue 26): the server answers alike whether or not the address has an account, and so does
 * this screen: it shows the server's one message in place of the form.
 */
export function ForgotPasswordPage() {
  const form = useRecoveryForm({
    empty: { email: '' },
    schema: forgotPasswordBodySchema,
    send: requestPasswordReset,
  });
  const done = form.answer && (
    <RecoveryNotice tone="done" next={<Link to="/login">Back to Login</Link>}>
      {form.answer.message}
    </RecoveryNotice>
  );

  return (
    <AuthCard copy={COPY} form={form} done={done}>
      <TextField label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
      <FormFailure failure={form.failure} fallback="Could not send the link. Please try again." />
    </AuthCard>
  );
}

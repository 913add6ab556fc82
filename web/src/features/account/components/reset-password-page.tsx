import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSetAtom } from '#web/lib/jotai';
import { ApiError } from '#web/lib/api-client';
import { clearAuthAtom } from '#web/lib/session/auth-atoms';
import { resetPassword } from '../api/reset-password';
import { EMPTY_RESET, resetFormSchema, tokenFromHash } from '../reset-form';
import { useRecoveryForm } from '../use-recovery-form';
import { AuthCard, type AuthCopy } from './auth-card';
import { PasswordField } from './password-field';
import { FormFailure, RecoveryNotice } from './recovery-notice';

const COPY: AuthCopy = {
  title: 'Reset Password',
  description: 'Choose a new password for your account.',
  titleId: 'reset-title',
  heading: 'Reset Password',
  subtitle: 'Choose a new password for your account.',
  submit: 'Save New Password',
  busy: 'Saving...',
  switchPrompt: 'Remembered it?',
  switchTo: '/login',
  switchLink: 'Login',
};

const askAgain = <Link to="/forgot-password">Ask for a new link</Link>;

/**
 * /reset-password#token=… (issue 26), the link of the reset mail. The token is read once from the fragment and
 * then cleared from the address bar (and so from the history), so it is not left for the next person at this
 * screen. A reset signs out every session of the account, this one included, and signs nobody in.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash));
  const clearAuth = useSetAtom(clearAuthAtom);
  const form = useRecoveryForm({
    empty: EMPTY_RESET,
    schema: resetFormSchema,
    send: async ({ password }: { password: string }) => {
      const answer = await resetPassword({ token: token ?? '', password });
      clearAuth();
      return answer;
    },
  });

  const { hash, pathname, search, state } = location;
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true, state });
  }, [hash, pathname, search, state, navigate]);

  const refused = form.failure instanceof ApiError && form.failure.body?.code === 'invalid_token';
  let done = null;
  if (form.answer) {
    done = (
      <RecoveryNotice tone="done" next={<Link to="/login">Sign in</Link>}>
        {form.answer.message}
      </RecoveryNotice>
    );
  } else if (!token || refused) {
    done = (
      <RecoveryNotice tone="problem" next={askAgain}>
        {token
          ? 'This reset link has expired or was already used. A link works once, for 30 minutes, and only the newest one you asked for.'
          : 'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.'}
      </RecoveryNotice>
    );
  }

  return (
    <AuthCard copy={COPY} form={form} done={done}>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint="At least 6 characters"
        {...form.bind('password')}
      />
      <PasswordField label="Repeat New Password" autoComplete="new-password" {...form.bind('confirm')} />
      <FormFailure failure={form.failure} fallback="Could not change the password. Please try again." />
    </AuthCard>
  );
}

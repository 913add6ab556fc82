import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { demoShopperCredentials, getMockToken, mockBackend } from '#mock-api/mock-store';
import { RESET_PASSWORD_MESSAGE } from '#contract/schemas/mail';
import { ApiError, TOKEN_KEY, api } from '#web/lib/api-client';
import { recordRequests } from '#web/test/requests';
import { renderWithApp } from '#web/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'ab'.repeat(32);

function HashProbe() {
  return <output data-testid="hash">{useLocation().hash}</output>;
}

function renderReset(hash = `#token=${TOKEN}`) {
  renderWithApp(
    <>
      <ResetPasswordPage />
      <HashProbe />
    </>,
    { route: `/reset-password${hash}` },
  );
  return userEvent.setup({ delay: null });
}

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, again = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Repeat New Password'), again);
  await user.click(screen.getByRole('button', { name: 'Save New Password' }));
}

/** Answers the reset call with `reply`, keeping each body it was sent. */
function answerReset(reply: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/auth/reset-password', async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

/** The link of the newest reset mail to `email`, read from the mailbox as the mock admin (it is queued after the 202). */
async function resetLinkFor(email: string): Promise<URL> {
  const token = await getMockToken('admin');
  let id: number | undefined;
  await waitFor(async () => {
    const list = await api('adminMailList', { query: { state: 'kept' }, token });
    id = list.items.find((m) => m.kind === 'password-reset' && m.to === email)?.id;
    expect(id).toBeDefined();
  });
  const mail = await api('adminMail', { params: { id: id! }, token });
  return new URL(/https?:\/\/\S+\/reset-password#token=[0-9a-f]{64}/.exec(mail.text ?? '')![0]);
}

describe('Reset password page', () => {
  it("runs the whole recovery against the mock core: forgot, the mail's link, a new password, sign in", async () => {
    const { email, password } = demoShopperCredentials((await mockBackend()).demo);
    renderWithApp(<ForgotPasswordPage />, { route: '/forgot-password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(/If an account exists for that address/)).toBeInTheDocument();

    const link = await resetLinkFor(email);
    expect(link.search).toBe('');
    cleanup();
    renderReset(link.hash);
    await choose(user, 'brand-new-pass-2');
    expect(await screen.findByText(RESET_PASSWORD_MESSAGE)).toHaveFocus();

    await expect(api('login', { body: { email, password } })).rejects.toBeInstanceOf(ApiError);
    expect((await api('login', { body: { email, password: 'brand-new-pass-2' } })).user.email).toBe(email);
  });

  it('reads the token from the fragment, then clears it from the address bar', async () => {
    renderReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('hash')).toBeEmptyDOMElement());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/);
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
  });

  it("keeps registration's password rule and asks for the same password twice, sending nothing till then", async () => {
    const seen = recordRequests();
    const user = renderReset();
    await choose(user, 'abc');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveFocus();

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Repeat New Password'));
    await choose(user, 'new-secret-1', 'new-secret-2');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat New Password')).toHaveFocus();
    expect(seen).toEqual([]);
    server.events.removeAllListeners();
  });

  it('sends the token with the new password, signs this device out and offers to sign in', async () => {
    const bodies = answerReset(() => HttpResponse.json({ message: RESET_PASSWORD_MESSAGE }));
    localStorage.setItem(TOKEN_KEY, 'an-old-session');
    const user = renderReset();
    await choose(user, 'new-secret-1');

    const status = await screen.findByText(RESET_PASSWORD_MESSAGE);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([{ token: TOKEN, password: 'new-secret-1' }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows a refused link (used, expired or superseded) on the page with the way to a new one', async () => {
    answerReset(() =>
      HttpResponse.json({ message: 'This link is no longer valid', code: 'invalid_token' }, { status: 400 }),
    );
    const user = renderReset();
    await choose(user, 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was already used/);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says a link without a token is incomplete instead of showing a form that cannot work', () => {
    renderReset('#token=not-a-token');
    expect(screen.getByRole('alert')).toHaveTextContent(/incomplete/);
    expect(screen.queryByRole('button', { name: 'Save New Password' })).not.toBeInTheDocument();
  });
});

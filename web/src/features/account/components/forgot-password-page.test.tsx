import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { FORGOT_PASSWORD_MESSAGE } from '#contract/schemas/mail';
import { recordRequests } from '#web/test/requests';
import { renderWithApp } from '#web/test/render';
import { ForgotPasswordPage } from './forgot-password-page';

function renderForgot() {
  renderWithApp(<ForgotPasswordPage />, { route: '/forgot-password' });
  return userEvent.setup({ delay: null });
}

const emailBox = () => screen.getByRole('textbox', { name: 'Email Address' });

describe('Forgot password page', () => {
  it('checks the address before asking, and says what is wrong beside the field', async () => {
    const seen = recordRequests();
    const user = renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeInTheDocument();
    await user.type(emailBox(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid e-mail')).toBeInTheDocument();
    expect(emailBox()).toHaveFocus();
    expect(seen).toEqual([]);
    server.events.removeAllListeners();
  });

  it("shows the server's one message in place of the form, as a status, focused", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/auth/forgot-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: FORGOT_PASSWORD_MESSAGE }, { status: 202 });
      }),
    );
    const user = renderForgot();
    await user.type(emailBox(), 'shopper@threadline.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const status = await screen.findByText(FORGOT_PASSWORD_MESSAGE);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveFocus();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([{ email: 'shopper@threadline.example' }]);
  });

  it('shows a refusal (too many requests) on the page and keeps the form for another try', async () => {
    server.use(
      http.post('*/api/auth/forgot-password', () =>
        HttpResponse.json(
          { message: 'Too many requests, try again later', code: 'too_many_requests' },
          { status: 429 },
        ),
      ),
    );
    const user = renderForgot();
    await user.type(emailBox(), 'shopper@threadline.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again later');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled());
    expect(emailBox()).toHaveValue('shopper@threadline.example');
  });
});

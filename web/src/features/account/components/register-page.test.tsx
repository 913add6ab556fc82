import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { server } from '#mock-api/node';
import { demoShopperCredentials, mockBackend } from '#mock-api/mock-store';
import { renderWithApp } from '#web/test/render';
import { RegisterPage } from './register-page';

const box = (name: string) => screen.getByRole('textbox', { name });

async function fill(
  values: Partial<Record<'First Name' | 'Last Name' | 'Email Address' | 'Phone' | 'Password', string>>,
) {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(values)) {
    if (!value) continue;
    await user.type(label === 'Password' ? screen.getByLabelText('Password') : box(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return user;
}

const valid = {
  'First Name': ' Ada ',
  'Last Name': ' Lovelace ',
  'Email Address': 'ada@example.com',
  Phone: '03001234567',
  Password: 'secret1',
};

describe('Register page', () => {
  it('creates the account with first and last name joined and trimmed, signs in and goes to /', async () => {
    let body: unknown;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/auth/register'))
        void request
          .clone()
          .json()
          .then((b: unknown) => (body = b));
    });
    renderWithApp(<RegisterPage />, { route: '/register', path: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await fill(valid);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '03001234567',
      password: 'secret1',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      name: 'Ada Lovelace',
      is_admin: 0,
    });
    expect(localStorage.getItem('token')).toBeTruthy();
    server.events.removeAllListeners();
  });

  it('goes back to where the user came from (e.g. the checkout)', async () => {
    renderWithApp(<RegisterPage />, {
      route: { pathname: '/register', state: { from: '/checkout' } },
      path: '/register',
    });
    await fill(valid);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });

  it('requires every field, an e-mail format and a password of at least 6', async () => {
    renderWithApp(<RegisterPage />, { route: '/register', path: '/register' });
    const user = await fill({});
    expect(box('First Name')).toHaveAccessibleDescription('First name is required');
    expect(box('Last Name')).toHaveAccessibleDescription('Last name is required');
    expect(box('Email Address')).toHaveAccessibleDescription('E-mail is required');
    expect(box('Phone')).toHaveAccessibleDescription(expect.stringContaining('Phone number is required'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password is required'),
    );
    expect(box('First Name')).toHaveFocus();
    await user.type(box('Email Address'), 'ada@');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(box('Email Address')).toHaveAccessibleDescription('Invalid e-mail');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 6 characters'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('refuses a phone checkout would refuse ("12") with checkout’s message, and sends nothing (issue 27)', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void sent.push(request.url));
    renderWithApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fill({ ...valid, Phone: '12' });
    expect(box('Phone')).toHaveAccessibleDescription('Invalid phone format 10 to 15 digits, numbers only');
    expect(box('Phone')).toHaveFocus();
    expect(sent.filter((u) => u.endsWith('/api/auth/register'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it("shows the server's message, e.g. for a taken e-mail", async () => {
    const taken = demoShopperCredentials((await mockBackend()).demo).email;
    renderWithApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fill({ ...valid, 'Email Address': taken.toUpperCase() });
    const message = await screen.findByText(/already/i, { selector: '[role="alert"]' });
    expect(message).not.toHaveTextContent('Register failed');
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('shows Register failed without a server message, and reads Creating Account... while running', async () => {
    server.use(
      http.post('*/api/auth/register', async () => {
        await delay(150);
        return new HttpResponse(null, { status: 503 });
      }),
    );
    renderWithApp(<RegisterPage />, { route: '/register', path: '/register' });
    await fill(valid);
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(box('Phone')).toBeDisabled();
    expect(await screen.findByText('Register failed')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { server } from '#mock-api/node';
import { MOCK_ADMIN, demoShopperCredentials, mockBackend } from '#mock-api/mock-store';
import { renderWithApp } from '#web/test/render';
import { LoginPage } from './login-page';

async function shopper() {
  return demoShopperCredentials((await mockBackend()).demo);
}

function renderLogin(from?: string) {
  // A memory-router entry can carry state, as a <Navigate state> or <Link state> would.
  return renderWithApp(<LoginPage />, {
    route: { pathname: '/login', state: from ? { from } : null },
    path: '/login',
  });
}

async function signInWith(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: 'Email Address' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('Login page', () => {
  it('shows the texts and links to Create Account', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Login to continue your shopping journey.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
  });

  it('offers "Forgot password?" under the form, after the Login button in tab order', async () => {
    renderLogin();
    const user = userEvent.setup({ delay: null });
    screen.getByRole('button', { name: 'Login' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends a shopper to /', async () => {
    const creds = await shopper();
    renderLogin();
    await signInWith(creds.email, creds.password);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('token')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: creds.email,
      is_admin: 0,
    });
  });

  it('sends a shopper back where they came from', async () => {
    const creds = await shopper();
    renderLogin('/checkout');
    await signInWith(creds.email, creds.password);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });

  it('never follows a "from" that leaves the site', async () => {
    const creds = await shopper();
    renderLogin('//evil.example/x');
    await signInWith(creds.email, creds.password);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('sends an admin to /admin, whatever "from" says', async () => {
    renderLogin('/checkout');
    await signInWith(MOCK_ADMIN.email, MOCK_ADMIN.password);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
  });

  it("shows the server's message above Login on failure and stays", async () => {
    const creds = await shopper();
    renderLogin();
    await signInWith(creds.email, 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows Login failed when the server gives no message', async () => {
    server.use(http.post('*/api/auth/login', () => new HttpResponse('oops', { status: 502 })));
    renderLogin();
    await signInWith('a@b.co', 'whatever');
    expect(await screen.findByText('Login failed')).toHaveAttribute('role', 'alert');
  });

  it('reads Signing In... and locks the form while running', async () => {
    server.use(
      http.post('*/api/auth/login', async () => {
        await delay(150);
        return HttpResponse.json(
          { message: 'Invalid email or password', code: 'unauthorized' },
          { status: 401 },
        );
      }),
    );
    renderLogin();
    await signInWith('a@b.co', 'whatever');
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });

  it('checks e-mail and password before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAccessibleDescription(
      'E-mail is required',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAccessibleDescription(
      'Invalid e-mail',
    );
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    const box = screen.getByLabelText('Password');
    expect(box).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(box).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { http, HttpResponse, delay } from 'msw';
import { server } from '#mock-api/node';
import { demoShopperCredentials, mockBackend } from '#mock-api/mock-store';
import { RequireUser } from '#web/app/guards';
import { money } from '#web/lib/store-config';
import { ToastRegion } from '#web/components/toast';
import { renderWithApp } from '#web/test/render';
import { shopOrder, signIn } from '#web/test/shop-session';
import { ProfilePage } from './profile-page';

function renderProfile() {
  return renderWithApp(
    <RequireUser>
      <ProfilePage />
      <ToastRegion />
    </RequireUser>,
    { route: '/profile', path: '/profile', extraRoutes: <Route path="/login" element={<p>login</p>} /> },
  );
}

describe('Profile page', () => {
  it('is for signed-in users only: others go to /login', () => {
    renderProfile();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the account information, with Not provided for what is missing', async () => {
    const auth = await signIn('shopper');
    localStorage.setItem('user', JSON.stringify({ ...auth.user, phone: '' }));
    renderProfile();
    const info = within(screen.getByRole('region', { name: 'Account Information' }));
    expect(info.getByText(auth.user.name)).toBeInTheDocument();
    expect(info.getByText(auth.user.email)).toBeInTheDocument();
    expect(info.getByText('Not provided')).toBeInTheDocument();
  });

  it("lists the user's orders after a spinner: id, local date, total in the store currency and a badge per status", async () => {
    await signIn('shopper');
    server.use(
      http.get('*/api/orders/my', async () => {
        await delay(50);
        return HttpResponse.json([
          shopOrder(9, 'PENDING', 1234.5),
          shopOrder(8, 'Shipped', 40),
          shopOrder(7, 'processing', 1),
          shopOrder(6, 'completed', 2),
          shopOrder(5, 'Cancelled', 3),
          shopOrder(4, 'on hold', 4),
        ]);
      }),
    );
    renderProfile();
    const orders = within(screen.getByRole('region', { name: 'Your Orders' }));
    expect(orders.getByRole('status')).toHaveTextContent('Loading orders…');
    const items = await orders.findAllByRole('listitem');
    expect(items).toHaveLength(6);
    const first = within(items[0]!);
    expect(first.getByText('Order #9')).toBeInTheDocument();
    expect(first.getByText(new Date('2026-03-04T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(first.getByText(money(1234.5))).toBeInTheDocument();
    expect(money(1234.5)).not.toMatch(/PKR|Rs/);
    const kinds = items.map((li) => li.querySelector('[data-status]')?.getAttribute('data-status'));
    expect(kinds).toEqual(['pending', 'shipped', 'processing', 'completed', 'cancelled', 'other']);
  });

  it('shows No orders found when there are none, and Try again (not the empty state) when the call fails', async () => {
    await signIn('shopper');
    server.use(http.get('*/api/orders/my', () => HttpResponse.json([])));
    const first = renderProfile();
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    first.unmount();
    server.use(http.get('*/api/orders/my', () => new HttpResponse(null, { status: 500 })));
    renderProfile();
    expect(await screen.findByText('Could not load your orders.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('No orders found')).toBeNull();
  });

  it('enables Update Password only when both fields are filled and while not running; success toasts Password changed and clears', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    const { password } = demoShopperCredentials((await mockBackend()).demo);
    server.use(
      http.put('*/api/auth/password', async () => {
        await delay(100);
        return undefined;
      }),
    );
    renderProfile();
    const button = screen.getByRole('button', { name: 'Update Password' });
    const current = screen.getByLabelText('Current Password');
    const next = screen.getByLabelText('New Password');
    expect(button).toBeDisabled();
    await user.type(current, password);
    expect(button).toBeDisabled();
    await user.type(next, 'brand-new-pass');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(current).toBeDisabled();
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Password changed').closest('[role="status"]')).not.toBeNull();
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
    // The new password works.
    const b = await mockBackend();
    const creds = demoShopperCredentials(b.demo);
    await expect(
      b.core.auth.login({ email: creds.email, password: 'brand-new-pass' }),
    ).resolves.toMatchObject({ token: expect.any(String) });
  });

  it("shows the server's message on failure, or Error without one, and keeps the inputs", async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    renderProfile();
    await user.type(screen.getByLabelText('Current Password'), 'not-my-password');
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByLabelText('Current Password')).toHaveValue('not-my-password');

    server.use(http.put('*/api/auth/password', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Error$/));
  });
});

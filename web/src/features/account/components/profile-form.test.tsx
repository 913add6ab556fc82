import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { mockBackend } from '#mock-api/mock-store';
import { RequireUser } from '#web/app/guards';
import { USER_KEY } from '#web/lib/session/auth-atoms';
import { messageOf } from '#web/test/checkout-kit';
import { renderWithApp } from '#web/test/render';
import { signIn } from '#web/test/shop-session';
import { ProfilePage } from './profile-page';

function renderProfile() {
  return renderWithApp(
    <RequireUser>
      <ProfilePage />
    </RequireUser>,
    { route: '/profile', path: '/profile', extraRoutes: <Route path="/login" element={<p>login</p>} /> },
  );
}

const form = () => within(screen.getByRole('region', { name: 'Edit Details' }));
const box = (name: string) => form().getByRole('textbox', { name });

/** Issue 27: the profile's edit form, on the page's own messages (no dialog). */
describe('Edit Details', () => {
  it('saves name, phone and address; says so in a status line; the account information follows', async () => {
    const user = userEvent.setup({ delay: null });
    const auth = await signIn('shopper');
    renderProfile();
    await user.clear(box('Full Name'));
    await user.type(box('Full Name'), 'Robin Hood');
    await user.clear(box('Phone'));
    await user.type(box('Phone'), '03001234567');
    await user.type(box('Address'), 'House 12');
    await user.type(box('Street'), 'Mall Road');
    await user.type(box('Town / City'), 'Lahore');
    await user.click(form().getByRole('button', { name: 'Save Details' }));
    // The status line is there from the start (a live region is announced only if it was): wait for its text.
    await waitFor(() => expect(form().getByRole('status')).toHaveTextContent('Your details are saved.'));
    const info = within(screen.getByRole('region', { name: 'Account Information' }));
    expect(info.getByText('Robin Hood')).toBeInTheDocument();
    const stored = (await mockBackend()).core.deps.stores.users.get(auth.user.id);
    expect(stored).toMatchObject({ name: 'Robin Hood', phone: '03001234567' });
    expect(stored?.saved_address).toMatchObject({ address: 'House 12', street: 'Mall Road', city: 'Lahore' });
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}').saved_address.city).toBe('Lahore');
  }, 60_000);

  it('refuses the phone checkout refuses, beside the field, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void sent.push(`${request.method} ${request.url}`));
    renderProfile();
    await user.clear(box('Phone'));
    await user.type(box('Phone'), '12');
    await user.click(form().getByRole('button', { name: 'Save Details' }));
    expect(messageOf(box('Phone'))).toBe('Invalid phone format');
    expect(box('Phone')).toHaveFocus();
    expect(sent.filter((r) => r.startsWith('PUT'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it("shows the server's refusal in an alert on the page, and its field messages beside the fields", async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    server.use(
      http.put('*/api/auth/me', () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            fields: { 'saved_address.city': 'Too long' },
          },
          { status: 400 },
        ),
      ),
    );
    renderProfile();
    await user.clear(box('Phone'));
    await user.type(box('Phone'), '03001234567');
    await user.click(form().getByRole('button', { name: 'Save Details' }));
    expect(await form().findByText('Validation failed')).toHaveAttribute('role', 'alert');
    expect(messageOf(box('Town / City'))).toBe('Too long');
  });
});

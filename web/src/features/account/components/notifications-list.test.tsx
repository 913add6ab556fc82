import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '#web/lib/api-client';
import { renderWithApp } from '#web/test/render';
import { signIn } from '#web/test/shop-session';
import { oneBackInStock } from '#web/test/stock-kit';
import { ProfilePage } from './profile-page';

configure({ asyncUtilTimeout: 4000 });

const section = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('Profile notifications', () => {
  it('says there are none yet', async () => {
    await signIn('shopper');
    renderWithApp(<ProfilePage />, { route: '/profile' });
    expect(await section().findByText(/^No notifications yet/)).toBeInTheDocument();
  });

  it('lists a size that is back in stock, links to the product, and marks it read', async () => {
    const { p, size, color } = await oneBackInStock(0, 4);

    const user = userEvent.setup();
    renderWithApp(<ProfilePage />, { route: '/profile' });
    const link = await section().findByRole('link', { name: p.title });
    expect(link).toHaveAttribute('href', `/product/${p.id}`);
    const item = link.closest('li')!;
    expect(item).toHaveTextContent(`Size ${size}, colour ${color} is back in stock`);
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(section().getByText('1 unread')).toBeInTheDocument();
    const [note] = await api('listNotifications');
    expect(within(item).getByText(new Date(note!.created_at).toLocaleDateString())).toBeInTheDocument();

    await user.click(
      within(item).getByRole('button', { name: `Mark ${p.title} (Size ${size}, colour ${color}) as read` }),
    );
    await waitFor(() => expect(within(item).queryByText('New')).not.toBeInTheDocument());
    expect(section().queryByText('1 unread')).not.toBeInTheDocument();
    expect(await api('listNotifications')).toMatchObject([{ id: note!.id, read: true }]);
  });

  it('marks a notification read when the shopper opens it', async () => {
    const { p } = await oneBackInStock(1, 1);

    const user = userEvent.setup();
    renderWithApp(<ProfilePage />, { route: '/profile' });
    await user.click(await section().findByRole('link', { name: p.title }));
    await waitFor(async () => expect(await api('listNotifications')).toMatchObject([{ read: true }]));
  });
});

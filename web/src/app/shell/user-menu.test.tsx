import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '#web/features/account/components/profile-page';
import { api } from '#web/lib/api-client';
import { recordRequests } from '#web/test/requests';
import { renderWithApp } from '#web/test/render';
import { signIn } from '#web/test/shop-session';
import { adminRestock, oneBackInStock, reseedWithStock, shopperWaitsFor, stockOf } from '#web/test/stock-kit';
import { server } from '#mock-api/node';
import { Header } from './header';
import { UserMenu } from './user-menu';

configure({ asyncUtilTimeout: 4000 });

describe('Account menu notifications badge', () => {
  it('counts unread back-in-stock notifications and drops as the profile marks them read', async () => {
    const {
      products: [p],
    } = await reseedWithStock((q) =>
      stockOf(q, { [`${q.sizes[0]}|${q.colors[0]}`]: 0, [`${q.sizes[1]}|${q.colors[0]}`]: 0 }),
    );
    const [s0, s1, c0] = [p!.sizes[0]!, p!.sizes[1]!, p!.colors[0]!];
    const auth = await signIn('shopper');
    await shopperWaitsFor(p!, s0, c0);
    await shopperWaitsFor(p!, s1, c0);
    await adminRestock(p!, [
      { size: s0, color: c0, quantity: 2 },
      { size: s1, color: c0, quantity: 2 },
    ]);
    await waitFor(async () => expect(await api('listNotifications')).toHaveLength(2));

    const user = userEvent.setup();
    renderWithApp(
      <>
        <UserMenu user={auth.user} />
        <ProfilePage />
      </>,
      { route: '/profile' },
    );
    const name = auth.user.name || auth.user.email;
    const trigger = await screen.findByRole('button', { name: `Hi, ${name}, 2 unread notifications` });
    expect(within(trigger).getByTestId('notifications-badge')).toHaveTextContent('2');
    await user.hover(trigger);
    expect(screen.getByRole('link', { name: 'Profile, 2 unread notifications' })).toHaveAttribute(
      'href',
      '/profile',
    );

    const profile = within(screen.getByRole('region', { name: 'Notifications' }));
    const marks = await profile.findAllByRole('button', { name: /^Mark .* as read$/ });
    await user.click(marks[0]!);
    expect(
      await screen.findByRole('button', { name: `Hi, ${name}, 1 unread notification` }),
    ).toBeInTheDocument();
    await user.click(profile.getByRole('button', { name: /^Mark .* as read$/ }));
    expect(await screen.findByRole('button', { name: `Hi, ${name}` })).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  });

  it('on a phone, the menu button and the side menu’s Profile carry the unread count', async () => {
    await oneBackInStock(0, 2);

    const user = userEvent.setup();
    renderWithApp(<Header />);
    await user.click(await screen.findByRole('button', { name: 'Open menu, 1 unread notification' }));
    expect(await screen.findByRole('link', { name: 'Profile 1 new notification' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('asks nothing for an admin', async () => {
    const auth = await signIn('admin');
    const seen = recordRequests();
    renderWithApp(<UserMenu user={auth.user} />);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.filter((r) => r.includes('/notifications'))).toEqual([]);
    server.events.removeAllListeners();
  });
});

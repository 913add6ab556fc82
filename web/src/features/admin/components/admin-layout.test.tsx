import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import { renderWithApp } from '#web/test/render';
import { AdminRoutes } from '../admin-routes';
import { adminStore, renderAsAdmin } from '#web/test/admin-kit';

describe('Admin layout', () => {
  it('has the sidebar titles, the six links with the active one marked, and the admin badge', async () => {
    const user = userEvent.setup();
    renderWithApp(<AdminRoutes />, {
      route: '/admin/categories',
      path: '/admin/*',
      store: await adminStore(),
    });
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByText('Management Dashboard')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Admin sections' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Products', '/admin/products'],
      ['Categories', '/admin/categories'],
      ['Orders', '/admin/orders'],
      ['Activity', '/admin/activity'],
      ['Mailbox', '/admin/mail'],
    ]);
    expect(nav.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Store Admin')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();

    await user.click(nav.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { name: 'Orders Management' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');

    await user.click(nav.getByRole('link', { name: 'Activity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');

    await user.click(nav.getByRole('link', { name: 'Mailbox' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
  });

  it('falls back to the e-mail when the admin has no name', () => {
    const store = createAppStore();
    store.set(userAtom, { id: 1, name: '', email: 'boss@threadline.test', phone: '', is_admin: 1 });
    renderWithApp(<AdminRoutes />, { route: '/admin/orders', path: '/admin/*', store });
    expect(screen.getByText('boss@threadline.test')).toBeInTheDocument();
  });

  it('has no menu button of its own, shows every section and a View shop link to the storefront', async () => {
    await renderAsAdmin(<AdminRoutes />, { route: '/admin/orders', path: '/admin/*' });
    expect(screen.queryByRole('button', { name: 'Admin menu' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'View shop' })).toHaveAttribute('href', '/');
  });
});

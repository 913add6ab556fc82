import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RequireAdmin } from '#web/app/guards';
import { createAppStore } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import { renderWithApp } from '#web/test/render';
import { AdminRoutes } from './admin-routes';
import { adminStore } from '#web/test/admin-kit';

function renderAdminAt(route: string, store = createAppStore()) {
  return renderWithApp(
    <RequireAdmin>
      <AdminRoutes />
    </RequireAdmin>,
    { route, path: '/admin/*', store },
  );
}

describe('The admin guard', () => {
  it('sends a signed-out visitor to /login', () => {
    renderAdminAt('/admin/orders');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });

  it('sends a shopper to /', () => {
    const store = createAppStore();
    localStorage.setItem('token', 'shopper-token');
    store.set(userAtom, { id: 5, name: 'Sam', email: 'sam@threadline.test', phone: '1555', is_admin: 0 });
    renderAdminAt('/admin', store);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });

  it('lets an admin in: the dashboard inside the admin layout', async () => {
    renderAdminAt('/admin', await adminStore());
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });
});

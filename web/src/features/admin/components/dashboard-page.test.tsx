import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { adminTestStore } from '#web/test/admin-data';
import { apiFailure, renderAsAdmin } from '#web/test/admin-kit';
import { DashboardPage } from './dashboard-page';

describe('Admin dashboard', () => {
  it('shows the loading text, then totals and the ranked best sellers', async () => {
    server.use(
      http.get('*/api/admin/sales-report', () =>
        HttpResponse.json({
          stats: { total_sales: 1250.5, orders_count: 3 },
          best_selling: [
            { product_id: 4, product_title: 'Striped Tee', total_qty: 7 },
            { product_id: 1, product_title: 'Classic Cotton Tee', total_qty: 2 },
          ],
        }),
      ),
    );
    await renderAsAdmin(<DashboardPage />);
    expect(screen.getByText('Loading dashboard data...')).toBeInTheDocument();
    expect(await screen.findByText('USD 1,250.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Overview of your store performance.')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Growing')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Total Orders' })).getByText('3')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('#1 Best Seller');
    expect(items[0]).toHaveTextContent('Striped Tee');
    expect(items[0]).toHaveTextContent('7 sold');
    expect(items[1]).toHaveTextContent('#2 Best Seller');
  });

  it('counts real orders from the store (cancelled excluded by the server)', async () => {
    await resetMockStore(adminTestStore());
    await renderAsAdmin(<DashboardPage />);
    expect(
      within(await screen.findByRole('article', { name: 'Total Orders' })).getByText('3'),
    ).toBeInTheDocument();
    expect(screen.getByText('Classic Cotton Tee')).toBeInTheDocument();
  });

  it('falls back to zeros and No sales data available yet. when the report fails', async () => {
    server.use(http.get('*/api/admin/sales-report', apiFailure(403, 'forbidden')));
    await renderAsAdmin(<DashboardPage />);
    expect(await screen.findByText('No sales data available yet.')).toBeInTheDocument();
    expect(screen.getByText('USD 0')).toBeInTheDocument();
  });
});

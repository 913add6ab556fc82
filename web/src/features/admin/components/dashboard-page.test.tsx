import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(await screen.findByText('USD 1,250.50', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Overview of your store performance.')).toBeInTheDocument();
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
      within(await screen.findByRole('article', { name: 'Total Orders' }, { timeout: 5_000 })).getByText('3'),
    ).toBeInTheDocument();
    expect(screen.getByText('Classic Cotton Tee')).toBeInTheDocument();
  });

  it('shows Try again, not zeros and the empty list, when the report fails; Try again recovers', async () => {
    const user = userEvent.setup();
    await resetMockStore(adminTestStore());
    server.use(http.get('*/api/admin/sales-report', apiFailure()));
    await renderAsAdmin(<DashboardPage />);
    expect(await screen.findByText('Could not load the dashboard.')).toBeInTheDocument();
    expect(screen.queryByText('No sales data available yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('USD 0')).not.toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(
      within(await screen.findByRole('article', { name: 'Total Orders' }, { timeout: 5_000 })).getByText('3'),
    ).toBeInTheDocument();
  });

  it("tags each card with the change of the last 30 days against the 30 before, from the report's days", async () => {
    const today = new Date().toISOString().slice(0, 10);
    server.use(
      http.get('*/api/admin/sales-report', ({ request }) => {
        const url = new URL(request.url);
        const from = url.searchParams.get('from');
        const base = { stats: { total_sales: 300, orders_count: 4 }, best_selling: [] };
        if (!from) return HttpResponse.json(base);
        // 60 days: 1 order of 100 in the older 30 days, 3 orders of 200 in total in the last 30 (today's included).
        const days = Array.from({ length: 60 }, (_, i) => {
          const date = new Date(Date.parse(`${today}T00:00:00Z`) - (59 - i) * 86_400_000)
            .toISOString()
            .slice(0, 10);
          if (i === 0) return { date, revenue: 100, orders: 1 };
          if (i === 59) return { date, revenue: 200, orders: 3 };
          return { date, revenue: 0, orders: 0 };
        });
        return HttpResponse.json({
          ...base,
          range: {
            from,
            to: url.searchParams.get('to'),
            days,
            revenue: 300,
            orders: 4,
            average_order_value: 75,
            counts: {},
            top_sizes: [],
            top_colors: [],
          },
        });
      }),
    );
    await renderAsAdmin(<DashboardPage />);
    expect(await screen.findByTestId('tag-sales', {}, { timeout: 5_000 })).toHaveTextContent(
      '+100% vs previous 30 days',
    );
    expect(screen.getByTestId('tag-orders')).toHaveTextContent('+200% vs previous 30 days');
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Growing')).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { adminTestStore } from '#web/test/admin-data';
import { apiFailure, renderAsAdmin } from '#web/test/admin-kit';
import { DashboardPage } from './dashboard-page';
import { comparedRange } from '../dashboard-tags';

/**
 * "Sales over time" against the MSW core (the server's own report code): today is faked to 10 Feb 2026,
 * with orders on 20 Jan (59.98), 5 Feb (59.98), 9 Feb (40) and a cancelled one on 9 Feb (100) that
 * never counts.
 */
const NOW = new Date('2026-02-10T15:00:00Z');

function rangeStore() {
  const store = adminTestStore();
  const [o1, o2, o3] = store.orders as [(typeof store.orders)[number], ...typeof store.orders];
  o1.created_at = '2026-01-20T09:30:00.000Z';
  o2!.created_at = '2026-02-05T12:00:00.000Z';
  o3!.created_at = '2026-02-09T23:59:00.000Z';
  o3!.total = 40;
  store.orders.push({
    ...o3!,
    id: 4,
    status: 'cancelled',
    total: 100,
    created_at: '2026-02-09T08:00:00.000Z',
  });
  return store;
}

/** The query of every range request of the section, in order ("from=...&to=..."). */
function recordRangeQueries(): string[] {
  const seen: string[] = [];
  // The dashboard's tags ask for their own 60 days (dashboard-tags.ts): not the section's.
  const tags = comparedRange(NOW.toISOString().slice(0, 10));
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/admin/sales-report' || !url.search) return;
    if (url.searchParams.get('from') === tags.from && url.searchParams.get('to') === tags.to) return;
    seen.push(url.searchParams.toString());
  });
  return seen;
}

const section = () => screen.getByRole('region', { name: 'Sales over time' });
/** The value shown under a figure's name. */
const figure = (term: string) => within(section()).getByText(term, { selector: 'dt' }).nextElementSibling;

async function open() {
  await resetMockStore(rangeStore());
  const queries = recordRangeQueries();
  await renderAsAdmin(<DashboardPage />);
  await within(section()).findByText('USD 159.96');
  return { queries, user: userEvent.setup() };
}

describe('Admin dashboard: sales over time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
    server.events.removeAllListeners();
  });

  it('starts on Last 30 days with its figures, statuses, sizes, colours and chart', async () => {
    const { queries } = await open();
    expect(queries).toEqual(['from=2026-01-12&to=2026-02-10']);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(section()).getByText('12 Jan 2026 – 10 Feb 2026 (UTC)')).toBeInTheDocument();
    expect(figure('Revenue')).toHaveTextContent('USD 159.96');
    expect(figure('Orders')).toHaveTextContent('3');
    expect(figure('Average order value')).toHaveTextContent('USD 53.32');

    const statuses = within(screen.getByRole('region', { name: 'Orders by status' })).getAllByRole(
      'listitem',
    );
    expect(statuses.map((li) => li.textContent)).toEqual([
      'pending1',
      'processing1',
      'shipped1',
      'completed0',
      'cancelled1',
    ]);
    const sizes = within(screen.getByRole('region', { name: 'Top sizes' })).getAllByRole('listitem');
    expect(sizes.map((li) => li.textContent)).toEqual(['M2 sold', '321 sold']);
    const colours = within(screen.getByRole('region', { name: 'Top colours' })).getAllByRole('listitem');
    expect(colours.map((li) => li.textContent)).toEqual(['Navy2 sold', 'Indigo1 sold']);

    expect(
      screen.getByRole('img', {
        name: 'Revenue per day from 12 Jan 2026 to 10 Feb 2026: USD 159.96 from 3 orders. Highest: USD 59.98 on 20 Jan 2026.',
      }),
    ).toBeInTheDocument();
    // The spec's all-time cards are still there, untouched by the range.
    expect(within(screen.getByRole('article', { name: 'Total Orders' })).getByText('3')).toBeInTheDocument();
  });

  it('Last 7 days asks for today and the 6 days before, and shows their figures', async () => {
    const { queries, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('USD 99.98'));
    expect(queries.at(-1)).toBe('from=2026-02-04&to=2026-02-10');
    expect(figure('Orders')).toHaveTextContent('2');
    expect(figure('Average order value')).toHaveTextContent('USD 49.99');
    expect(
      within(screen.getByRole('region', { name: 'Top sizes' })).getByText('Nothing sold in this range.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Revenue per day from 4 Feb 2026 to 10 Feb 2026/ }),
    ).toBeInTheDocument();
  });

  it('Show as table reveals the chart as a table: one row per day, cancelled orders left out', async () => {
    const { user } = await open();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Revenue per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Orders', 'Revenue']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('12 Jan 2026');
    const cells = (row: HTMLElement) => [...row.children].map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual(['12 Jan 2026', '0', 'USD 0']);
    expect(cells(rows[8]!)).toEqual(['20 Jan 2026', '1', 'USD 59.98']);
    expect(cells(rows[28]!)).toEqual(['9 Feb 2026', '1', 'USD 40']);
    expect(cells(rows[29]!)).toEqual(['10 Feb 2026', '0', 'USD 0']);

    await user.click(toggle);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Last 12 months draws a bar per month and its table says so', async () => {
    const { queries, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(queries.at(-1)).toBe('from=2025-02-11&to=2026-02-10'));
    expect(
      await screen.findByRole('img', { name: /^Revenue per month from 11 Feb 2025 to 10 Feb 2026/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(screen.getByRole('table', { name: 'Revenue per month' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual([
      'Feb 2025',
      'Mar 2025',
      'Apr 2025',
      'May 2025',
      'Jun 2025',
      'Jul 2025',
      'Aug 2025',
      'Sep 2025',
      'Oct 2025',
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
    ]);
    expect(rows.at(-2)).toHaveTextContent('Jan 20261USD 59.98');
    expect(rows.at(-1)).toHaveTextContent('Feb 20262USD 99.98');
  });

  it('a custom range is checked beside its fields before it is asked for', async () => {
    const { queries, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2026-01-12');
    expect(to).toHaveValue('2026-02-10');

    await user.clear(to);
    await user.type(to, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(to).toHaveAccessibleDescription('To must be on or after From.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(from).not.toHaveAttribute('aria-invalid');

    await user.clear(from);
    await user.type(from, '2000-01-01');
    expect(to).toHaveAccessibleDescription('A range can span at most 3,700 days.');

    await user.clear(from);
    expect(from).toHaveAccessibleDescription('Enter the first day of the range.');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(queries).toEqual(['from=2026-01-12&to=2026-02-10']); // nothing invalid was sent

    await user.type(from, '2026-01-20');
    await user.clear(to);
    await user.type(to, '2026-01-20{Enter}');
    expect(from).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(queries.at(-1)).toBe('from=2026-01-20&to=2026-01-20'));
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('USD 59.98'));
    expect(figure('Orders')).toHaveTextContent('1');
    expect(within(section()).getByText('20 Jan 2026 – 20 Jan 2026 (UTC)')).toBeInTheDocument();
  });

  it('a range without sales says so instead of drawing an empty chart', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-02-03');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(section()).findByText('No sales in this range')).toBeInTheDocument();
    expect(within(section()).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
    expect(figure('Revenue')).toHaveTextContent('USD 0');
  });

  it('a failed range load says so and can be tried again', async () => {
    await resetMockStore(rangeStore());
    server.use(http.get('*/api/admin/sales-report', apiFailure(500), { once: true }));
    await renderAsAdmin(<DashboardPage />);
    const user = userEvent.setup();
    expect(await screen.findByText('Could not load sales for this range.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('USD 159.96')).toBeInTheDocument();
  });
});

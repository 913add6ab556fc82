import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import type { ProductFormBody } from '#contract/schemas/product';
import { api } from '#web/lib/api-client';
import { adminTestStore } from '#web/test/admin-data';
import { adminStore, apiFailure } from '#web/test/admin-kit';
import { renderWithApp } from '#web/test/render';
import { ActivityPage } from './activity-page';
import { textsOf } from '#web/test/texts';

/** The fields of test product 2 (Slim Fit Jeans) as the product modal would send them. */
const JEANS: ProductFormBody = {
  title: 'Slim Fit Jeans',
  description: 'Slim Fit Jeans',
  regular_price: 60,
  sale_price: '',
  sku: 'TL-2',
  category: 2,
  sizes: ['30', '32'],
  colors: ['Indigo'],
};

/** The admin test store, signed in as the mock admin (whose token the changes below go with). */
async function signedIn() {
  await resetMockStore(adminTestStore());
  return adminStore();
}

async function renderActivity(store: Awaited<ReturnType<typeof signedIn>>, route = '/admin/activity') {
  const user = userEvent.setup();
  renderWithApp(<ActivityPage />, { route, store });
  expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
  return user;
}

const entry = (name: string) => screen.getByRole('listitem', { name });
const entries = () => within(screen.getByRole('list', { name: 'Activity entries' })).getAllByRole('listitem');
/** A changed field's row: [field, before, after] (a side left out for a create or delete is absent). */
const change = (item: HTMLElement, field: string) =>
  textsOf(within(item).getByRole('rowheader', { name: field }).closest('tr')!, 'cell');
const location = () => screen.getByTestId('location').textContent;

describe('Admin activity', () => {
  it("lists the admin's price change and order status change, newest first, with before and after", async () => {
    const store = await signedIn();
    // Once the description is stored as sent, the second save changes the price alone.
    await api('updateProduct', { params: { id: 2 }, body: JEANS });
    await api('updateProduct', { params: { id: 2 }, body: { ...JEANS, regular_price: 64.5 } });
    await api('updateOrderStatus', { params: { id: 1 }, body: { status: 'shipped' } });
    await renderActivity(store);

    const status = await screen.findByRole('listitem', { name: 'Changed status of Order #1' });
    expect(entries()[0]).toBe(status);
    expect(textsOf(status, 'columnheader')).toEqual(['Field', 'Before', 'After']);
    expect(change(status, 'Status')).toEqual(['pending', 'shipped']);
    expect(within(status).getByText(/by Store Admin/)).toBeInTheDocument();

    const [, priced] = entries();
    expect(priced).toHaveAccessibleName('Updated product “Slim Fit Jeans”');
    expect(within(priced!).getAllByRole('row')).toHaveLength(2); // header + the price alone
    expect(change(priced!, 'Regular price')).toEqual(['USD 60', 'USD 64.50']);
    // When, in the admin's own time: a <time> carrying the stored instant.
    const when = priced!.querySelector('time')!;
    expect(
      new Date(when.dateTime).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    ).toBe(when.textContent);
    expect(screen.getByText(/3 changes, newest first/)).toBeInTheDocument();
  });

  it('filters by record type and by who made the change, in the URL, with a clear way back', async () => {
    const store = await signedIn();
    await api('updateProduct', { params: { id: 2 }, body: { ...JEANS, regular_price: 61 } });
    await api('updateOrderStatus', { params: { id: 2 }, body: { status: 'completed' } });
    const user = await renderActivity(store);
    await screen.findByRole('listitem', { name: 'Changed status of Order #2' });
    expect(entries()).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'Orders');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entry('Changed status of Order #2')).toBeInTheDocument();
    expect(location()).toBe('/admin/activity?entity=order');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'Categories');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(location()).toBe('/admin/activity');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    const who = screen.getByRole('combobox', { name: 'Changed by' });
    expect(textsOf(who, 'option')).toEqual(['Anyone', 'Store Admin']);
    await user.selectOptions(who, 'Store Admin');
    expect(location()).toMatch(/^\/admin\/activity\?actor=\d+$/);
    await waitFor(() => expect(entries()).toHaveLength(2));
  });

  it('reads its filters from the URL and filters by days', async () => {
    const store = await signedIn();
    await api('updateOrderStatus', { params: { id: 3 }, body: { status: 'completed' } });
    const user = await renderActivity(store, '/admin/activity?entity=product');
    expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('product');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'All');
    await screen.findByRole('listitem', { name: 'Changed status of Order #3' });
    await user.type(screen.getByLabelText('From'), '2099-01-01');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    expect(location()).toBe('/admin/activity?from=2099-01-01');
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2099-01-01');
    await user.type(screen.getByLabelText('To'), '2099-01-31');
    await waitFor(() => expect(location()).toBe('/admin/activity?from=2099-01-01&to=2099-01-31'));
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2099-01-31');
  });

  it('says so when nothing has been changed yet', async () => {
    const store = await signedIn();
    await renderActivity(store);
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).not.toBeInTheDocument();
  });

  it('shows a new product as its values, six fields first, and all of them on request', async () => {
    const store = await signedIn();
    await api('createProduct', {
      body: {
        ...JEANS,
        title: 'Linen Shirt',
        sku: 'LS-1',
        description: `<p>Woven <strong>linen</strong> &amp; cool.</p><p>${'Breathes well. '.repeat(20)}</p>`,
        sale_price: 49.9,
        category: 1,
        sizes: ['S', 'M'],
        colors: ['Sand', 'Sky'],
      },
    });
    const user = await renderActivity(store);
    const made = await screen.findByRole('listitem', { name: 'Created product “Linen Shirt”' });
    // A create has no "before": only the values it was made with.
    expect(textsOf(made, 'columnheader')).toEqual(['Field', 'After']);
    const total = within(made).getAllByRole('row').length - 1;
    expect(total).toBe(6);
    const more = within(made).getByRole('button', { name: /^Show all \d+ changes$/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const n = Number(/\d+/.exec(more.textContent ?? '')![0]);
    expect(n).toBeGreaterThan(6);

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveTextContent('Show fewer changes');
    expect(within(made).getAllByRole('row')).toHaveLength(n + 1);
    expect(change(made, 'Sale price')).toEqual(['USD 49.90']);
    expect(change(made, 'Sizes')).toEqual(['S, M']);
    expect(change(made, 'Colors')).toEqual(['Sand, Sky']);
    expect(change(made, 'Categories')).toEqual(['T-Shirts']);

    // The description reads as plain text, clamped behind its own toggle.
    const description = within(made).getByRole('rowheader', { name: 'Description' }).closest('tr')!;
    expect(description).toHaveTextContent('Woven linen & cool.');
    expect(description.innerHTML).not.toContain('<strong>');
    const toggle = within(description).getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Show less');
  });

  it('pages 20 entries at a time, the page in the URL', async () => {
    const store = await signedIn();
    for (let i = 1; i <= 21; i++)
      await api('updateProduct', { params: { id: 2 }, body: { ...JEANS, regular_price: 60 + i } });
    const user = await renderActivity(store);
    await screen.findAllByRole('listitem', { name: 'Updated product “Slim Fit Jeans”' });
    await waitFor(() => expect(entries()).toHaveLength(20));
    expect(change(entries()[0]!, 'Regular price')).toEqual(['USD 80', 'USD 81']);

    const pager = screen.getByRole('navigation', { name: 'Activity pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/admin/activity?page=2');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(change(entries()[0]!, 'Regular price')).toEqual(['USD 60', 'USD 61']);
  });

  it('offers a retry when the log cannot be loaded', async () => {
    const store = await signedIn();
    server.use(http.get('*/api/admin/activity', apiFailure()));
    const user = await renderActivity(store);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the activity log.');
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { readCookie } from '#web/lib/cookies';
import { money } from '#web/lib/store-config';
import { CART_COOKIE } from '#web/lib/session/cart-atoms';
import { SHIPPING_COOKIE } from '#web/lib/session/shipping-atoms';
import { renderWithApp } from '#web/test/render';
import { demoProducts, lineFor, seedCart } from '#web/test/shop-session';
import { CartPage } from './cart-page';

const TOAST = 'Cart updated successfully ✅';

/** The toast is announced: it sits in a polite live region. */
function expectToast() {
  expect(screen.getByText(TOAST).closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
}

function totalsBox() {
  return within(screen.getByRole('region', { name: 'Cart Totals' }));
}

function totalsRow(name: string) {
  return totalsBox().getByText(name).nextElementSibling;
}

async function setupCart(qty = 1) {
  const [p, q] = await demoProducts();
  if (!p || !q) throw new Error('demo store needs two products with sizes and colours');
  const a = lineFor(p, qty);
  const b = lineFor(q, 1);
  seedCart([a, b]);
  return { a, b };
}

describe('Cart page', () => {
  let errorSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    errorSpy.mockRestore();
    vi.useRealTimers();
  });

  it('shows the empty state with a Start Shopping link', () => {
    renderWithApp(<CartPage />, { route: '/cart' });
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  });

  it('falls back to an empty cart when the cookie is corrupt', () => {
    document.cookie = `${CART_COOKIE}=${encodeURIComponent('{"lines":[{"productId":"x"}')}; path=/`;
    renderWithApp(<CartPage />, { route: '/cart' });
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('lists the lines in a table with Product, Price, Quantity, Subtotal and Action', async () => {
    const { a, b } = await setupCart(2);
    renderWithApp(<CartPage />, { route: '/cart' });
    const table = screen.getByRole('table');
    for (const col of ['Product', 'Price', 'Quantity', 'Subtotal', 'Action']) {
      expect(within(table).getByRole('columnheader', { name: col })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: a.title })).toHaveAttribute(
      'href',
      `/product/${a.productId}`,
    );
    expect(within(rows[0]!).getByText(money(a.price * 2))).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: b.title })).toBeInTheDocument();
    expect(totalsRow('Subtotal')).toHaveTextContent(money(a.price * 2 + b.price));
  });

  it('keeps quantity edits local until Update Cart applies them and shows the toast for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { a, b } = await setupCart(1);
    renderWithApp(<CartPage />, { route: '/cart' });
    const qty = screen.getByRole('spinbutton', { name: new RegExp(`^Quantity of ${a.title}`) });
    await user.clear(qty);
    await user.type(qty, '3');
    await user.click(screen.getAllByRole('button', { name: /^Increase quantity of/ })[1]!);
    // Nothing applied yet: totals and cookie still hold the old quantities.
    expect(totalsRow('Subtotal')).toHaveTextContent(money(a.price + b.price));
    expect(readCookie(CART_COOKIE)).toContain('"qty":1');
    expect(screen.queryByText(TOAST)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Cart' }));
    expect(totalsRow('Subtotal')).toHaveTextContent(
      money(Math.round((a.price * 3 + b.price * 2) * 100) / 100),
    );
    const saved = JSON.parse(readCookie(CART_COOKIE) ?? '{}') as { lines: Array<{ qty: number }> };
    expect(saved.lines.map((l) => l.qty)).toEqual([3, 2]);
    expectToast();

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText(TOAST)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(TOAST)).not.toBeInTheDocument();
  });

  it('never lets a quantity go below 1', async () => {
    const user = userEvent.setup();
    const { a } = await setupCart(1);
    renderWithApp(<CartPage />, { route: '/cart' });
    const qty = screen.getByRole('spinbutton', { name: new RegExp(`^Quantity of ${a.title}`) });
    expect(screen.getAllByRole('button', { name: /^Decrease quantity of/ })[0]).toBeDisabled();
    await user.clear(qty);
    await user.type(qty, '0');
    await user.tab();
    expect(qty).toHaveValue(1);
  });

  it('removes a line', async () => {
    const user = userEvent.setup();
    const { a, b } = await setupCart(1);
    renderWithApp(<CartPage />, { route: '/cart' });
    await user.click(screen.getByRole('button', { name: new RegExp(`^Remove ${a.title}`) }));
    expect(screen.queryByRole('link', { name: a.title })).not.toBeInTheDocument();
    expect(totalsRow('Subtotal')).toHaveTextContent(money(b.price));
  });

  it('keeps shipping at 0 when Update Cart runs without a city', async () => {
    const user = userEvent.setup();
    await setupCart(1);
    renderWithApp(<CartPage />, { route: '/cart' });
    await user.click(screen.getByRole('button', { name: 'Update Cart' }));
    expect(totalsRow('Shipping')).toHaveTextContent(money(0));
  });

  it('calculates shipping from the address popup: sorted countries, provinces per country, 20 once a city is set', async () => {
    const user = userEvent.setup();
    const { a, b } = await setupCart(1);
    let countryCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/countries/positions')) countryCalls += 1;
    });
    renderWithApp(<CartPage />, { route: '/cart' });
    await user.click(screen.getByRole('button', { name: 'Calculate shipping' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Calculate Shipping' }));
    const country = dialog.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getAllByRole('option').length).toBeGreaterThan(10));
    const names = within(country)
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent ?? '');
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));

    await user.selectOptions(country, 'Pakistan');
    const province = await dialog.findByRole('combobox', { name: 'State / Province' });
    await waitFor(() => expect(within(province).getByRole('option', { name: 'Punjab' })).toBeInTheDocument());
    await user.selectOptions(province, 'Punjab');
    await user.type(dialog.getByRole('textbox', { name: 'Town / City' }), 'Lahore');
    await user.type(dialog.getByRole('textbox', { name: 'Street' }), 'Mall Road');
    await user.click(dialog.getByRole('button', { name: 'Save Address' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(totalsRow('Shipping')).toHaveTextContent(money(20));
    expect(totalsRow('Total')).toHaveTextContent(money(Math.round((a.price + b.price + 20) * 100) / 100));
    expectToast();
    expect(JSON.parse(readCookie(SHIPPING_COOKIE) ?? '{}')).toMatchObject({
      country: 'Pakistan',
      province: 'Punjab',
      city: 'Lahore',
      street: 'Mall Road',
    });

    // Reopening uses the session's country list: the service was asked once.
    await user.click(screen.getByRole('button', { name: 'Calculate shipping' }));
    expect(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Country' })).toHaveValue(
      'Pakistan',
    );
    expect(countryCalls).toBe(1);
    server.events.removeAllListeners();
  });

  it('logs a failed country fetch and leaves the popup usable', async () => {
    const user = userEvent.setup();
    await setupCart(1);
    server.use(
      http.get('*/api/v0.1/countries/positions', () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 }),
      ),
    );
    renderWithApp(<CartPage />, { route: '/cart' });
    await waitFor(() =>
      expect(errorSpy).toHaveBeenCalledWith('Error fetching countries:', expect.anything()),
    );
    await user.click(screen.getByRole('button', { name: 'Calculate shipping' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(within(dialog.getByRole('combobox', { name: 'Country' })).getAllByRole('option')).toHaveLength(1);
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs a failed province fetch', async () => {
    const user = userEvent.setup();
    await setupCart(1);
    server.use(http.post('*/api/v0.1/countries/states', () => HttpResponse.error()));
    renderWithApp(<CartPage />, { route: '/cart' });
    await user.click(screen.getByRole('button', { name: 'Calculate shipping' }));
    const country = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getAllByRole('option').length).toBeGreaterThan(10));
    await user.selectOptions(country, 'Pakistan');
    await waitFor(() =>
      expect(errorSpy).toHaveBeenCalledWith('Error fetching provinces:', expect.anything()),
    );
    expect(
      within(screen.getByRole('dialog')).getByRole('textbox', { name: 'State / Province' }),
    ).toBeInTheDocument();
  });
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { productListResponseSchema } from '#contract/schemas/product';
import { salesReportResponseSchema, type SalesRange } from '#contract/schemas/report';
import { animationsSettled } from './a11y-helpers';
import { ADMIN, adminToken, amountOf, placeOrder, signIn } from './admin-journey-helpers';

/**
 * Issue 15, the dashboard's "Sales over time" against the real server: a shopper places an order today
 * (so the last 30 days hold a sale on any day the suite runs), the admin picks Last 30 days and sees the
 * chart, the figures the server reports for those days, and the same days as a table. Screenshots at
 * 1280 and 375 px land in the run's output folder for a person to look at.
 */
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function placeOrderToday(request: APIRequestContext): Promise<void> {
  const list = productListResponseSchema.parse(await (await request.get('/api/products?limit=20')).json());
  const p = list.items.find((x) => x.sizes.length > 0 && x.colors.length > 0);
  if (!p) throw new Error('the demo catalogue needs a product with sizes and colours');
  await placeOrder(request, [
    { productId: p.id, qty: 1, selectedSize: p.sizes[0]!, selectedColor: p.colors[0]! },
  ]);
}

/** The server's own figures for the range, to hold the screen to. */
async function serverRange(request: APIRequestContext, from: string, to: string): Promise<SalesRange> {
  const token = await adminToken(request);
  const res = await request.get(`/api/admin/sales-report?from=${from}&to=${to}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const { range } = salesReportResponseSchema.parse(await res.json());
  if (!range) throw new Error('the report came without its range');
  return range;
}

/** Elements that stick out past the section's right edge (tag and text, for the message). */
function overflowing(section: Locator): Promise<string[]> {
  return section.evaluate((root) => {
    const edge = root.getBoundingClientRect().right + 0.5;
    return [...root.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > edge)
      .map((el) => `${el.tagName} ${el.textContent?.slice(0, 30) ?? ''}`);
  });
}

/** The amount shown under a figure's name. */
async function figure(section: Locator, term: string): Promise<number> {
  const value = section.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
  return amountOf((await value.textContent()) ?? '');
}

test('admin picks Last 30 days and sees the chart, the figures and the table', async ({
  page,
  request,
}, info) => {
  await placeOrderToday(request);
  const to = isoDay(Date.now());
  const from = isoDay(Date.now() - 29 * DAY_MS);
  const expected = await serverRange(request, from, to);
  expect(expected.orders).toBeGreaterThanOrEqual(1);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Sales over time' });
  const last7 = section.getByRole('button', { name: 'Last 7 days' });
  const last30 = section.getByRole('button', { name: 'Last 30 days' });

  // Away and back, with the keyboard: the request follows the pressed preset.
  await last7.click();
  await expect(last7).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('img', { name: /^Revenue per day from/ })).toBeVisible();
  const asked = page.waitForRequest((r) => r.url().includes(`/api/admin/sales-report?from=${from}&to=${to}`));
  await last30.focus();
  await page.keyboard.press('Enter');
  await asked;
  await expect(last30).toHaveAttribute('aria-pressed', 'true');
  await expect(last7).toHaveAttribute('aria-pressed', 'false');

  const chart = section.getByRole('img', { name: /^Revenue per day from/ });
  await expect(chart).toBeVisible();
  await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(chart).toHaveAccessibleName(
    new RegExp(`from ${expected.orders.toLocaleString('en-US')} orders?\\.`),
  );
  expect(await figure(section, 'Revenue')).toBe(expected.revenue);
  expect(await figure(section, 'Orders')).toBe(expected.orders);
  expect(await figure(section, 'Average order value')).toBe(expected.average_order_value);
  await expect(section.getByRole('region', { name: 'Orders by status' })).toBeVisible();
  await expect(
    section.getByRole('region', { name: 'Top sizes' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(
    section.getByRole('region', { name: 'Top colours' }).getByRole('listitem').first(),
  ).toBeVisible();

  await animationsSettled(page);
  await page.screenshot({ path: info.outputPath('dashboard-range-1280.png'), fullPage: true });
  await section.screenshot({ path: info.outputPath('dashboard-range-1280-section.png') });

  const toggle = section.getByRole('button', { name: 'Show as table' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const table = section.getByRole('table', { name: 'Revenue per day' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(30);
  const today = expected.days[expected.days.length - 1]!;
  expect(today.orders).toBeGreaterThanOrEqual(1);
  const last = rows.last().locator('th, td');
  await expect(last.nth(1)).toHaveText(String(today.orders));
  expect(amountOf((await last.nth(2).textContent()) ?? '')).toBe(today.revenue);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.setViewportSize({ width: 375, height: 812 });
  await animationsSettled(page);
  // Nothing wider than the phone: the section fits, so the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await overflowing(section)).toEqual([]);
  await section.screenshot({ path: info.outputPath('dashboard-range-375.png') });
  // The top of the section at full size: picker, figures and chart, where text is smallest.
  const top = await section.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const clip = { x: 0, y: top - 8, width: 375, height: 760 };
  await page.screenshot({ path: info.outputPath('dashboard-range-375-top.png'), clip, fullPage: true });
  await page.screenshot({ path: info.outputPath('dashboard-range-375-page.png'), fullPage: true });
});

test('Last 12 months draws a bar per month; a custom range is checked beside its fields (375 px)', async ({
  page,
  request,
}, info) => {
  await placeOrderToday(request);
  await signIn(page, ADMIN.email, ADMIN.password);
  const section = page.getByRole('region', { name: 'Sales over time' });
  await expect(section.getByRole('img', { name: /^Revenue per day from/ })).toBeVisible();

  await section.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(section.getByRole('img', { name: /^Revenue per month from/ })).toBeVisible();
  await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
  await section.getByRole('button', { name: 'Show as table' }).click();
  // A year from the day after today's date a year ago: 13 calendar months, the first and last in part.
  await expect(section.getByRole('table', { name: 'Revenue per month' }).locator('tbody tr')).toHaveCount(13);
  await section.getByRole('button', { name: 'Show as table' }).click();
  await animationsSettled(page);
  await section.screenshot({ path: info.outputPath('dashboard-range-1280-months.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await animationsSettled(page);
  await section.screenshot({ path: info.outputPath('dashboard-range-375-months.png') });

  await section.getByRole('button', { name: 'Custom' }).click();
  const from = section.getByLabel('From', { exact: true });
  const to = section.getByLabel('To', { exact: true });
  await from.fill('2026-03-10');
  await to.fill('2026-03-01');
  await to.press('Enter');
  await expect(to).toHaveAccessibleDescription('To must be on or after From.');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await animationsSettled(page);
  await section.screenshot({ path: info.outputPath('dashboard-range-375-custom.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await overflowing(section)).toEqual([]);

  const asked = page.waitForRequest((r) =>
    r.url().includes('/api/admin/sales-report?from=2026-03-01&to=2026-03-10'),
  );
  await from.fill('2026-03-01');
  await to.fill('2026-03-10');
  await section.getByRole('button', { name: 'Apply' }).click();
  await asked;
  await expect(to).not.toHaveAttribute('aria-invalid');
  await expect(section.getByText('1 Mar 2026 – 10 Mar 2026 (UTC)')).toBeVisible();
});

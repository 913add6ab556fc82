import { expect, test, type Locator, type Page } from './fixtures';
import { checkAdminScreen } from './a11y-helpers';
import { ADMIN, amountOf, openAdminSection, signIn } from './admin-journey-helpers';

/**
 * Issue 15 in a real browser against the real server: the activity log shows an admin's price change
 * and status change with their before and after values, and the products import checks a file before
 * anything is written. Screenshots of both screens at 1280 and 375 px land in test-results/screenshots/.
 */
/** The first screenful as well: a long page's full shot is too tall to read at a glance. */
const shoot = (page: Page, name: string, scope?: string) =>
  checkAdminScreen(page, name, scope, { top: true });

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cell = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      records.push([...record, cell]);
      cell = '';
      record = [];
    } else cell += c;
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

const toCsv = (records: string[][]): string =>
  records
    .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\r\n');

/** A changed field's cells in an activity entry: [before, after]. */
async function beforeAfter(entry: Locator, field: string): Promise<string[]> {
  const row = entry.getByRole('row').filter({ has: entry.page().getByRole('rowheader', { name: field }) });
  return row.getByRole('cell').allTextContents();
}

test('the activity log shows a price change and a status change with before and after', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });

  // The first product's regular price goes up by 7, in the product modal.
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: 'Edit Product' });
  const title = await modal.getByLabel('Product Title').inputValue();
  const price = modal.getByLabel('Regular Price');
  const before = Number(await price.inputValue());
  const after = Math.round((before + 7) * 100) / 100;
  await price.fill(String(after));
  await modal.getByRole('button', { name: 'Update' }).click();
  await expect(modal).toBeHidden();

  // The first order on the orders screen changes status.
  await nav.getByRole('link', { name: 'Orders' }).click();
  const card = page.getByRole('listitem', { name: /^Order #\d+$/ }).first();
  await expect(card).toBeVisible();
  const label = (await card.getAttribute('aria-labelledby'))!;
  const orderHeading = await page.locator(`[id="${label}"]`).textContent();
  const orderId = Number(orderHeading?.replace(/\D/g, ''));
  const select = card.getByRole('combobox', { name: `Update status of order #${orderId}` });
  const from = await select.inputValue();
  const to = from === 'cancelled' ? 'processing' : 'cancelled';
  await select.selectOption(to);
  await expect(page.getByRole('status').filter({ hasText: 'Status updated' })).toBeVisible();
  await expect(card.locator(`[data-status="${to}"]`)).toBeVisible();

  // Activity: both, newest first, with their before and after values.
  await nav.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Activity entries' }).getByRole('listitem');
  const status = entries.filter({
    has: page.getByRole('heading', { name: `Changed status of Order #${orderId}` }),
  });
  const priced = entries.filter({ has: page.getByRole('heading', { name: `Updated product “${title}”` }) });
  await expect(entries.first()).toContainText(`Changed status of Order #${orderId}`);
  expect(await beforeAfter(status, 'Status')).toEqual([from, to]);
  const [was, now] = await beforeAfter(priced.first(), 'Regular price');
  expect(amountOf(was!)).toBeCloseTo(before);
  expect(amountOf(now!)).toBeCloseTo(after);
  await expect(status).toContainText('by ');

  // The filter narrows the log to orders, in the URL.
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('Orders');
  await expect(page).toHaveURL(/\/admin\/activity\?entity=order$/);
  await expect(priced).toHaveCount(0);
  await expect(status).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(priced.first()).toBeVisible();

  await shoot(page, 'activity-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'activity-375');
});

test('the import dialog shows a bad row from the dry run and keeps Import disabled', async ({ page }) => {
  await openAdminSection(page, 'Products');
  await expect(page.getByRole('table')).toBeVisible();

  // The shop's own export, with one row moved into a category that does not exist.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('products.csv');
  const exported = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  const records = parseCsv(exported.replace(/^\uFEFF/, ''));
  const header = records[0]!;
  expect(header).toContain('categories');
  expect(records.length).toBeGreaterThan(1);
  // The first product (row 2: the header is row 1) moves into a category that does not exist.
  records[1]![header.indexOf('categories')] = 'No Such Category';

  await page.getByRole('button', { name: 'Import products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await expect(dialog.getByLabel('CSV file')).toBeFocused();
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(toCsv(records), 'utf8'),
  });
  const problems = dialog.getByRole('region', { name: 'Problems in the file' });
  await expect(problems).toBeVisible();
  const row = problems
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'categories', exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('2');
  await expect(dialog).toContainText(/\d+ to create, \d+ to update, \d+ unchanged/);
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await shoot(page, 'import-dialog-1280', '[role=dialog]');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'import-dialog-375', '[role=dialog]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import products' })).toBeFocused();
});

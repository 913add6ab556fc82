import { expect, test, type Browser, type Page } from './fixtures';
import { productListResponseSchema } from '#contract/schemas/product';
import { checkAdminScreen, SHOTS, animationsSettled } from './a11y-helpers';
import { ADMIN, openAdminSection, registerShopper, signIn } from './admin-journey-helpers';
import { fillCheckout, openProduct, pickAndAddToCart } from './shop-helpers';

/**
 * Issue 26 in a real browser against the real server, which runs without SMTP_URL, so every mail is kept in
 * the mailbox: a shopper's order puts its confirmation there, and a forgotten password is reset through the
 * link of the mail found there. Screenshots of the mailbox, a mail and the recovery screens at 1280 and 375 px
 * land in test-results/screenshots/.
 */
const PHONE_VIEW = { width: 375, height: 812 };

/** The admin, signed in, on Admin → Mailbox through the admin menu. */
async function openMailbox(page: Page): Promise<void> {
  await openAdminSection(page, 'Mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Mail is not being delivered' })).toContainText(
    'SMTP_URL',
  );
}

/** The mailbox row of the mail to `to` with this subject (the list looks again by itself; a reload is quicker). */
async function mailRow(page: Page, to: string, subject: string | RegExp) {
  const row = page
    .getByRole('table', { name: 'Mails' })
    .getByRole('row')
    .filter({ hasText: to })
    .filter({ has: page.getByRole('button', { name: subject }) });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return row;
}

async function phoneShot(browser: Browser, path: string, name: string, admin = false): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE_VIEW });
  const page = await context.newPage();
  if (admin) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  }
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A status with text (Loading...) is still working; the app's toast region is always there, empty (issue 27).
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
  await animationsSettled(page);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await context.close();
}

test('an order puts its confirmation in Admin → Mailbox, with the order in its HTML and text', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const list = productListResponseSchema.parse(await (await request.get('/api/products?limit=20')).json());
  const product = list.items.find((p) => p.sizes.length > 0 && p.colors.length > 0);
  if (!product) throw new Error('the demo catalogue needs a product with a size and a colour');

  const { page: shop, email } = await registerShopper(browser, `mail-${Date.now().toString(36)}`);
  await openProduct(shop, product);
  await pickAndAddToCart(shop, product);
  await shop.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(shop, 'Erin Tester');
  await shop.getByRole('button', { name: 'Place Order' }).click();
  await expect(shop).toHaveURL(/\/order-success\/\d+$/);
  const orderId = Number(shop.url().split('/').pop());

  await openMailbox(page);
  const row = await mailRow(page, email, `Your order #${orderId} at Threadline`);
  await expect(row.getByRole('cell', { name: 'Order confirmation' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Kept' })).toBeVisible();
  await checkAdminScreen(page, 'mailbox', undefined, { top: true });

  await row.getByRole('button', { name: `Your order #${orderId} at Threadline` }).click();
  const dialog = page.getByRole('dialog', { name: `Your order #${orderId} at Threadline` });
  const frame = dialog.locator('iframe[title="The mail as HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="The mail as HTML"]').getByText(product.title).first(),
  ).toBeVisible();
  await expect(dialog.locator('pre')).toContainText(`#${orderId}`);
  await expect(dialog.locator('pre')).toContainText(product.title);
  await checkAdminScreen(page, 'mail-confirmation', '[role="dialog"]', { frames: false });

  await phoneShot(browser, '/admin/mail', 'admin-mailbox', true);
});

test('forgot password -> mailbox -> the reset link -> a new password -> sign in with it', async ({
  page,
  browser,
}) => {
  test.slow();
  const { page: shop, email } = await registerShopper(browser, `reset-${Date.now().toString(36)}`);
  await shop.context().clearCookies();
  await shop.evaluate(() => localStorage.clear());

  // The login form's link, then the address; the answer is the same whether or not the account exists.
  await shop.goto('/login');
  await shop.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(shop).toHaveURL(/\/forgot-password$/);
  await shop.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await shop.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    shop.getByRole('status').filter({ hasText: 'If an account exists for that address' }),
  ).toBeFocused();
  await shop.screenshot({ path: `${SHOTS}/forgot-password-sent-1280.png` });

  // The admin finds the reset mail; its link is listed under the text (the HTML's sandbox follows no link).
  await openMailbox(page);
  const row = await mailRow(page, email, 'Reset your Threadline password');
  await row.getByRole('button', { name: 'Reset your Threadline password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your Threadline password' });
  const link = dialog.getByRole('link', { name: /\/reset-password#token=[0-9a-f]{64}$/ });
  const href = (await link.getAttribute('href')) ?? '';
  const target = new URL(href);
  expect(target.search).toBe(''); // the token rides in the fragment only: no server log or Referer sees it

  // The shopper opens the link: the token leaves the address bar, the new password goes in twice.
  await shop.goto(target.pathname + target.hash);
  await expect(shop.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(shop).toHaveURL(/\/reset-password$/);
  await shop.screenshot({ path: `${SHOTS}/reset-password-1280.png` });
  await shop.getByLabel('New Password', { exact: true }).fill('brand-new-pass-2');
  await shop.getByLabel('Repeat New Password').fill('brand-new-pass-2');
  await shop.getByRole('button', { name: 'Save New Password' }).click();
  await expect(shop.getByRole('status').filter({ hasText: 'password' })).toBeFocused();
  await shop.getByRole('link', { name: 'Sign in' }).click();

  // The old password is refused; the new one signs in.
  await shop.getByLabel('Email Address').fill(email);
  await shop.getByLabel('Password', { exact: true }).fill('shopper-pass-1');
  await shop.getByRole('button', { name: 'Login' }).click();
  await expect(shop.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(shop).toHaveURL(/\/login$/);
  await shop.getByLabel('Password', { exact: true }).fill('brand-new-pass-2');
  await shop.getByRole('button', { name: 'Login' }).click();
  await expect(shop).toHaveURL(/\/$/);

  // The same link a second time is refused on the page.
  await shop.goto(target.pathname + target.hash);
  await shop.getByLabel('New Password', { exact: true }).fill('another-pass-3');
  await shop.getByLabel('Repeat New Password').fill('another-pass-3');
  await shop.getByRole('button', { name: 'Save New Password' }).click();
  await expect(shop.getByRole('alert')).toContainText('expired or was already used');
  await expect(shop.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  await phoneShot(browser, '/forgot-password', 'forgot-password');
  await phoneShot(browser, `/reset-password#token=${'0'.repeat(64)}`, 'reset-password');
});

import { expect, test, type Page } from './fixtures';
import { productListResponseSchema } from '#contract/schemas/product';
import { fillAddress, openProduct, pickAndAddToCart } from './shop-helpers';

/**
 * Issue 27: a profile a shopper can keep. Registration refuses "12" with checkout's own message; the
 * shopper registers, edits name and phone and keeps an address; a reload keeps them; checkout is filled
 * in from them. No native dialog may open on the way (any one fails the test).
 */
for (const width of [375, 1280]) {
  test(`register, edit the profile, keep an address, find checkout filled in (${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    page.on('dialog', (d) => {
      throw new Error(`a native dialog opened: ${d.message()}`);
    });
    const list = productListResponseSchema.parse(await (await request.get('/api/products?limit=40')).json());
    const product = list.items.find((p) => p.sizes.length > 0 && p.colors.length > 0);
    if (!product) throw new Error('the demo catalogue needs a product with sizes and colours');

    await page.goto('/register');
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'First Name' }).fill('Robin');
    await form.getByRole('textbox', { name: 'Last Name' }).fill('Hood');
    await form
      .getByRole('textbox', { name: 'Email Address' })
      .fill(`robin-${width}-${Date.now()}@example.test`);
    await form.getByRole('textbox', { name: 'Phone' }).fill('12');
    await form.getByLabel('Password', { exact: true }).fill('sherwood-1');
    await form.getByRole('button', { name: 'Register' }).click();
    const phone = form.getByRole('textbox', { name: 'Phone' });
    await expect(phone).toHaveAccessibleDescription(/Invalid phone format/);
    await expect(page).toHaveURL(/\/register$/);
    await phone.fill('03001234567');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    const details = page.getByRole('region', { name: 'Edit Details' });
    await expect(details.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Robin Hood');
    await details.getByRole('textbox', { name: 'Full Name' }).fill('Robin of Locksley');
    await details.getByRole('textbox', { name: 'Phone' }).fill('12');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await expect(details.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      /Invalid phone format/,
    );
    await details.getByRole('textbox', { name: 'Phone' }).fill('03009876543');
    await fillAddress(details);
    await details.getByRole('button', { name: 'Save Details' }).click();
    await expect(details.getByRole('status')).toHaveText('Your details are saved.');
    await shot(page, details, `profile-edit-${width}`);

    await page.reload();
    const again = page.getByRole('region', { name: 'Edit Details' });
    await expect(again.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Robin of Locksley');
    await expect(again.getByRole('textbox', { name: 'Phone' })).toHaveValue('03009876543');
    await expect(again.getByRole('textbox', { name: 'Town / City' })).toHaveValue('Lahore');
    await expect(page.getByRole('region', { name: 'Account Information' })).toContainText(
      'Robin of Locksley',
    );

    // A fresh device's cookie is empty: checkout takes the kept address from the account itself.
    await page.context().clearCookies({ name: 'shippingAddress' });
    await openProduct(page, product);
    await pickAndAddToCart(page, product);
    await page.goto('/checkout');
    const billing = page.getByRole('region', { name: 'Billing Details' });
    await expect(billing.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Robin of Locksley');
    await expect(billing.getByRole('textbox', { name: 'Phone' })).toHaveValue('03009876543');
    await expect(billing.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('House 12');
    await expect(billing.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue('Mall Road');
    await expect(billing.getByRole('textbox', { name: 'Town / City' })).toHaveValue('Lahore');
    await expect(billing.getByRole('combobox', { name: 'State / Province' })).toHaveValue('Punjab');
    await shot(page, billing, `checkout-prefilled-${width}`);
  });
}

async function shot(page: Page, part: ReturnType<Page['getByRole']>, name: string): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/work/shots/e/${name}.png`, fullPage: true });
}

import { expect, test } from './fixtures';
import { effectivePrice } from '#contract/rules/money';
import { productListResponseSchema } from '#contract/schemas/product';
import { authResponseSchema } from '#contract/schemas/user';
import { expectNoSeriousViolations } from './a11y-helpers';

/**
 * axe-core on the shopper's screens (cart with its popup, checkout with its messages, login, register,
 * profile) at desktop and phone widths: no serious or critical violations.
 */
for (const width of [1280, 375]) {
  test.describe(`shopper screens at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('cart, shipping popup, checkout, login, register and profile', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      // Six screens, each scanned by axe: near the 60 s limit on a loaded machine (59 s seen at 375 px).
      test.slow();
      const list = productListResponseSchema.parse(await (await request.get('/api/products?limit=4')).json());
      const lines = list.items.slice(0, 2).map((p) => ({
        productId: p.id,
        qty: 1,
        price: effectivePrice(p),
        title: p.title,
        image: p.featured_image,
        selectedSize: p.sizes[0] ?? '',
        selectedColor: p.colors[0] ?? '',
        sizeId: null,
      }));
      await context.addCookies([
        {
          name: 'cart',
          value: encodeURIComponent(JSON.stringify({ lines, shippingCost: 0 })),
          url: baseURL!,
        },
      ]);

      for (const path of ['/cart', '/checkout', '/login', '/register']) {
        await page.goto(path);
        await expect(page.locator('main h1')).toHaveCount(1);
        await expectNoSeriousViolations(page, path);
      }

      await page.goto('/cart');
      await page.getByRole('button', { name: 'Calculate shipping' }).click();
      await expect(page.getByRole('dialog', { name: 'Calculate Shipping' })).toBeVisible();
      await expectNoSeriousViolations(page, '/cart popup');
      await page.keyboard.press('Escape');

      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expectNoSeriousViolations(page, '/checkout with messages');

      const email = `a11y.${width}.${Date.now().toString(36)}@example.com`;
      const reg = await request.post('/api/auth/register', {
        data: { name: 'Alex Access', email, phone: '03001234567', password: 'access-pass' },
      });
      const auth = authResponseSchema.parse(await reg.json());
      await page.evaluate((a) => {
        localStorage.setItem('token', a.token);
        localStorage.setItem('user', JSON.stringify(a.user));
      }, auth);
      await page.goto('/profile');
      await expect(page.getByText('No orders found')).toBeVisible();
      await expectNoSeriousViolations(page, '/profile');
    });
  });
}

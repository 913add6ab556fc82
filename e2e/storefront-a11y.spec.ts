import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { animationsSettled } from './a11y-helpers';

/** axe-core on home, list and detail at desktop and phone widths: no serious or critical violations. */
for (const width of [1280, 375]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('home, product list and product detail', async ({ page, request }) => {
      const list = (await (await request.get('/api/products?limit=1')).json()) as { items: Array<{ id: number }> };
      const pages = ['/', '/products', `/product/${list.items[0]!.id}`];
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator('main h1')).toHaveCount(1);
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        await animationsSettled(page);
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const bad = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(bad).toEqual([]);
      }
    });
  });
}

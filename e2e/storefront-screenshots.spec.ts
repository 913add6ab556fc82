import { expect, test, type Page } from './fixtures';

/**
 * Full-page screenshots of home, list and detail at 375 and 1280 px, written to test-results/screenshots/
 * (git-ignored) for a person to look at. The demo images are drawn after the server starts listening,
 * so the test first waits for them.
 */
async function scrollThrough(page: Page) {
  // Lazy images load only near the viewport: walk down once so the full-page shot shows them.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || !img.checkVisibility()), undefined, { timeout: 15_000 });
}

test('screenshots of home, list and detail', async ({ browser, request }) => {
  test.slow();
  await expect
    .poll(async () => (await request.get('/uploads/demo/hero-timeless-style.webp')).status(), { timeout: 120_000, intervals: [1000] })
    .toBe(200);
  const list = (await (await request.get('/api/products?limit=1')).json()) as { items: Array<{ id: number }> };
  const shots = { home: '/', list: '/products', detail: `/product/${list.items[0]!.id}` };
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const [name, path] of Object.entries(shots)) {
      await page.goto(path);
      await expect(page.locator('main h1')).toHaveCount(1);
      await scrollThrough(page);
      await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
});

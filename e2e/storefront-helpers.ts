import type { BrowserContext, Locator, Page } from '@playwright/test';

/** Move a range input the way a drag would: set its value and fire input/change so React sees it. */
export async function setRange(slider: Locator, value: number): Promise<void> {
  await slider.evaluate((el, v) => {
    const input = el as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** The prices shown on the product cards of the current page, as numbers (the effective price only). */
export async function cardPrices(page: Page): Promise<number[]> {
  const values = await page.locator('main article [data-price]').evaluateAll((els) => els.map((e) => e.getAttribute('data-price') ?? ''));
  return values.map(Number);
}

/** The cart as the `cart` cookie holds it. */
export async function cartCookie(context: BrowserContext): Promise<{ lines: Array<Record<string, unknown>> }> {
  const cookie = (await context.cookies()).find((c) => c.name === 'cart');
  if (!cookie) throw new Error('no cart cookie');
  return JSON.parse(decodeURIComponent(cookie.value)) as { lines: Array<Record<string, unknown>> };
}

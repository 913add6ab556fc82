import { expect, test, type Page } from '@playwright/test';
import { ADMIN, drawPng, signIn } from './admin-journey-helpers';

/**
 * The strict Content-Security-Policy (server/http/middleware/security-headers.ts) must not break the app:
 * every screen of the shop and the admin renders in real Chromium with no violation reported, the
 * service worker still registers, the product page's JSON-LD block still lands and the admin's data: URL
 * image preview still shows.
 */

/** Records CSP violations (as events, from before any app script runs) and console lines about policies. */
async function watchPolicies(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy|permissions[- ]policy|refused to/i.test(msg.text())) {
      consoleLines.push(`console ${msg.type()}: ${msg.text()}`);
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return async () => [
    ...consoleLines,
    ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
  ];
}

test('the HTML carries the hardening headers and no inline script', async ({ page, request }) => {
  const res = await page.goto('/');
  const headers = res!.headers();
  const csp = headers['content-security-policy'] ?? '';
  for (const part of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(part);
  }
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  // Plain HTTP, no trusted proxy: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();

  // The built index.html (as served) has only external scripts.
  const html = await (await request.get('/')).text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  // Every script runs from a file; the page heads' JSON-LD (server/http/pages) is data a browser never runs.
  for (const tag of scripts)
    expect(tag).toMatch(/\bsrc=|^<script type="application\/ld\+json" id="ld-[a-z0-9-]+">$/);
  expect(html).not.toMatch(/<style\b|\sstyle=/);
});

test('the shop screens render with no policy violation, and the service worker registers', async ({
  page,
  request,
}) => {
  const violations = await watchPolicies(page);
  const { items } = (await (await request.get('/api/products?limit=1')).json()) as {
    items: Array<{ id: number; title: string }>;
  };
  const product = items[0]!;

  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first(),
  ).toBeVisible();
  // worker-src 'self' lets the PWA worker in.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);

  await page.goto('/products');
  await expect(page.locator('main article').first()).toBeVisible();

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  // The JSON-LD data blocks are there once each (the client replaces the server's by id) and, being data,
  // raised nothing.
  await expect(page.locator('head script#ld-product[type="application/ld+json"]')).toHaveCount(1);
  const ids = await page
    .locator('head script[type="application/ld+json"]')
    .evaluateAll((all) => all.map((s) => s.id));
  expect(new Set(ids).size).toBe(ids.length);
  await expect(page.getByRole('img').first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The admin area sends its visitor to the login page first.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email Address')).toBeVisible();

  expect(await violations()).toEqual([]);
});

test('the admin dashboard and a data: URL image preview work under the policy', async ({ page }) => {
  const violations = await watchPolicies(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Categories' })
    .click();
  await page.getByLabel('Category image').setInputFiles(await drawPng(page, 'csp.png', '#1f2a6b', 'CSP'));
  const preview = page.getByRole('img', { name: 'Category image preview' });
  await expect(preview).toHaveAttribute('src', /^data:image\/png/);
  // img-src data: lets the preview decode (a blocked image has no natural size).
  await expect
    .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  expect(await violations()).toEqual([]);
});

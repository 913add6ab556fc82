import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { orderSchema, placeOrderResponseSchema, type Order } from '#contract/schemas/order';
import { authResponseSchema, type AuthResponse } from '#contract/schemas/user';

/**
 * Steps shared by the admin journey: sign-in, image files drawn in the browser (real PNGs the server's
 * byte check accepts), and reading money figures back from the dashboard.
 */
export const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@e2e.test',
  password: process.env.ADMIN_PASSWORD ?? 'admin-e2e-pass',
};

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The admin, signed in, opens a section (`link`: its name in the admin menu) as a person would. */
export async function openAdminSection(page: Page, link: string): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: link }).click();
}

/** A new shopper in a fresh browser context (its own cookies and local storage). */
export async function registerShopper(browser: Browser, tag: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `shopper-${tag}@e2e.test`;
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Erin');
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone').fill('5550101234');
  await page.getByLabel('Password', { exact: true }).fill('shopper-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  return { page, email };
}

/** A PNG drawn on a canvas: a coloured square with a label, so screenshots show something real. */
export async function drawPng(page: Page, name: string, color: string, label: string) {
  const dataUrl = await page.evaluate(
    ({ color, label }) => {
      const c = document.createElement('canvas');
      c.width = 480;
      c.height = 600;
      const g = c.getContext('2d');
      if (!g) throw new Error('no canvas');
      g.fillStyle = '#f4efe9';
      g.fillRect(0, 0, c.width, c.height);
      g.fillStyle = color;
      g.beginPath();
      g.moveTo(120, 120);
      g.lineTo(360, 120);
      g.lineTo(420, 220);
      g.lineTo(360, 240);
      g.lineTo(360, 520);
      g.lineTo(120, 520);
      g.lineTo(120, 240);
      g.lineTo(60, 220);
      g.closePath();
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = 'bold 36px sans-serif';
      g.textAlign = 'center';
      g.fillText(label, 240, 380);
      return c.toDataURL('image/png');
    },
    { color, label },
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') };
}

/** "USD 1,234.50" -> 1234.5 */
export function amountOf(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ''));
}

export async function dashboardFigures(page: Page): Promise<{ sales: number; orders: number }> {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const salesCard = page.getByRole('article', { name: 'Total Sales' });
  const ordersCard = page.getByRole('article', { name: 'Total Orders' });
  await expect(salesCard).toBeVisible();
  const sales = amountOf((await salesCard.locator('p').last().textContent()) ?? '');
  const orders = amountOf((await ordersCard.locator('p').last().textContent()) ?? '');
  return { sales, orders };
}

/** The admin's bearer token, for setting up data through the API as the admin screens would. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  return authResponseSchema.parse(await login.json()).token;
}

export interface OrderLine {
  productId: number;
  qty: number;
  selectedSize: string;
  selectedColor: string;
}

/**
 * A new shopper (`name`, a fresh e-mail) places a cash-on-delivery order of `lines` today through the API, to
 * `address` with `phone`: the order as the server then answers it, and the shopper's session (`auth`).
 */
export async function placeOrder(
  request: APIRequestContext,
  lines: OrderLine[],
  { name = 'Dana Range', phone = '03001234567', address = '12 Mall Road, Lahore' } = {},
): Promise<{ order: Order; auth: AuthResponse }> {
  const email = `order.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { name, email, password: 'order-pass-1', phone },
  });
  expect(registered.status()).toBe(201);
  const auth = authResponseSchema.parse(await registered.json());
  const { token } = auth;
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      cart: lines,
      shipping_address: JSON.stringify({ name, phone, order_address: address }),
      payment_method: 'cod',
    },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = placeOrderResponseSchema.parse(await placed.json());
  const order = await request.get(`/api/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { order: orderSchema.parse(await order.json()), auth };
}

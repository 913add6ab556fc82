import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { InventoryLine } from '#contract/schemas/stock';
import { server } from '#mock-api/node';
import { mockBackend, MOCK_ADMIN, resetMockStore } from '#mock-api/mock-store';
import { api } from '#web/lib/api-client';
import { adminTestStore, SHOPPER } from '#web/test/admin-data';
import { apiFailure, pngFile, renderAsAdmin } from '#web/test/admin-kit';
import { ProductsPage } from './products-page';
import { textsOf } from '#web/test/texts';

// The Stock section of the product modal (issue 14), driven from the products page as an admin would.

const SECOND_SHOPPER = { ...SHOPPER, id: 2, name: 'Kim Keen', email: 'kim@threadline.test' };

/** Classic Cotton Tee (S, M, L × Navy, White) tracks stock; L × White has no line, so 0. */
const TEE_STOCK: InventoryLine[] = [
  { size: 'S', color: 'Navy', quantity: 5 },
  { size: 'M', color: 'Navy', quantity: 2 },
  { size: 'L', color: 'Navy', quantity: 0 },
  { size: 'S', color: 'White', quantity: 240 },
  { size: 'M', color: 'White', quantity: 1 },
];

async function renderProducts() {
  const demo = adminTestStore();
  // Newest, so it is on the first page (newest first).
  Object.assign(demo.products[0]!, {
    inventory: structuredClone(TEE_STOCK),
    created_at: '2026-01-09T10:00:00.000Z',
  });
  demo.users.push({ ...SECOND_SHOPPER });
  await resetMockStore(demo);
  await renderAsAdmin(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('table');
}

async function tokenOf(email: string, password: string) {
  const { core } = await mockBackend();
  return (await core.auth.login({ email, password })).token;
}

/** The exact stock the server now holds, asked as the admin through the API (product 1 unless told). */
async function stockNow(id = 1) {
  const token = await tokenOf(MOCK_ADMIN.email, MOCK_ADMIN.password);
  const { tracked, variants } = await api('productStock', { params: { id }, token });
  return { tracked, cells: Object.fromEntries(variants.map((v) => [`${v.size}/${v.color}`, v.quantity])) };
}

/** The JSON bodies of the product writes (POST /api/products, PUT /api/products/:id) sent from now on. */
function recordProductWrites() {
  const bodies: Array<Promise<Record<string, unknown>>> = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    const write =
      (request.method === 'POST' && path === '/api/products') ||
      (request.method === 'PUT' && /^\/api\/products\/\d+$/.test(path));
    if (write) bodies.push(request.clone().json() as Promise<Record<string, unknown>>);
  });
  return { all: () => Promise.all(bodies) };
}

async function openModal(user: ReturnType<typeof userEvent.setup>, title?: string) {
  await user.click(screen.getByRole('button', { name: title ? `Edit ${title}` : 'New Product' }));
  const d = within(screen.getByRole('dialog', { name: title ? 'Edit Product' : 'New Product' }));
  // Editing: the grid waits for the exact stock (GET /products/:id/stock).
  await d.findByRole('checkbox', { name: 'Track stock' });
  return d;
}

const cell = (d: ReturnType<typeof within>, size: string, color: string) =>
  d.getByRole('spinbutton', { name: `Stock, size ${size}, colour ${color}` });

async function save(user: ReturnType<typeof userEvent.setup>, d: ReturnType<typeof within>, name: string) {
  await user.click(d.getByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

afterEach(() => server.events.removeAllListeners());

describe('Admin products: the stock grid of the product modal', () => {
  it('lays out sizes as rows and colours as columns with the exact units left', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const d = await openModal(user, 'Classic Cotton Tee');
    expect(d.getByRole('checkbox', { name: 'Track stock' })).toBeChecked();
    const grid = d.getByRole('table', { name: 'Units left per size and colour' });
    expect(textsOf(grid, 'columnheader')).toEqual(['Navy', 'White']);
    expect(textsOf(grid, 'rowheader')).toEqual(['S', 'M', 'L']);
    expect(within(grid).getAllByRole('spinbutton')).toHaveLength(6);
    // Exact, not the public cap of 100; a combination without a line reads 0.
    expect(cell(d, 'S', 'White')).toHaveValue(240);
    expect(cell(d, 'M', 'Navy')).toHaveValue(2);
    expect(cell(d, 'L', 'White')).toHaveValue(0);
    expect(d.getByText('248 units in stock')).toBeInTheDocument();

    // The grid follows the form's sizes: a new size is a new row, starting at 0.
    await user.type(d.getByRole('textbox', { name: 'Sizes' }), 'XL{Enter}');
    expect(cell(d, 'XL', 'Navy')).toHaveValue(0);
    await user.click(d.getByRole('button', { name: 'Remove S' }));
    expect(d.queryByRole('spinbutton', { name: 'Stock, size S, colour Navy' })).not.toBeInTheDocument();
  });

  it('sends only the cell the admin changed, so units taken meanwhile are not overwritten', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const d = await openModal(user, 'Classic Cotton Tee');
    // While the modal is open, S × Navy changes on the server (as an order would take it).
    const adminToken = await tokenOf(MOCK_ADMIN.email, MOCK_ADMIN.password);
    await api('updateProduct', {
      params: { id: 1 },
      token: adminToken,
      body: {
        title: 'Classic Cotton Tee',
        regular_price: 25,
        sizes: ['S', 'M', 'L'],
        colors: ['Navy', 'White'],
        inventory: [{ size: 'S', color: 'Navy', quantity: 3 }],
      },
    });

    const writes = recordProductWrites();
    await user.clear(cell(d, 'M', 'White'));
    await user.type(cell(d, 'M', 'White'), '7');
    // Typed and typed back: not a change.
    await user.clear(cell(d, 'L', 'Navy'));
    await user.type(cell(d, 'L', 'Navy'), '0');
    await save(user, d, 'Update');

    const [body] = await writes.all();
    expect(body!.inventory).toEqual([{ size: 'M', color: 'White', quantity: 7 }]);
    const after = await stockNow();
    expect(after.cells).toMatchObject({ 'M/White': 7, 'S/Navy': 3, 'S/White': 240, 'L/Navy': 0 });
  });

  it('leaves inventory out of the body when the stock was not touched', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes = recordProductWrites();
    const d = await openModal(user, 'Classic Cotton Tee');
    await user.type(d.getByRole('textbox', { name: 'Product Title' }), ' II');
    await save(user, d, 'Update');
    const [body] = await writes.all();
    expect(body).toHaveProperty('title', 'Classic Cotton Tee II');
    expect(body).not.toHaveProperty('inventory');
  });

  it('turning tracking off sends null, and the list then says Not tracked', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes = recordProductWrites();
    const d = await openModal(user, 'Classic Cotton Tee');
    await user.click(d.getByRole('checkbox', { name: 'Track stock' }));
    expect(d.queryByRole('table', { name: 'Units left per size and colour' })).not.toBeInTheDocument();
    expect(d.getByText('Not tracked: this product can always be ordered.')).toBeInTheDocument();
    await save(user, d, 'Update');
    const [body] = await writes.all();
    expect(body!.inventory).toBeNull();
    expect((await stockNow()).tracked).toBe(false);
    const row = (await screen.findByText('Classic Cotton Tee')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Not tracked')).toBeInTheDocument());
  });

  it('turning tracking on for an untracked product sends the whole grid, One size × One colour included', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes = recordProductWrites();
    const d = await openModal(user, 'Canvas Tote');
    const track = d.getByRole('checkbox', { name: 'Track stock' });
    expect(track).not.toBeChecked();
    expect(d.queryByRole('spinbutton', { name: /^Stock,/ })).not.toBeInTheDocument();
    await user.click(track);
    const only = cell(d, 'One size', 'One colour');
    expect(only).toHaveValue(0);
    await user.type(only, '{Backspace}12');
    await save(user, d, 'Update');
    const [body] = await writes.all();
    expect(body!.inventory).toEqual([{ size: '', color: '', quantity: 12 }]);
    expect(await stockNow(5)).toEqual({ tracked: true, cells: { '/': 12 } });
  });

  it('a new product is untracked by default; turned on, the POST carries every combination', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes = recordProductWrites();
    const d = await openModal(user);
    expect(d.getByRole('checkbox', { name: 'Track stock' })).not.toBeChecked();
    await user.type(d.getByRole('textbox', { name: 'Product Title' }), 'Wool Scarf');
    await user.type(d.getByRole('spinbutton', { name: 'Regular Price' }), '30');
    await user.type(d.getByRole('textbox', { name: 'Colors' }), 'Grey{Enter}Red{Enter}');
    await user.click(d.getByRole('checkbox', { name: 'Track stock' }));
    await user.type(cell(d, 'One size', 'Red'), '{Backspace}4');
    await save(user, d, 'Create');
    const [body] = await writes.all();
    expect(body!.inventory).toEqual([
      { size: '', color: 'Grey', quantity: 0 },
      { size: '', color: 'Red', quantity: 4 },
    ]);
  });

  it('a retry after a failed gallery upload does not send the stock a second time', async () => {
    const user = userEvent.setup();
    await renderProducts();
    server.use(http.post('*/api/products/:id/images', apiFailure(), { once: true }));
    const d = await openModal(user, 'Classic Cotton Tee');
    await user.upload(d.getByLabelText('Gallery Images'), pngFile());
    await d.findByRole('img', { name: 'New gallery image 1' });
    const writes = recordProductWrites();
    await user.type(cell(d, 'S', 'Navy'), '0'); // 5 -> 50
    await user.click(d.getByRole('button', { name: 'Update' }));
    const retry = await d.findByRole('button', { name: 'Update' });
    await waitFor(() => expect(retry).toBeEnabled());
    // The grid now shows what the first save set, untouched.
    expect(cell(d, 'S', 'Navy')).toHaveValue(50);
    await save(user, d, 'Update');
    const [first, second] = await writes.all();
    expect(first!.inventory).toEqual([{ size: 'S', color: 'Navy', quantity: 50 }]);
    expect(second).not.toHaveProperty('inventory');
  });

  it('shows how many shoppers wait for each sold-out combination', async () => {
    const user = userEvent.setup();
    await renderProducts();
    for (const email of [SHOPPER.email, SECOND_SHOPPER.email]) {
      const token = await tokenOf(email, SHOPPER.password);
      await api('notifyMe', { params: { id: 1 }, body: { size: 'L', color: 'Navy' }, token });
    }
    const token = await tokenOf(SHOPPER.email, SHOPPER.password);
    await api('notifyMe', { params: { id: 1 }, body: { size: 'L', color: 'White' }, token });

    const d = await openModal(user, 'Classic Cotton Tee');
    expect(cell(d, 'L', 'Navy')).toHaveAccessibleDescription('2 waiting');
    expect(cell(d, 'L', 'White')).toHaveAccessibleDescription('1 waiting');
    expect(cell(d, 'S', 'Navy')).not.toHaveAccessibleDescription();
    expect(d.getAllByText(/\d waiting$/)).toHaveLength(2);
  });

  it('refuses a quantity that is not a whole number from 0 to 1,000,000, without saving', async () => {
    const user = userEvent.setup();
    await renderProducts();
    const writes = recordProductWrites();
    const d = await openModal(user, 'Classic Cotton Tee');
    for (const bad of ['1000001', '2.5', '-1']) {
      await user.clear(cell(d, 'S', 'Navy'));
      await user.type(cell(d, 'S', 'Navy'), bad);
      await user.click(d.getByRole('button', { name: 'Update' }));
      expect(await d.findByRole('alert')).toHaveTextContent('Enter a whole number from 0 to 1,000,000.');
      expect(cell(d, 'S', 'Navy')).toHaveAttribute('aria-invalid', 'true');
      expect(cell(d, 'S', 'Navy')).toHaveFocus();
    }
    expect(await writes.all()).toEqual([]);
    await user.clear(cell(d, 'S', 'Navy'));
    await user.type(cell(d, 'S', 'Navy'), '1000000');
    expect(d.queryByRole('alert')).not.toBeInTheDocument();
    await save(user, d, 'Update');
    expect((await stockNow()).cells['S/Navy']).toBe(1_000_000);
  });

  it('when the stock cannot be loaded, says so and saves the other fields without touching it', async () => {
    const user = userEvent.setup();
    await renderProducts();
    server.use(http.get('*/api/products/:id/stock', apiFailure(), { once: true }));
    const writes = recordProductWrites();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Cotton Tee' }));
    const d = within(screen.getByRole('dialog', { name: 'Edit Product' }));
    expect(await d.findByText('Stock could not be loaded.')).toBeInTheDocument();
    await save(user, d, 'Update');
    const [body] = await writes.all();
    expect(body).not.toHaveProperty('inventory');
    expect((await stockNow()).cells['S/White']).toBe(240);
  });

  it('Try again loads the stock after a failed load', async () => {
    const user = userEvent.setup();
    await renderProducts();
    server.use(http.get('*/api/products/:id/stock', apiFailure(), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Edit Classic Cotton Tee' }));
    const d = within(screen.getByRole('dialog', { name: 'Edit Product' }));
    await user.click(await d.findByRole('button', { name: 'Try again' }));
    expect(await d.findByRole('checkbox', { name: 'Track stock' })).toBeChecked();
    expect(cell(d, 'S', 'White')).toHaveValue(240);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '#contract/schemas/csv';
import { adminTestStore } from '#web/test/admin-data';
import { apiFailure, renderAsAdmin } from '#web/test/admin-kit';
import { OrdersPage } from './orders-page';
import { ProductsPage } from './products-page';

/** What the browser was asked to save: the file name, the object URL and the Blob behind it. */
interface Saved {
  name: string;
  href: string;
  blob: Blob;
}

let saved: Saved[];
let revoked: string[];

beforeEach(() => {
  saved = [];
  revoked = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs and cannot follow a download: both are stubbed, and the click recorded.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const href = `blob:test/${++n}`;
        blobs.set(href, blob);
        return href;
      },
      revokeObjectURL: (href: string) => revoked.push(href),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({
      name: this.download,
      href: this.getAttribute('href') ?? '',
      blob: blobs.get(this.getAttribute('href') ?? '')!,
    });
  });
  return () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  };
});

const firstLine = async (blob: Blob) => (await blob.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0];

async function showProducts() {
  await resetMockStore(adminTestStore());
  const user = userEvent.setup();
  await renderAsAdmin(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('table');
  return user;
}

describe('Export CSV', () => {
  it('saves products.csv with the CSV text the server sent (the token goes with it)', async () => {
    const user = await showProducts();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('products.csv');
    expect(saved[0]!.blob.type).toMatch(/^text\/csv/);
    expect(await firstLine(saved[0]!.blob)).toBe(PRODUCT_CSV_COLUMNS.join(','));
    expect(await saved[0]!.blob.text()).toContain('Classic Cotton Tee');
    await waitFor(() => expect(revoked).toEqual([saved[0]!.href]));
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves orders.csv from the orders screen, every order', async () => {
    await resetMockStore(adminTestStore());
    const user = userEvent.setup();
    await renderAsAdmin(<OrdersPage />, { route: '/admin/orders' });
    await screen.findByRole('heading', { name: 'Order #1' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('orders.csv');
    const text = await saved[0]!.blob.text();
    expect(await firstLine(saved[0]!.blob)).toBe(ORDER_CSV_COLUMNS.join(','));
    expect(text).toContain('Slim Fit Jeans');
  });

  it('saves exactly the text it was sent, not JSON, and locks the button meanwhile', async () => {
    const csv = 'id,title\n1,"Tee, ""white"""\n';
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/admin/export/products.csv', async () => {
        await held;
        return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    const user = await showProducts();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.blob.text()).toBe(csv);
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("shows the server's message when the export fails, and saves nothing", async () => {
    server.use(http.get('*/api/admin/export/products.csv', apiFailure(503, 'storage_unavailable')));
    const user = await showProducts();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('no');
    expect(saved).toEqual([]);
  });
});

import 'fake-indexeddb/auto';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '#mock-api/node';
import { cachedApi } from '#web/lib/catalogue-cache';
import { CatalogueDb, setCatalogueDb } from '#web/lib/db';
import { demoData } from '#web/test/catalog-store';
import { freshDbPerTest } from '#web/test/fresh-db';
import { renderWithApp } from '#web/test/render';
import { ProductDetailPage } from './product-detail-page';

/**
 * Issue 27: a server failure on the product page is a failed load with Try again, never "Product not found";
 * a product the server says does not exist still is; offline, the saved copy is shown.
 */
configure({ asyncUtilTimeout: 4000 });

const db = freshDbPerTest(CatalogueDb, setCatalogueDb);

function renderProduct(id: number) {
  return renderWithApp(<ProductDetailPage />, { route: `/product/${id}`, path: '/product/:id' });
}

const down = (path: string) =>
  server.use(
    http.get(`*/api${path}`, () => HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 })),
  );

describe('product page load failures', () => {
  it('shows Could not load the product on a 5xx, not Product not found, and Try again recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const p = (await demoData()).products[0]!;
    down('/products/:id');
    renderProduct(p.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the product.');
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: p.title })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
  });

  it('still shows Product not found for an id the server does not know', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProduct(987654);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offline, shows the saved copy of the product (no error state)', async () => {
    const p = (await demoData()).products[0]!;
    await cachedApi('getProduct', { params: { id: p.id } });
    await vi.waitFor(async () => expect(await db().productStore.get(p.id)).toBeDefined());
    server.use(http.get('*/api/products/:id', () => HttpResponse.error()));
    renderProduct(p.id);
    expect(await screen.findByRole('heading', { level: 1, name: p.title })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load the product/)).not.toBeInTheDocument();
  });

  it('says the related products did not load, with Try again, when only they fail', async () => {
    const p = (await demoData()).products[0]!;
    down('/products');
    renderProduct(p.id);
    await screen.findByRole('heading', { level: 1, name: p.title });
    const related = await screen.findByRole('region', { name: 'You may also like' });
    expect(await within(related).findByRole('alert')).toHaveTextContent(
      'Could not load the related products.',
    );
    server.resetHandlers();
    await userEvent.click(within(related).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('related-track')).getAllByRole('article').length).toBeGreaterThan(0),
    );
  });

  it('offline with no copy on the device: not saved on this device yet (never Product not found), and back to the shop', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const p = (await demoData()).products[0]!;
    server.use(http.get('*/api/products/:id', () => HttpResponse.error()));
    renderProduct(p.id);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not saved on this device yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/this product is not saved on this device yet/)).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not load the product/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/products');
    // Back online: Try again shows the product.
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: p.title })).toBeInTheDocument();
  });
});

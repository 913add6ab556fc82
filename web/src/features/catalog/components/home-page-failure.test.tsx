import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mock-api/node';
import { keepProducts, reseed } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { HomePage } from './home-page';

/** Issue 27: a failed product load on the home page says so with Try again; an empty shop stays empty. */
configure({ asyncUtilTimeout: 4000 });

describe('home page when the products do not load', () => {
  it('shows Could not load the products with Try again (no stats), and Try again brings the products', async () => {
    server.use(
      http.get('*/api/products', () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 503 }),
      ),
    );
    renderWithApp(<HomePage />);
    const featured = screen.getByRole('region', { name: 'Featured Products' });
    const alert = await within(featured).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the products.');
    expect(screen.queryByRole('list', { name: 'Why shop with us' })).not.toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(9));
    expect(within(featured).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Why shop with us' })).toBeInTheDocument();
  });

  it('an empty shop is not an error: no alert, no cards', async () => {
    await reseed(keepProducts(0));
    renderWithApp(<HomePage />);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Why shop with us' })).toHaveTextContent('0+'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});

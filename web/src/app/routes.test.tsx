import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { StoreProvider, createAppStore } from '#web/lib/jotai';
import { LocationProbe } from '#web/test/render';
import { AppRoutes } from './routes';

function renderApp(route: string) {
  return render(
    <StoreProvider store={createAppStore()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </StoreProvider>,
  );
}

describe('routes and shell', () => {
  it('redirects an unknown path to / inside the shared header and footer', async () => {
    renderApp('/no/such/page');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Collections' })).toBeInTheDocument();
  });

  it('scrolls smoothly to the top on a path change', async () => {
    const scroll = vi.fn();
    window.scrollTo = scroll as typeof window.scrollTo;
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    // The title is set by the page's effect, which may land a tick after its heading under load.
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Threadline'));
  });

  it('serves a real wishlist page behind the header icon', async () => {
    renderApp('/wishlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your wishlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});

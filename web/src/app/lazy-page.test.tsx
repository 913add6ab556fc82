import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#web/test/render';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, lazyPage, withChunkTimeout } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazy screens after a deploy', () => {
  it('turns a failed dynamic import into the spec ChunkLoadError', async () => {
    const failed = withChunkTimeout(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      'CartPage',
    );
    await expect(failed).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk CartPage failed.',
    });
  });

  it('gives up on a chunk after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined), 'HomePage');
    const check = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await check;
  });

  it('shows a friendly message with Reload instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage(
      () =>
        Promise.reject<{ Gone: () => null }>(new TypeError('Failed to fetch dynamically imported module')),
      'Gone',
    );
    renderWithApp(
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Broken />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Reload to get the latest version');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });
});

describe('route error boundary', () => {
  it('clears the error when the shopper navigates elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    function Boom(): never {
      throw new Error('render failed');
    }
    renderWithApp(
      <>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Boom />} />
            <Route path="/fine" element={<p>all good</p>} />
          </Routes>
        </RouteErrorBoundary>
        <Link to="/fine">elsewhere</Link>
      </>,
      { route: '/broken' },
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('all good')).toBeInTheDocument();
  });
});

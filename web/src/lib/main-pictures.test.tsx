import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductImage, blankPicture } from '#web/components/product-image';
import { MAX_HOLD_MS, holdPicturesForMainOnes } from './main-pictures';

/** Issue 28: on a rendered first screen, the lazy pictures wait for the page's main one (the hero here). */
const page = () => (
  <div>
    <ProductImage src="/uploads/demo/hero.webp" alt="Hero" eager />
    <ProductImage src="/uploads/demo/tile.webp" alt="" width={400} height={500} />
  </div>
);

/** The server's markup in the document, with the main picture still loading. */
function served(): { root: HTMLDivElement; hero: HTMLImageElement } {
  const root = document.createElement('div');
  // (Without the preload React puts before a high-priority picture: the page's <head> holds it.)
  root.innerHTML = renderToString(page()).replace(/^<link rel="preload"[^>]*>/, '');
  document.body.append(root);
  const hero = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
  Object.defineProperty(hero, 'complete', { value: false, configurable: true });
  return { root, hero };
}

const tile = (root: HTMLElement) =>
  root.querySelector<HTMLImageElement>('img[src="/uploads/demo/tile.webp"]')!;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the main pictures first', () => {
  it('renders a lazy picture on the server behind a blank of its size for scripted pages, the real one for the rest', () => {
    const html = renderToString(page());
    // The main picture: a plain <img>, asked for at once.
    expect(html).toMatch(/<div><img [^>]*src="\/uploads\/demo\/hero.webp"[^>]*fetchPriority="high"/);
    // The lazy one: the blank for scripted pages, and the real picture (crawlers, no scripting) with its widths.
    const blank = blankPicture(400, 500).replace(/&/g, '&amp;');
    expect(html).toContain(`<picture class="`);
    expect(html).toContain(`<source media="(scripting: enabled)" srcSet="${blank}"/>`);
    expect(html).toMatch(
      /<img [^>]*src="\/uploads\/demo\/tile.webp" srcSet="\/uploads\/demo\/tile-320.webp 320w/,
    );
    expect(blankPicture(400, 500)).toBe(
      'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20width=%22400%22%20height=%22500%22/%3E',
    );
    expect(decodeURIComponent(blankPicture(400, 500).slice('data:image/svg+xml,'.length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"/>',
    );
  });

  it('hydrates the held markup without a mismatch, and shows the picture once the main one has loaded and painted', async () => {
    const { root, hero } = served();
    const released = holdPicturesForMainOnes();
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(async () => {
      hydrateRoot(root, page(), { onRecoverableError: (e) => errors.push(e) });
    });
    const before = tile(root);
    expect(before.closest('picture')).not.toBeNull();
    // Still held: the main picture has not loaded.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(tile(root).closest('picture')).not.toBeNull();
    await act(async () => {
      hero.dispatchEvent(new Event('load'));
      await released;
    });
    const after = tile(root);
    expect(after.closest('picture')).toBeNull();
    expect(after.getAttribute('loading')).toBe('lazy');
    expect(after.getAttribute('srcset')).toContain('/uploads/demo/tile-640.webp 640w');
    // The main picture was never held or replaced.
    expect(root.querySelector('img[fetchpriority="high"]')).toBe(hero);
    spy.mockRestore();
    expect(errors).toEqual([]);
  });

  it(`lets the others go after ${MAX_HOLD_MS} ms when the main picture never loads`, async () => {
    vi.useFakeTimers();
    const { root } = served();
    let done = false;
    void holdPicturesForMainOnes().then(() => (done = true));
    await act(async () => {
      hydrateRoot(root, page());
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 10);
    });
    expect(done).toBe(false);
    expect(tile(root).closest('picture')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(done).toBe(true);
    expect(tile(root).closest('picture')).toBeNull();
  });

  it('never holds a client-rendered page (no hold asked for)', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const html = renderToString(<ProductImage src="/uploads/demo/tile.webp" alt="" />);
    expect(html).toContain('<picture'); // the server's answer: held
    // A client render (createRoot) takes the client's snapshot: nothing held.
    return act(async () => {
      const { createRoot } = await import('react-dom/client');
      createRoot(root).render(<ProductImage src="/uploads/demo/tile.webp" alt="" />);
    }).then(() => {
      expect(root.querySelector('picture')).toBeNull();
      expect(root.querySelector('img')?.getAttribute('src')).toBe('/uploads/demo/tile.webp');
    });
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductImage } from './product-image';

/** Issue 29: offline, a picture that failed once is the placeholder at once (no request, no second render). */
const picture = () => screen.queryByRole('img', { name: 'Linen shirt' });
const placeholder = () => screen.queryByRole('img', { name: 'Linen shirt (no image)' });
const shown = (src: string) => render(<ProductImage src={src} alt="Linen shirt" />);
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
/** Shown, failed to load (the placeholder then), and gone again. */
function failOnce(src: string) {
  shown(src);
  fireEvent.error(picture()!);
  expect(placeholder()).toBeInTheDocument();
  cleanup();
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ProductImage', () => {
  it('offline, shows a picture that failed once as the placeholder at once, until the connection is back', () => {
    const onLine = goOffline();
    failOnce('/uploads/linen-a.webp');
    shown('/uploads/linen-a.webp');
    expect(picture()).toBeNull();
    expect(placeholder()).toBeInTheDocument();
    cleanup();
    // Another picture is still asked for.
    shown('/uploads/linen-b.webp');
    expect(picture()).toBeInTheDocument();
    cleanup();
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    shown('/uploads/linen-a.webp');
    expect(picture()).toBeInTheDocument();
    cleanup();
    // Offline again: the worker may have cached it meanwhile, so it is asked for once more.
    goOffline();
    shown('/uploads/linen-a.webp');
    expect(picture()).toBeInTheDocument();
  });

  it('online, asks again for a picture that failed (it may exist a moment later)', () => {
    failOnce('/uploads/linen-c.webp');
    shown('/uploads/linen-c.webp');
    expect(picture()).toBeInTheDocument();
  });
});

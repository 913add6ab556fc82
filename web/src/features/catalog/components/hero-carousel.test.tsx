import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#web/test/render';
import { HeroCarousel } from './hero-carousel';
import { HERO_SIZES, heroImage } from './hero-image';
import { SLIDE_INTERVAL_MS } from './use-carousel';

const current = () => screen.getAllByRole('group', { hidden: true }).findIndex((g) => g.getAttribute('aria-hidden') === 'false');

describe('hero carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the three default slides with Shop Now to their collection', () => {
    renderWithApp(<HeroCarousel />);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((s) => within(s).getByRole('heading', { hidden: true }).textContent)).toEqual([
      'Timeless Couple Styles',
      'Everyday Comfort',
      'Modern Streetwear',
    ]);
    const links = slides.map((s) => within(s).getByRole('link', { name: 'Shop Now', hidden: true }).getAttribute('href'));
    expect(links).toEqual(['/products?collection=timeless-style', '/products?collection=everyday-comfort', '/products?collection=modern-streetwear']);
    // Only the visible slide is exposed to assistive technology.
    expect(screen.getAllByRole('link', { name: 'Shop Now' })).toHaveLength(1);
  });

  it('fetches the first picture first, as its preload does, and the others once it is in', async () => {
    renderWithApp(<HeroCarousel />);
    const pictures = () => Array.from(document.querySelectorAll('img'));
    expect(pictures()).toHaveLength(1);
    const first = pictures()[0]!;
    const expected = heroImage('/uploads/demo/hero-timeless-style.webp');
    expect(first.getAttribute('src')).toBe(expected.src);
    expect(first.getAttribute('srcset')).toBe(expected.srcSet);
    expect(expected.srcSet).toContain('/uploads/demo/hero-timeless-style-960.webp 960w');
    expect(expected.srcSet).toContain('/uploads/demo/hero-timeless-style.webp 1600w');
    expect(first.getAttribute('sizes')).toBe(HERO_SIZES);
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    fireEvent.load(first);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(pictures().map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/demo/hero-timeless-style.webp',
      '/uploads/demo/hero-everyday-comfort.webp',
      '/uploads/demo/hero-modern-streetwear.webp',
    ]);
  });

  it('shows a slide moved to before the first picture is in with its own picture', () => {
    renderWithApp(<HeroCarousel />);
    fireEvent.click(screen.getByRole('button', { name: /Show slide 3/ }));
    expect(Array.from(document.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/demo/hero-timeless-style.webp',
      '/uploads/demo/hero-modern-streetwear.webp',
    ]);
  });

  it('advances on its own, and previous/next and the indicators move it', () => {
    renderWithApp(<HeroCarousel />);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: /Show slide 2/ }));
    expect(current()).toBe(1);
    expect(screen.getByRole('button', { name: /Show slide 2/ })).toHaveAttribute('aria-current', 'true');
  });

  it('pauses while hovered or focused and while the tab is hidden', () => {
    renderWithApp(<HeroCarousel />);
    const carousel = screen.getByRole('region', { name: 'Collections' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(current()).toBe(1);

    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(current()).toBe(1);
    fireEvent.blur(screen.getByRole('button', { name: 'Next slide' }));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(current()).toBe(1);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(current()).toBe(2);
  });
});

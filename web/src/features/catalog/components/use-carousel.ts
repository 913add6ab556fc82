import { useEffect, useState } from 'react';

export const SLIDE_INTERVAL_MS = 6000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The carousel's current slide. It advances on its own unless paused (hover or keyboard focus inside),
 * the tab is hidden, or the shopper asked for reduced motion (auto-moving content is then a barrier).
 */
export function useCarousel(count: number, intervalMs = SLIDE_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Visible at first (as the server renders it, so hydration matches); the effect reads the real state.
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (paused || hidden || count < 2 || prefersReducedMotion()) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [index, paused, hidden, count, intervalMs]);

  return {
    index,
    paused: paused || hidden,
    goTo: (i: number) => setIndex(((i % count) + count) % count),
    next: () => setIndex((i) => (i + 1) % count),
    prev: () => setIndex((i) => (i - 1 + count) % count),
    setPaused,
  };
}

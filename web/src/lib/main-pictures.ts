import { useSyncExternalStore } from 'react';

/**
 * The main pictures of a server-rendered page first (issue 28). A rendered page's `<img fetchpriority="high">`
 * (the hero, a product's picture, a listing's first cards) is its largest paint. The lazy pictures below it
 * start with the first layout all the same: on a phone's home page the ten category tiles and two cards,
 * 110 kB, against the hero's 29 kB. They share the phone's connection with the hero and keep its paint waiting.
 * So on the rendered first screen the other pictures (ProductImage) wait: until the main ones have loaded and
 * a frame has painted them, MAX_HOLD_MS at the latest. Meanwhile each shows a blank picture of its own size
 * (`<picture>` with a source for pages with scripting: without scripting, the browser takes the real one).
 * Pages rendered in the browser (the demo, the offline shell) never wait; a screen opened while the first one's
 * pictures are held waits with them (a frame, when the first screen has no main picture).
 */

/** However slow the main pictures, the others are asked for this long after the hold began at the latest. */
export const MAX_HOLD_MS = 2500;

let held = false;
const listeners = new Set<() => void>();

function release(): void {
  if (!held) return;
  held = false;
  for (const listener of listeners) listener();
}

/** Loaded or failed, or at once when it already has. */
function settled(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

/** After the next frame (the one that paints what has loaded). */
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * For a server-rendered page, before it hydrates (main.tsx): the other pictures wait for the page's main ones.
 * Answers once they are released.
 */
export function holdPicturesForMainOnes(): Promise<void> {
  held = true;
  const main = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const cap = new Promise<void>((resolve) => setTimeout(resolve, MAX_HOLD_MS));
  return Promise.race([Promise.all(main.map(settled)).then(afterFrame), cap]).then(release);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a lazy picture waits. On the server, and while the page hydrates, it does (the server's snapshot):
 * the markup is the same on both sides; React renders again once the client's answer differs.
 */
export function usePicturesHeld(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => true,
  );
}

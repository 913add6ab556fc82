/**
 * Marks `<html data-hydrated>` once the first screen can be used: a server-rendered page (issue 28) when React
 * has hydrated it and its lazy screen (hydration.tsx), any other page at the app's first render (main.tsx).
 * The e2e suite waits for the mark after every page load (e2e/fixtures.ts).
 */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = '';
  const held = heldTaps;
  heldTaps = null;
  document.removeEventListener('click', holdTap, true);
  // Hydration keeps the server's elements: a button tapped early is the same element, now with its handler.
  // After the next frame: the state an early pick set as the page hydrated (option-picker.tsx) is rendered.
  if (held?.length)
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const button of held) if (button.isConnected && !button.disabled) button.click();
      }, 0),
    );
}

let heldTaps: HTMLButtonElement[] | null = null;

function holdTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!heldTaps || !button || !document.getElementById('root')?.contains(button)) return;
  event.preventDefault();
  event.stopPropagation();
  if (!heldTaps.includes(button)) heldTaps.push(button);
}

/**
 * While a server-rendered page hydrates, a tap on one of its buttons (Add to Cart, the menu) would do nothing:
 * it is held, and given to the button once the page is hydrated (markHydrated), each button once, in order.
 * (Links need no help: before hydration they load their page. A radio keeps its check: option-picker.tsx.)
 */
export function holdEarlyTaps(): void {
  heldTaps = [];
  document.addEventListener('click', holdTap, true);
}

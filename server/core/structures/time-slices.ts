/**
 * Long work in slices (issue 24: an 8 MB import held the event loop for seconds). `breathe()` resolves at
 * once while the current slice is young, and after a macrotask once it has run `sliceMs`, so the requests
 * waiting meanwhile are answered between two slices. A macrotask, not a microtask: promise callbacks run
 * before any I/O, so awaiting a resolved promise would give nothing back.
 */
export function createBreather(
  sliceMs = 8,
  schedule: (next: () => void) => void = (next) => void setTimeout(next, 0),
): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => schedule(resolve));
    since = performance.now();
  };
}

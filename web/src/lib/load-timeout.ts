/**
 * How long a screen waits for its data before it says the load failed: a server that hangs counts as failing
 * (issue 27), shown with LoadFailed and Try again instead of a spinner that never ends. A timed-out call is an
 * abort, so the API client does not mistake it for being offline.
 */
export const LOAD_TIMEOUT_MS = 15_000;

/** The query's own signal (key change, unmount) joined with the load time-out. */
export function withLoadTimeout(signal: AbortSignal, ms = LOAD_TIMEOUT_MS): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)]);
}

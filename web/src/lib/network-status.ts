import { useSyncExternalStore } from 'react';

/**
 * Whether the app is offline, for the offline banner and the Place Order notice. navigator.onLine alone
 * lies on captive portals and dead Wi-Fi, so a fetch that fails at the network level also counts as
 * offline until the next answer arrives or the browser says it is back online. Kept outside React and
 * jotai because the browser events and the API client report here before (and regardless of) any render.
 */
export interface NetworkStatus {
  offline: boolean;
  /** When the background sync last copied the whole catalogue (ms since epoch), if known. */
  lastSyncedAt: number | null;
}

const hasWindow = typeof window !== 'undefined';
let browserOffline = hasWindow && typeof navigator !== 'undefined' ? navigator.onLine === false : false;
let fetchFailed = false;
let state: NetworkStatus = { offline: browserOffline, lastSyncedAt: null };
const listeners = new Set<() => void>();

function publish(): void {
  const next = { offline: browserOffline || fetchFailed, lastSyncedAt: state.lastSyncedAt };
  if (next.offline === state.offline) return;
  state = { ...state, offline: next.offline };
  for (const l of listeners) l();
}

export function reportFetchFailure(): void {
  fetchFailed = true;
  publish();
}

export function reportFetchSuccess(): void {
  if (!fetchFailed) return;
  fetchFailed = false;
  publish();
}

export function setLastSynced(at: number | null): void {
  if (at === state.lastSyncedAt) return;
  state = { ...state, lastSyncedAt: at };
  for (const l of listeners) l();
}

if (hasWindow) {
  window.addEventListener('online', () => {
    browserOffline = false;
    fetchFailed = false;
    publish();
  });
  window.addEventListener('offline', () => {
    browserOffline = true;
    publish();
  });
}

export function getNetworkStatus(): NetworkStatus {
  return state;
}

export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribeNetworkStatus, getNetworkStatus, getNetworkStatus);
}

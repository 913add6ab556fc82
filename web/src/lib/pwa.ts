import { useSyncExternalStore } from 'react';

/**
 * Service-worker registration, the update flow and the install prompt. The worker is vite-plugin-pwa's
 * /sw.js (see pwa.config.ts); workbox-window is imported lazily so it stays out of the first load.
 * Update flow: a new worker installs and waits (registerType 'prompt'); we show `New version available`,
 * and Reload sends SKIP_WAITING, then reloads once the new worker controls the page, so the page and
 * its chunks always come from one version. beforeinstallprompt is captured from boot, before React renders,
 * because the browser fires it once and early. State lives outside React for the same reason.
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  updateReady: boolean;
  canInstall: boolean;
}

let state: PwaState = { updateReady: false, canInstall: false };
const listeners = new Set<() => void>();
let installEvent: InstallPromptEvent | null = null;
let applyWaiting: (() => void) | null = null;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => state;

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep the mini-infobar away; our Install app control offers it instead
    installEvent = e as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    set({ canInstall: false });
  });
}

export async function promptInstall(): Promise<void> {
  const event = installEvent;
  if (!event) return;
  installEvent = null; // a prompt event can be used once
  set({ canInstall: false });
  await event.prompt();
}

export function applyUpdate(): void {
  if (applyWaiting) applyWaiting();
  else window.location.reload();
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', () => {
    applyWaiting = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    set({ updateReady: true });
  });
  const registration = await wb.register();
  // Look for a new version when the app comes back to the foreground (installed apps live for days).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration?.update().catch(() => undefined);
  });
}

/** Demo mode: MSW owns the scope; a PWA worker left from a real visit on this origin is removed. */
export async function unregisterPwaWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const regs = await navigator.serviceWorker.getRegistrations();
  await Promise.all(regs.filter((r) => r.active?.scriptURL.endsWith('/sw.js')).map((r) => r.unregister()));
}

/** iOS Safari has no install prompt: a hint is shown there, unless the app already runs installed. */
export function needsIosInstallHint(): boolean {
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const safari = /safari/i.test(ua) && !/crios|fxios|edgios|opios/i.test(ua);
  const standalone =
    ('standalone' in navigator && (navigator as { standalone?: boolean }).standalone === true) ||
    window.matchMedia?.('(display-mode: standalone)').matches === true;
  return ios && safari && !standalone;
}

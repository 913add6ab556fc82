import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoNetwork, DEMO_OFFLINE_KEY } from './demo-network';

const events = new EventTarget();
const heard: string[] = [];
for (const type of ['online', 'offline']) events.addEventListener(type, () => heard.push(type));

const { network, handler } = createDemoNetwork(events);
const server = setupServer(
  handler,
  http.get('*/api/health', () => HttpResponse.json({ ok: true })),
  http.get('*/src/features/catalog/api/x.ts', () => new HttpResponse('source')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('answers every API call with a network error while offline, and says so to the window', async () => {
  expect((await fetch('http://localhost/api/health')).status).toBe(200);

  network.setOffline(true);
  expect(network.isOffline()).toBe(true);
  await expect(fetch('http://localhost/api/health')).rejects.toThrow(TypeError);
  // Not the app's own files that merely have /api/ in their path (npm run demo serves sources).
  expect(await (await fetch('http://localhost/src/features/catalog/api/x.ts')).text()).toBe('source');

  network.setOffline(true); // no change, no second event
  network.setOffline(false);
  expect((await fetch('http://localhost/api/health')).status).toBe(200);
  expect(heard).toEqual(['offline', 'online']);
});

it('keeps the switch in the given storage, so a reload in Offline mode starts offline and says so', async () => {
  const storage = new Map<string, string>();
  const kept = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  };
  const first = createDemoNetwork(new EventTarget(), kept).network;
  expect(first.isOffline()).toBe(false);
  first.setOffline(true);
  expect(storage.get(DEMO_OFFLINE_KEY)).toBe('1');

  // The reload: a new network over the same storage starts offline, and the window hears it.
  const reloaded = new EventTarget();
  const heardAfterReload: string[] = [];
  reloaded.addEventListener('offline', () => heardAfterReload.push('offline'));
  const { network: second, handler: secondHandler } = createDemoNetwork(reloaded, kept);
  expect(second.isOffline()).toBe(true);
  expect(heardAfterReload).toEqual(['offline']);
  server.use(secondHandler); // the reloaded page's handler goes first
  try {
    await expect(fetch('http://localhost/api/health')).rejects.toThrow(TypeError);
    second.setOffline(false);
    expect(storage.has(DEMO_OFFLINE_KEY)).toBe(false);
    expect((await fetch('http://localhost/api/health')).status).toBe(200);
  } finally {
    server.resetHandlers();
  }
  // A third start (online again) does not announce anything.
  const quiet = new EventTarget();
  const heardQuiet: string[] = [];
  quiet.addEventListener('offline', () => heardQuiet.push('offline'));
  expect(createDemoNetwork(quiet, kept).network.isOffline()).toBe(false);
  expect(heardQuiet).toEqual([]);
});

it('starts online and still switches when the storage refuses to be read or written', () => {
  const refusing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  };
  const { network } = createDemoNetwork(new EventTarget(), refusing);
  expect(network.isOffline()).toBe(false);
  network.setOffline(true);
  expect(network.isOffline()).toBe(true);
});

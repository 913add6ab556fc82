import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoNetwork } from './demo-network';

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

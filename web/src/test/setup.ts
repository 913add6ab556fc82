import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { openFirstScreenGate } from '#web/lib/first-screen';
import { loadStoredParsers } from '#web/lib/session/stored-parsers';

/**
 * Every web test talks to the MSW node server (the real domain core over memory), reset to the seeded
 * demo store before each test. A test that needs other data calls resetMockStore(tinyDemoStore()) itself,
 * or server.use(...) for a one-off handler (undone after each test).
 */
// waitFor and findBy* wait up to 5 s (not 1 s) for what must appear: on a busy 2-core machine (CI with the
// whole suite in parallel) an MSW answer and its render can take over a second; a failure still fails.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await loadStoredParsers(); // main.tsx loads them before the first render
  openFirstScreenGate(); // no first screen to wait for: background work may start at once
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(async () => {
  await resetMockStore();
});
afterEach(() => {
  server.resetHandlers();
  cleanup();
  localStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
afterAll(() => server.close());

/**
 * Test helpers for the admin feature (imported by *.test.tsx only): sign in against the MSW core, make API
 * calls fail, and build image files the server's byte sniffing accepts.
 */
import type { ReactElement } from 'react';
import { HttpResponse } from 'msw';
import { mockBackend, MOCK_ADMIN } from '#mock-api/mock-store';
import { TOKEN_KEY } from '#web/lib/api-client';
import { createAppStore, type AppStore } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import { renderWithApp } from './render';

/** A 1x1 transparent PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function pngFile(name = 'photo.png'): File {
  const bytes = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png' });
}

export function bigPngFile(): File {
  return new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
}

export function textFile(): File {
  return new File(['hello'], 'notes.txt', { type: 'text/plain' });
}

/** A store whose user is the mock admin, with the admin's token where the API client reads it. */
export async function adminStore(): Promise<AppStore> {
  const { core } = await mockBackend();
  const { token, user } = await core.auth.login({ email: MOCK_ADMIN.email, password: MOCK_ADMIN.password });
  localStorage.setItem(TOKEN_KEY, token);
  const store = createAppStore();
  store.set(userAtom, user);
  return store;
}

/** Renders a screen signed in as the mock admin (see adminStore). */
export async function renderAsAdmin(ui: ReactElement, options: Parameters<typeof renderWithApp>[1] = {}) {
  return renderWithApp(ui, { ...options, store: await adminStore() });
}

/** A handler resolver answering with the API's error body: 500 internal unless told otherwise. */
export function apiFailure(status = 500, code = 'internal') {
  return () => HttpResponse.json({ message: 'no', code }, { status });
}

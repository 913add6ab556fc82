/**
 * The mock's backend: the real server core over memory tables, seeded from the demo store.
 *
 * Test credentials (MSW only; the real server never has a fixed password):
 *   admin   admin@threadline.local / threadline-admin   (MOCK_ADMIN)
 *   shopper shopper@threadline.example / demoShopperCredentials().password (from the demo store)
 * `getMockToken('shopper' | 'admin')` hands a fresh bearer token without going through fetch, and
 * `resetMockStore()` restores the seeded state (call it in beforeEach).
 */
import type { Api } from '#server/core/api/handle';
import { createApi } from '#server/core/api/handle';
import type { Core } from '#server/core/core';
import { createCore } from '#server/core/core';
import type { HtmlSanitizer, Stores } from '#server/core/ports';
import type { DemoStore } from '#server/core/seed';
import { seedDemoStore } from '#server/core/seed';
import { createCountriesDataset } from '#server/store/countries-dataset';
import { createCsvCodec } from '#server/store/csv-codec';
import type { MemoryImageStorage } from '#server/store/memory-image-storage';
import { createMemoryImageStorage } from '#server/store/memory-image-storage';
import { createMemoryStores } from '#server/store/memory-store';
import { systemClock } from '#server/store/system-clock';
import { createWebTokenService } from '#server/store/web-tokens';
import { createWebCryptoHasher } from '#server/store/webcrypto-hasher';
import { demoStore } from './demo-source';
import { mockMailSettings } from './mock-mail';

export const MOCK_ADMIN = {
  email: 'admin@threadline.local',
  password: 'threadline-admin',
  name: 'Store Admin',
} as const;

export interface MockBackend {
  core: Core;
  api: Api;
  images: MemoryImageStorage;
  demo: DemoStore;
}

/** Until node.ts or browser.ts plugs in a real sanitiser, descriptions lose every tag (safe, plain). */
let sanitizer: HtmlSanitizer = { sanitize: (html) => html.replace(/<[^>]*>/g, '') };
let current: Promise<MockBackend> | undefined;

export function configureMockSanitizer(s: HtmlSanitizer): void {
  sanitizer = s;
}

/** Where a backend keeps its data: memory (tests, the default) or the demo's IndexedDB (demo-backend.ts). */
export interface MockStorage {
  stores: Stores;
  images: MemoryImageStorage;
  /** The stores already hold a saved demo: no admin to create, nothing to seed. */
  restored?: boolean;
}

const memoryStorage = (): MockStorage => ({
  stores: createMemoryStores(),
  images: createMemoryImageStorage(),
});

export async function buildMockBackend(
  demo: DemoStore,
  storage: MockStorage = memoryStorage(),
): Promise<MockBackend> {
  const { stores, images } = storage;
  const hasher = createWebCryptoHasher(1_000);
  const core = createCore({
    stores,
    hasher,
    tokens: createWebTokenService(),
    images,
    sanitizer,
    clock: systemClock,
    countries: createCountriesDataset(),
    csv: createCsvCodec(),
    mail: mockMailSettings(),
  });
  if (!storage.restored) {
    await core.auth.createUser({
      name: MOCK_ADMIN.name,
      email: MOCK_ADMIN.email,
      phone: '15550109999',
      password: MOCK_ADMIN.password,
      isAdmin: true,
    });
    await seedDemoStore(stores, hasher, demo, systemClock.now());
  }
  return { core, api: createApi(core), images, demo };
}

export function mockBackend(): Promise<MockBackend> {
  return (current ??= buildMockBackend(demoStore()));
}

/** Puts another backend behind the handlers (the browser demo's saved one); resetMockStore() undoes it. */
export function installMockBackend(backend: Promise<MockBackend>): void {
  current = backend;
}

/** Back to the seeded state; pass a DemoStore to seed other data (e.g. tinyDemoStore()). */
export async function resetMockStore(demo: DemoStore = demoStore()): Promise<void> {
  current = buildMockBackend(demo);
  await current;
}

export function demoShopperCredentials(demo: DemoStore = demoStore()): { email: string; password: string } {
  const u = demo.users.find((x) => x.is_admin === 0);
  if (!u) throw new Error('The demo store has no shopper');
  return { email: u.email, password: u.password };
}

/** A bearer token for the demo shopper or the mock admin, minted straight through the core. */
export async function getMockToken(role: 'shopper' | 'admin'): Promise<string> {
  const b = await mockBackend();
  const creds = role === 'admin' ? MOCK_ADMIN : demoShopperCredentials(b.demo);
  return (await b.core.auth.login({ email: creds.email, password: creds.password })).token;
}

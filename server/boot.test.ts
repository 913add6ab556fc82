import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import { DEFAULT_ADMIN_EMAIL, openBackend } from './boot';
import { parseEnv } from './config';
import { DEMO_USERS, generateDemoStore } from '#fixtures/generate';
import { startTestServer } from './test/test-server';
import { tinyDemoStore } from './test/tiny-seed';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-boot-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('env: defaults, overrides and clear errors', () => {
  expect(parseEnv({})).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', SEED_DEMO: true });
  expect(
    parseEnv({ PORT: '3150', SEED_DEMO: 'false', ADMIN_EMAIL: 'boss@shop.test', STORE_CURRENCY: 'EUR' }),
  ).toMatchObject({
    PORT: 3150,
    SEED_DEMO: false,
    ADMIN_EMAIL: 'boss@shop.test',
    STORE_CURRENCY: 'EUR',
  });
  expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => parseEnv({ ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
  expect(parseEnv({}).MAX_CONNECTIONS).toBe(1000);
  expect(parseEnv({ MAX_CONNECTIONS: '50' }).MAX_CONNECTIONS).toBe(50);
  expect(() => parseEnv({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
});

it('first start without ADMIN_* creates admin@threadline.local with a random password, printed once', async () => {
  const lines: string[] = [];
  const a = await openBackend({ dataDir: dir, log: (l) => lines.push(l) });
  const printed = /password: (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
  expect(printed.length).toBeGreaterThanOrEqual(12);
  const login = await a.core.auth.login({ email: DEFAULT_ADMIN_EMAIL, password: printed });
  expect(login.user.is_admin).toBe(1);
  await a.close();
  const again: string[] = [];
  const b = await openBackend({ dataDir: dir, log: (l) => again.push(l) });
  expect(again.join('\n')).not.toMatch(/password/);
  expect(b.core.auth.hasAdmin()).toBe(true);
  await b.close();

  const other = await mkdtemp(join(tmpdir(), 'threadline-boot-'));
  const third: string[] = [];
  const c = await openBackend({ dataDir: other, log: (l) => third.push(l) });
  expect(/password: (\S+)/.exec(third.join('\n'))?.[1]).not.toBe(printed);
  await c.close();
  await rm(other, { recursive: true, force: true });
});

it('ADMIN_EMAIL / ADMIN_PASSWORD create that admin and are never printed; the demo is seeded once', async () => {
  const lines: string[] = [];
  const demo = { store: tinyDemoStore };
  const a = await openBackend({
    dataDir: dir,
    adminEmail: 'boss@shop.test',
    adminPassword: 'boss-secret',
    demo,
    log: (l) => lines.push(l),
  });
  expect(lines.join('\n')).not.toContain('boss-secret');
  expect((await a.core.auth.login({ email: 'boss@shop.test', password: 'boss-secret' })).user.is_admin).toBe(
    1,
  );
  expect(a.core.products.list(catalogQuerySchema.parse({ limit: 100 })).total).toBe(5);
  const admin = (await a.core.auth.login({ email: 'boss@shop.test', password: 'boss-secret' })).user;
  await a.core.products.remove(admin, 1);
  await a.close();
  const b = await openBackend({ dataDir: dir, demo, log: () => undefined });
  expect(b.core.products.list(catalogQuerySchema.parse({ limit: 100 })).total).toBe(4);
  await b.close();
});

it('the demo store is asked for only to seed an empty catalogue (index.ts loads faker only then)', async () => {
  let asked = 0;
  const demo = {
    store: async () => {
      asked++;
      return tinyDemoStore();
    },
  };
  const a = await openBackend({ dataDir: dir, demo, log: () => undefined });
  expect(asked).toBe(1);
  expect(a.core.products.list(catalogQuerySchema.parse({ limit: 100 })).total).toBe(5);
  await a.close();
  const b = await openBackend({ dataDir: dir, demo, log: () => undefined });
  expect(asked).toBe(1);
  await b.close();
});

it('the generated demo store seeds, persists and reopens cleanly (every row passes the start-up checks)', async () => {
  const demo = { store: generateDemoStore };
  const a = await openBackend({ dataDir: dir, demo, log: () => undefined });
  const total = a.core.products.list(catalogQuerySchema.parse({ limit: 1 })).total;
  expect(total).toBe(generateDemoStore().products.length);
  await a.close();
  const b = await openBackend({ dataDir: dir, demo, log: () => undefined });
  expect(b.core.orders.all().length).toBe(a.core.orders.all().length);
  expect(b.core.products.list(catalogQuerySchema.parse({ limit: 1 })).total).toBe(total);
  await b.close();
});

it('demo shoppers get random passwords, printed once; the published fixture password does not sign in', async () => {
  const lines: string[] = [];
  const srv = await startTestServer({
    dataDir: dir,
    demo: { store: generateDemoStore },
    log: (l) => lines.push(l),
  });
  const login = (email: string, password: string) =>
    fetch(`${srv.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  try {
    const out = lines.join('\n');
    expect(out).toContain('Demo shopper accounts (shown only once):');
    for (const u of DEMO_USERS) {
      const printed = new RegExp(`${u.email}  password: (\\S+)`).exec(out)?.[1] ?? '';
      expect(printed).toMatch(/^[\w-]{16}$/);
      expect((await login(u.email, u.password)).status).toBe(401);
      const ok = await login(u.email, printed);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { user: { email: string } }).user.email).toBe(u.email);
    }
  } finally {
    await srv.close();
  }
  const again: string[] = [];
  const b = await openBackend({
    dataDir: dir,
    demo: { store: generateDemoStore },
    log: (l) => again.push(l),
  });
  expect(again.join('\n')).not.toMatch(/password/);
  await b.close();
});

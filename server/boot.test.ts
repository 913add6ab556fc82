import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { catalogQuerySchema } from '../contract/rules/catalog-query';
import { DEFAULT_ADMIN_EMAIL, openBackend } from './boot';
import { parseEnv } from './config';
import { generateDemoStore } from '../fixtures/generate';
import { tinyDemoStore } from './store/tiny-seed';

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
});

it('first start without ADMIN_* creates admin@threadline.local with a random password, printed once', async () => {
  const lines: string[] = [];
  const a = await openBackend({ dataDir: dir, log: (l) => lines.push(l) });
  const printed = /password: (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
  expect(printed.length).toBeGreaterThanOrEqual(12);
  const login = await a.core.auth.login({ email: DEFAULT_ADMIN_EMAIL, password: printed });
  expect(login.user.is_admin).toBe(1);
  const again: string[] = [];
  const b = await openBackend({ dataDir: dir, log: (l) => again.push(l) });
  expect(again.join('\n')).not.toMatch(/password/);
  expect(b.core.auth.hasAdmin()).toBe(true);

  const other = await mkdtemp(join(tmpdir(), 'threadline-boot-'));
  const third: string[] = [];
  await openBackend({ dataDir: other, log: (l) => third.push(l) });
  expect(/password: (\S+)/.exec(third.join('\n'))?.[1]).not.toBe(printed);
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
  await a.core.products.remove(1);
  const b = await openBackend({ dataDir: dir, demo, log: () => undefined });
  expect(b.core.products.list(catalogQuerySchema.parse({ limit: 100 })).total).toBe(4);
});

it('the generated demo store seeds, persists and reopens cleanly (every row passes the start-up checks)', async () => {
  const demo = { store: generateDemoStore };
  const a = await openBackend({ dataDir: dir, demo, log: () => undefined });
  const total = a.core.products.list(catalogQuerySchema.parse({ limit: 1 })).total;
  expect(total).toBe(generateDemoStore().products.length);
  const b = await openBackend({ dataDir: dir, demo, log: () => undefined });
  expect(b.core.orders.all().length).toBe(a.core.orders.all().length);
  expect(b.core.products.list(catalogQuerySchema.parse({ limit: 1 })).total).toBe(total);
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { strayUploadNames } from '#server/test/stray-uploads';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';

let srv: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'threadline-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Threadline</title>');
  await writeFile(join(dist, 'sw.js'), 'self.skipWaiting()');
  await writeFile(join(dist, 'manifest.webmanifest'), '{}');
  await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  srv = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await srv.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${srv.baseUrl}${path}`);

it('serves the app entry points with no-cache and hashed assets as immutable', async () => {
  for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
    const r = await get(path);
    expect(r.status, path).toBe(200);
    expect(r.headers.get('cache-control'), path).toBe('no-cache');
  }
  expect((await get('/manifest.webmanifest')).headers.get('content-type')).toContain(
    'application/manifest+json',
  );
  const asset = await get('/assets/app-1a2b3c.js');
  expect(asset.headers.get('cache-control')).toContain('immutable');
  expect(asset.headers.get('content-type')).toContain('text/javascript');
});

it('any unknown non-API GET gets index.html; unknown /api paths get a JSON 404', async () => {
  const page = await get('/product/12?x=1');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Threadline</title>');
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const api = await get('/api/does-not-exist');
  expect(api.status).toBe(404);
  expect(api.headers.get('content-type')).toContain('application/json');
});

it('never serves files from outside dist/ or uploads/', async () => {
  const r = await get('/..%2F..%2Fetc%2Fpasswd');
  expect(await r.text()).not.toContain('root:');
  const u = await get('/uploads/..%2Fusers.json');
  expect(u.status).toBe(404);
  expect(await u.text()).not.toContain('password_hash');
});

it('serves from uploads/ only the names it stores: temp files, dotfiles and other files there are 404', async () => {
  const uploads = join(srv.dataDir, 'uploads');
  const hash = 'c0ffee'.repeat(10) + 'c0de';
  await mkdir(join(uploads, 'demo'), { recursive: true });
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const present = strayUploadNames(hash);
  for (const rel of [`${hash}.png`, 'demo/shirt.webp', ...present]) await writeFile(join(uploads, rel), png);
  for (const rel of present) expect((await get(`/uploads/${rel}`)).status, rel).toBe(404);
  for (const rel of [`${hash}.png`, 'demo/shirt.webp']) {
    const r = await get(`/uploads/${rel}`);
    expect(r.status, rel).toBe(200);
    expect(r.headers.get('cache-control'), rel).toContain('immutable');
  }
});

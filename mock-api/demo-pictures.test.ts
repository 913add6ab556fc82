import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoPictures } from './demo-pictures';

// A static host with one picture at the root and one under /threadline/.
const FILES: Record<string, string> = {
  '/uploads/demo/at-root.webp': 'root picture',
  '/threadline/uploads/demo/tee.webp': 'tee picture',
};
const asked: string[] = [];
const host: Server = createServer((req, res) => {
  asked.push(req.url ?? '');
  const body = FILES[req.url ?? ''];
  res.writeHead(body ? 200 : 404).end(body ?? 'Not found');
});
let origin = '';
const mock = setupServer(demoPictures('/threadline/'));

beforeAll(async () => {
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  mock.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  mock.close();
  await new Promise((done) => host.close(done));
});

const text = async (path: string) => {
  const res = await fetch(`${origin}${path}`);
  return `${res.status} ${await res.text()}`;
};

it('under a sub-path, answers /uploads/demo/… with the file under the base, any width with the original', async () => {
  expect(await text('/uploads/demo/tee.webp')).toBe('200 tee picture');
  expect(await text('/uploads/demo/tee-320.webp')).toBe('200 tee picture');
  expect(await text('/uploads/demo/tee-960.webp')).toBe('200 tee picture');
  expect(await text('/threadline/uploads/demo/tee.webp')).toBe('200 tee picture');
  expect(asked).toEqual(Array(4).fill('/threadline/uploads/demo/tee.webp'));
});

it('at the root, leaves the originals to the host and maps only the widths', async () => {
  mock.resetHandlers(demoPictures('/'));
  asked.length = 0;
  expect(await text('/uploads/demo/at-root.webp')).toBe('200 root picture');
  expect(await text('/uploads/demo/at-root-640.webp')).toBe('200 root picture');
  expect(await text('/uploads/demo/missing.webp')).toBe('404 Not found');
  expect(asked).toEqual([
    '/uploads/demo/at-root.webp',
    '/uploads/demo/at-root.webp',
    '/uploads/demo/missing.webp',
  ]);
});

/**
 * The service worker's navigations (issue 28): the server's page when it comes in time and belongs to the
 * worker's build, else the precached shell; the denylist keeps non-pages away from the shell.
 */
import { describe, expect, it } from 'vitest';
import { createNavigationHandler, entryScriptOf, NAVIGATION_DENYLIST } from './sw-navigation';

const page = (entry: string, body = '<div id="root"><h1>Server page</h1></div>') =>
  `<!doctype html><html><head><title>T</title><link rel="canonical" href="https://shop.example/product/1" />` +
  `<script type="module" crossorigin src="${entry}"></script></head><body>${body}</body></html>`;
const SHELL = page('/assets/index-aaa.js', '<div id="root"></div>');

const html = (text: string | ReadableStream<Uint8Array>, status = 200) =>
  new Response(text, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

const shellDeps = { shell: async () => html(SHELL) };
const request = new Request('https://shop.example/product/1', { headers: { accept: 'text/html' } });
const never = () => new Promise<Response>(() => undefined);

/** A body that sends its chunks with a pause before each one after the first. */
function slowBody(chunks: string[], pauseMs: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (i > 0) await new Promise((r) => setTimeout(r, pauseMs));
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else controller.close();
    },
  });
}

describe('a navigation', () => {
  it('is answered by the network when the server answers in time, body streamed through whole', async () => {
    const served = page('/assets/index-aaa.js');
    const answer = createNavigationHandler({ ...shellDeps, fetch: async () => html(served), timeoutMs: 200 });
    const res = await answer(request);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe(served);
  });

  it('keeps the server’s status (the 404 of an unknown product) and streams what follows the head', async () => {
    const head = page('/assets/index-aaa.js', '').replace('<body></body></html>', '');
    const fetch = async () =>
      html(slowBody([head, '<body><h1>Product not found</h1>', '</body></html>'], 50), 404);
    const res = await createNavigationHandler({ ...shellDeps, fetch, timeoutMs: 200 })(request);
    expect(res.status).toBe(404);
    // The body takes 100 ms after the head, so it arrives after the timeout: only the head counts.
    expect(await res.text()).toContain('Product not found');
  });

  it('falls back to the shell offline, on a timeout, on a slow head and on a server error', async () => {
    const cases: Array<() => Promise<Response>> = [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      never,
      async () => html(slowBody(['<!doctype html><html><head>', '<title>late</title></head>'], 400)),
      async () => new Response('oops', { status: 503 }),
    ];
    for (const fetch of cases) {
      const started = Date.now();
      const res = await createNavigationHandler({ ...shellDeps, fetch, timeoutMs: 150 })(request);
      expect(await res.text()).toBe(SHELL);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('serves the shell when the page is of another build, so the worker’s version stays until Reload', async () => {
    const fetch = async () => html(page('/assets/index-bbb.js'));
    const res = await createNavigationHandler({ ...shellDeps, fetch, timeoutMs: 200 })(request);
    expect(await res.text()).toBe(SHELL);
  });

  it('passes redirects and answers that are not HTML through untouched', async () => {
    const redirect = Response.redirect('https://shop.example/', 302);
    expect(await createNavigationHandler({ ...shellDeps, fetch: async () => redirect })(request)).toBe(
      redirect,
    );
    const text = new Response('User-agent: *', { headers: { 'content-type': 'text/plain' } });
    expect(await createNavigationHandler({ ...shellDeps, fetch: async () => text })(request)).toBe(text);
  });

  it('without a shell, shows the server error, or fails as the network did', async () => {
    const none = { shell: async () => undefined };
    const error = new Response('oops', { status: 500 });
    expect(await createNavigationHandler({ ...none, fetch: async () => error })(request)).toBe(error);
    const offline = createNavigationHandler({
      ...none,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline(request)).rejects.toThrow('Failed to fetch');
  });
});

describe('entryScriptOf', () => {
  it('finds the module entry in Vite’s head, whatever the attribute order, and nothing in a page without one', () => {
    expect(entryScriptOf(SHELL)).toBe('/assets/index-aaa.js');
    expect(entryScriptOf(`<script src='/a.js'></script><script src="/x-1.js" type=module></script>`)).toBe(
      '/x-1.js',
    );
    expect(entryScriptOf('<script type="application/ld+json">{}</script>')).toBeNull();
  });
});

describe('the navigation denylist', () => {
  const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));
  it('leaves the API, pictures, robots.txt and the sitemaps to the network, and no page of the app', () => {
    for (const path of [
      '/api',
      '/api/products?limit=1',
      '/uploads/demo/x.webp',
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/sitemap-products-1.xml',
    ])
      expect(denied(path), path).toBe(true);
    for (const path of ['/', '/products?category=jeans', '/product/1', '/apiary', '/sitemap', '/robots'])
      expect(denied(path), path).toBe(false);
  });
});

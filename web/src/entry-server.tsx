/**
 * The server's rendering of the shop pages (issue 28), built by Vite's SSR build into dist/server/ and used by
 * the Koa page routes (server/http/pages/ssr-render.ts). The app renders for a URL with React 19's streaming
 * renderer, collected once everything is ready; each query the screens ask for is answered from the core in
 * process through `CatalogPort` (the same answers the API would send), and every answer used goes into the
 * payload the page embeds, so the browser's hydration asks for none of them again. The result is the anonymous
 * shop: no user, and the cart's badge and total as marks the routes fill per request (cart-link.tsx).
 */
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Writable } from 'node:stream';
import { StaticRouter } from 'react-router';
import type { Category } from '#contract/schemas/category';
import type { Product, ProductListResponse } from '#contract/schemas/product';
import { fromCents, linesTotalCents } from '#contract/rules/money';
import { App } from './app/app';
import { HydrationParts } from './app/hydration';
import { CART_MARKS, CartBadge, CartMarksContext } from './app/shell/cart-link';
import { primeCategoriesAtom } from './features/catalog/atoms';
import { RELATED_COUNT } from './features/product/api/use-related';
import { ServerSanitizerContext } from './lib/html-sanitizer';
import { createAppStore } from './lib/jotai';
import { hydratingAtom } from './lib/session/auth-atoms';
import { storedParsers } from './lib/session/stored-schemas';
import { money } from './lib/store-config';
import type { Seeds, SsrPayload } from './lib/ssr-data';

export { CART_MARKS };

/** The catalogue as the API answers it, in process. */
export interface CatalogPort {
  /** The query as the API receives it (strings); undefined: a query the API would refuse. */
  list(query: Record<string, string>): ProductListResponse | undefined;
  product(id: number): Product | undefined;
  categories(): Category[];
  /** The server's sanitizer of admin-written HTML (the browser uses DOMPurify, with the same allow-list). */
  sanitize(html: string): string;
}

/** A query object as the API client sends it (api-client.ts queryString): empty values dropped, all strings. */
function asSent(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== null && v !== '') out[k] = String(v as string | number);
  return out;
}

/** The answer of one of the screens' query keys (the keys of use-product-query, use-product, use-related). */
function answer(port: CatalogPort, key: readonly unknown[]): unknown {
  const [name, ...args] = key;
  switch (name) {
    case 'listProducts':
      return port.list(asSent(args[0]));
    case 'getProduct': {
      const id = Number(args[0]);
      return Number.isInteger(id) && id > 0 ? port.product(id) : undefined;
    }
    case 'relatedProducts': {
      const [productId, slug] = args;
      const list = port.list(asSent({ limit: RELATED_COUNT, category: slug }));
      return list?.items.filter((p) => p.id !== productId);
    }
    default:
      return undefined; // anything else loads in the browser, as before
  }
}

/** Answers as the browser will read them (a JSON round trip), recorded for the payload. */
function serverSeeds(port: CatalogPort, queries: Record<string, unknown>): Seeds & { end(): void } {
  return {
    seed(key, hash) {
      if (!Object.hasOwn(queries, hash)) {
        const data = answer(port, key);
        if (data === undefined) return undefined;
        queries[hash] = JSON.parse(JSON.stringify(data)) as unknown;
      }
      return { data: queries[hash] };
    },
    end: () => undefined,
  };
}

/**
 * Past this the rendering is given up (the routes then send the client-rendered shell). `npm run dev` loads
 * and transforms each screen's modules on its first rendering, which can take longer on a busy machine.
 */
const RENDER_TIMEOUT_MS = import.meta.env.DEV ? 60_000 : 5000;

function collect(tree: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer | string, _enc, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      // Every boundary inline, in order: no inline <script> to move them into place (the CSP allows none).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // Any error in a boundary would leave it to the browser: not a page to cache, so fail the rendering.
      onError: (err) => {
        failed ??= err;
      },
    });
    const timer = setTimeout(
      () => stream.abort(new Error('server rendering timed out')),
      RENDER_TIMEOUT_MS,
    ).unref();
  });
}

export interface Rendered {
  /** What goes inside #root. */
  html: string;
  payload: SsrPayload;
}

/** The app for `url` (pathname + search), as the anonymous shop. */
export async function renderApp(url: string, port: CatalogPort): Promise<Rendered> {
  const categories = JSON.parse(JSON.stringify(port.categories())) as Category[];
  const queries: Record<string, unknown> = {};
  const store = createAppStore();
  store.set(hydratingAtom, true);
  store.set(primeCategoriesAtom, categories);
  const seeds = serverSeeds(port, queries);
  // The same tree as main.tsx's (the `null` is its demo strip), so useId's ids agree.
  const html = await collect(
    <ServerSanitizerContext value={port.sanitize}>
      <CartMarksContext value={true}>
        <StrictMode>
          {null}
          <App
            store={store}
            seeds={seeds}
            around={(routes) => <HydrationParts seeds={seeds}>{routes}</HydrationParts>}
            router={(body) => <StaticRouter location={url}>{body}</StaticRouter>}
          />
        </StrictMode>
      </CartMarksContext>
    </ServerSanitizerContext>,
  );
  return { html, payload: { url, queries, categories } };
}

/** The cart marks' HTML for one visitor's `cart` cookie (raw value); a missing or corrupt cookie is an empty cart. */
export function cartSlots(cookie: string | undefined): { badge: string; total: string } {
  let lines: { price: number; qty: number }[] = [];
  if (cookie) {
    try {
      lines = storedParsers.cart(JSON.parse(decodeURIComponent(cookie))).lines;
    } catch {
      lines = [];
    }
  }
  const count = lines.reduce((n, l) => n + l.qty, 0);
  return {
    badge: count > 0 ? renderToString(<CartBadge count={count} />) : '',
    total: renderToString(<>{money(fromCents(linesTotalCents(lines)))}</>),
  };
}

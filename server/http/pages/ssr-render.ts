/**
 * The server's rendering of the shop pages (issue 28): the app's own code, built by `vite build --ssr` into
 * <dist>/server/entry-server.js (web/src/entry-server.tsx), loaded here and loaded again when a new build
 * replaces it. Its queries are answered by the core in process (`catalogPortOf`), through the same schema the
 * API parses a query with, so the page holds exactly the answers the browser would have fetched.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import type { CatalogPort, Rendered } from '#web/entry-server';
import { createHtmlSanitizer } from '#server/store/html-sanitizer';
import type { PageSource } from './page-source';
import { RECHECK_MS, type Loader } from './page-shell';

export interface SsrModule {
  renderApp(url: string, port: CatalogPort): Promise<Rendered>;
  cartSlots(cookie: string | undefined): { badge: string; total: string };
  CART_MARKS: { readonly badge: string; readonly total: string };
}

export function catalogPortOf(source: PageSource): CatalogPort {
  const sanitizer = createHtmlSanitizer();
  return {
    sanitize: (html) => sanitizer.sanitize(html),
    list(query) {
      const parsed = catalogQuerySchema.safeParse(query);
      return parsed.success ? source.list(parsed.data) : undefined;
    },
    product: (id) => source.product(id),
    categories: () => source.categories(),
  };
}

/** The built rendering, or null when there is none (the pages are then the client-rendered shell). */
export interface LoadedSsr {
  /** Identity of this build: pages rendered by an older one are rendered again. */
  stamp: string;
  module: SsrModule;
}

export function createSsrLoader(distDir: string, now: () => number = Date.now): Loader<LoadedSsr> {
  const file = join(distDir, 'server', 'entry-server.js');
  let held: LoadedSsr | null = null;
  let checkedAt = -Infinity;
  let pending: Promise<LoadedSsr | null> | null = null;

  async function load(): Promise<LoadedSsr | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return (held = null);
    const stamp = `${info.mtimeMs}:${info.size}`;
    if (held?.stamp !== stamp) {
      // A new URL per build: the module cache keeps the old one, so a rebuilt file is really read again.
      const module = (await import(
        `${pathToFileURL(file).href}?v=${encodeURIComponent(stamp)}`
      )) as SsrModule;
      held = { stamp, module };
    }
    return held;
  }

  const ssr = async (): Promise<LoadedSsr | null> => {
    if (now() - checkedAt < RECHECK_MS) return held;
    pending ??= load()
      .catch(() => null) // a broken build: the client-rendered shell, as without one
      .finally(() => {
        checkedAt = now();
        pending = null;
      });
    return pending;
  };
  return Object.assign(ssr, { current: () => (now() - checkedAt < RECHECK_MS ? held : undefined) });
}

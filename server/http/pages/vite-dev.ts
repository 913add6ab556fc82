/**
 * `npm run dev` (issue 28): the shop pages rendered on the server by the very page routes production uses
 * (page-routes.ts), with Vite in middleware mode in place of the build. Vite's dev server supplies what the
 * build supplies otherwise: the template (web/index.html through `transformIndexHtml`, which adds Vite's client
 * and React's refresh preamble), the rendering (`ssrLoadModule` of web/src/entry-server.tsx, the source as it
 * is now) and the app's files, modules and hot-reload socket (its middlewares, in front of Koa for every path
 * Koa does not own). Any change Vite's watcher sees starts a new generation, the stamp of both the template and
 * the rendering, so the page cache drops what older code rendered: an edited component hot-reloads in the
 * browser, and the next page load is rendered by the new code. Vite is imported here only, in dev only.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { PagesOptions } from './page-routes';
import { pageRouteOf } from './page-routes-table';
import type { Shell } from './page-shell';
import type { LoadedSsr, SsrModule } from './ssr-render';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = '/src/entry-server.tsx';

/** Paths Koa answers (the API, uploads, metrics, the pages, sitemaps and robots.txt); the rest is Vite's first. */
export function koaOwns(path: string): boolean {
  return (
    path.startsWith('/api/') ||
    path.startsWith('/uploads/') ||
    path === '/metrics' ||
    path === '/robots.txt' ||
    /^\/sitemap[^/]*\.xml$/.test(path) ||
    pageRouteOf(path) !== null
  );
}

export interface ViteDev {
  /** On Vite's scripts and styles, and in the CSP (app.ts `dev`). One per process: dev only. */
  nonce: string;
  /** The page routes' dev seams (shell, rendering, assets). */
  pages: Pick<PagesOptions, 'shell' | 'ssr' | 'screenAssets'>;
  /** The server's listener: Vite's middlewares for what Koa does not own, then Koa for what Vite leaves. */
  handler(koa: RequestListener): RequestListener;
  /** Starts Vite, its hot-reload socket on `server` (before it listens). */
  start(server: Server): Promise<void>;
  close(): Promise<void>;
}

/**
 * `root`: the project (its vite.config.ts and web/); tests give a small one of their own. `cacheDir`: Vite's
 * (default node_modules/.vite); tests give their own.
 */
export function createViteDev({ root = REPO, cacheDir }: { root?: string; cacheDir?: string } = {}): ViteDev {
  const nonce = randomBytes(16).toString('base64');
  let vite: ViteDevServer | null = null;
  let generation = 0;
  let shell: { generation: number; read: Promise<Shell> } | null = null;

  const started = (): ViteDevServer => {
    if (!vite) throw new Error('the Vite dev server is not started');
    return vite;
  };

  async function template(): Promise<Shell> {
    const v = started();
    const raw = await readFile(join(root, 'web', 'index.html'), 'utf8');
    return { stamp: `dev-${generation}`, html: await v.transformIndexHtml('/', raw) };
  }

  async function rendering(): Promise<LoadedSsr> {
    const v = started();
    const module = (await v.ssrLoadModule(ENTRY)) as SsrModule;
    return {
      stamp: `dev-${generation}`,
      module: {
        ...module,
        // A failed rendering's stack points at the source, not at Vite's transformed code.
        renderApp: (url, port) =>
          module.renderApp(url, port).catch((err: unknown) => {
            if (err instanceof Error) v.ssrFixStacktrace(err);
            throw err;
          }),
      },
    };
  }

  return {
    nonce,
    pages: {
      shell: () => {
        if (shell?.generation !== generation) shell = { generation, read: template() };
        return shell.read;
      },
      ssr: rendering,
      // Vite's client adds each module's CSS as it loads: nothing to link from a manifest.
      screenAssets: () => Promise.resolve(''),
    },
    handler(koa) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (!vite || koaOwns(path)) return koa(req, res);
        vite.middlewares(req, res, () => koa(req, res));
      };
    },
    async start(server) {
      const { createServer } = await import('vite');
      vite = await createServer({
        root: join(root, 'web'),
        configFile: join(root, 'vite.config.ts'),
        // Read through Vite's module runner: no temporary file for node --watch to see come and go.
        configLoader: 'runner',
        appType: 'custom',
        server: { middlewareMode: true, ws: { server } },
        html: { cspNonce: nonce },
        ...(cacheDir ? { cacheDir } : {}),
      });
      vite.watcher.on('all', () => {
        generation += 1;
      });
      // The rendering's modules start loading now, not with the first page asked for.
      void vite.ssrLoadModule(ENTRY).catch(() => undefined);
    },
    async close() {
      await vite?.close();
    },
  };
}

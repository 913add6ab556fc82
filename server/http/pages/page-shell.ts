/**
 * The built app's index.html as the template of every page: the page's head replaces the shell's own
 * title and description, and a later server rendering's body goes inside #root. The shell's scripts stay
 * as built (module files only: the CSP's script-src 'self' allows no inline script; the JSON-LD added
 * here is data, which script-src does not govern). Re-read when the file changes (a new build), checked
 * at most once a second.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderedPage } from './render-page';
import { headHtml } from './page-head';

export interface Shell {
  /** Identity of this read of the file: pages made from an older one are made again. */
  readonly stamp: string;
  readonly html: string;
}

/**
 * The shell's or the rendering's loader. `current`, where there is one, tells synchronously what the loader
 * would answer now without looking (undefined: it would look first): the shortcut before Koa (page-routes.ts
 * `serveRaw`) serves a held page only while it is made from that.
 */
export type Loader<T> = (() => Promise<T | null>) & { current?: () => T | null | undefined };

export const RECHECK_MS = 1000;
const ROOT = '<div id="root"></div>';

export function createShellLoader(distDir: string, now: () => number = Date.now): Loader<Shell> {
  const file = join(distDir, 'index.html');
  let held: Shell | null = null;
  let checkedAt = -Infinity;
  let pending: Promise<Shell | null> | null = null;

  async function load(): Promise<Shell | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return (held = null);
    const stamp = `${info.mtimeMs}:${info.size}`;
    if (held?.stamp !== stamp) held = { stamp, html: await readFile(file, 'utf8') };
    return held;
  }

  /** null: the app is not built (the static files' own answer explains). */
  const shell = async (): Promise<Shell | null> => {
    if (now() - checkedAt < RECHECK_MS) return held;
    pending ??= load().finally(() => {
      checkedAt = now();
      pending = null;
    });
    return pending;
  };
  return Object.assign(shell, { current: () => (now() - checkedAt < RECHECK_MS ? held : undefined) });
}

/** The shell with the page's head in place of its default title and description. */
export function pageHtml(shell: Shell, page: RenderedPage): string {
  let html = shell.html
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const head = headHtml(page.head) + (page.headExtra ?? '');
  html = html.replace('</head>', () => `\n    ${head}\n  </head>`);
  // A rendered body speaks for itself; the <noscript> summary is for a shell whose #root is empty.
  const after = page.bodyHtml ? (page.islandHtml ?? '') : (page.noscriptHtml ?? '');
  const root = `<div id="root">${page.bodyHtml ?? ''}</div>${after}`;
  return html.replace(ROOT, () => root);
}

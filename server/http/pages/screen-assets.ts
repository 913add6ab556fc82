/**
 * The stylesheets and scripts a server-rendered screen needs before it looks and works as rendered (issue
 * 28): each screen is a lazy chunk whose CSS Vite's script would only add once that chunk loads, so a page
 * without them shows its markup unstyled (to a crawler for good, to a shopper until the chunk arrives). Read
 * from Vite's build manifest (<dist>/.vite/manifest.json, screen-manifest.ts): the screen's chunk and the
 * shell's lazy parts, with the chunks they import, as <link rel="modulepreload">, and their stylesheets.
 *
 * The stylesheets as one file: the build joins each screen's (half a dozen small files, each a request that
 * holds the first paint back on a phone's connection) into one (SCREEN_CSS_TABLE, vite.config.ts). The parts
 * are still linked, with `media="not all"` (never applied, fetched late at the lowest priority), because Vite's
 * loader adds a chunk's stylesheet unless a link to that very file is there: without them, each would be
 * applied a second time, later in the cascade, when the chunk loads. A build without the table links the parts
 * themselves, as before.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from './page-head';
import type { PageRoute } from './page-routes-table';
import {
  SCREEN_CSS_TABLE,
  SCREENS,
  screenParts,
  type Manifest,
  type ScreenCssTable,
  type ScreenKind,
} from './screen-manifest';

export interface BuildAssets {
  manifest: Manifest;
  screenCss: ScreenCssTable;
}

const isScreen = (kind: PageRoute['kind']): kind is ScreenKind => Object.hasOwn(SCREENS, kind);

export function screenLinks({ manifest, screenCss }: BuildAssets, kind: PageRoute['kind']): string {
  if (!isScreen(kind)) return '';
  const { css, js } = screenParts(manifest, kind);
  const joined = screenCss[kind];
  // The joined file only when it joins exactly these (a table from another build is not used).
  const one = joined && joined.parts.length === css.length && joined.parts.every((p, i) => p === css[i]);
  const link = (href: string, media = '') =>
    `<link rel="stylesheet" href="/${escapeHtml(href)}"${media ? ` media="${media}"` : ''} />`;
  return [
    ...(one ? [link(joined.file), ...css.map((c) => link(c, 'not all'))] : css.map((c) => link(c))),
    ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}" />`),
  ].join('');
}

async function readJson<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/** The build's manifest and its joined stylesheets, or empty ones (then the screens' CSS comes with their chunks). */
export async function readManifest(distDir: string): Promise<BuildAssets> {
  const [manifest, screenCss] = await Promise.all([
    readJson<Manifest>(join(distDir, '.vite', 'manifest.json'), {}),
    readJson<ScreenCssTable>(join(distDir, SCREEN_CSS_TABLE), {}),
  ]);
  return { manifest, screenCss };
}

/**
 * The stylesheets and scripts a server-rendered screen needs before it looks and works as rendered (issue
 * 28): each screen is a lazy chunk whose CSS Vite's script would only add once that chunk loads, so a page
 * without them shows its markup unstyled (to a crawler for good, to a shopper until the chunk arrives). Read
 * from Vite's build manifest (<dist>/.vite/manifest.json): the screen's chunk and the shell's lazy parts, with
 * the chunks they import, as <link rel="stylesheet"> and <link rel="modulepreload">. Vite's loader skips a
 * stylesheet already linked, so nothing loads twice.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from './page-head';
import type { PageRoute } from './page-routes-table';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Modules (as the manifest names them, from web/) of each rendered screen, and of the shell's lazy parts. */
const SCREENS: Partial<Record<PageRoute['kind'], string>> = {
  home: 'src/features/catalog/components/home-page.tsx',
  listing: 'src/features/catalog/components/product-list-page.tsx',
  product: 'src/features/product/components/product-detail-page.tsx',
  privacy: 'src/features/pages/components/privacy-policy-page.tsx',
};
const SHELL_PARTS = [
  'src/app/shell/phone-search.tsx',
  'src/app/shell/mobile-menu.tsx',
  'src/components/toast.tsx',
];

export function screenLinks(manifest: Manifest, kind: PageRoute['kind']): string {
  const screen = SCREENS[kind];
  if (!screen) return '';
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || key === 'index.html') return;
    seen.add(key);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(screen);
  for (const part of SHELL_PARTS) visit(part);
  const entryCss = new Set(manifest['index.html']?.css ?? []);
  return [
    ...[...css]
      .filter((c) => !entryCss.has(c))
      .map((c) => `<link rel="stylesheet" href="/${escapeHtml(c)}" />`),
    ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}" />`),
  ].join('');
}

/** The build's manifest, or an empty one (a build without it: the screens' CSS then comes with their chunks). */
export async function readManifest(distDir: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * What a server-rendered screen needs from the client build (issue 28), read from Vite's build manifest: the
 * screen's chunk and the shell's lazy parts, with the chunks they import, and their stylesheets in the order
 * the page links them. No imports: the build (vite.config.ts, which joins each screen's stylesheets into one
 * file) and the server (screen-assets.ts, which links them) share it.
 */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Modules (as the manifest names them, from web/) of each rendered screen. */
export const SCREENS = {
  home: 'src/features/catalog/components/home-page.tsx',
  listing: 'src/features/catalog/components/product-list-page.tsx',
  product: 'src/features/product/components/product-detail-page.tsx',
  privacy: 'src/features/pages/components/privacy-policy-page.tsx',
} as const;
export type ScreenKind = keyof typeof SCREENS;

/** The shell's lazy parts that a rendered page shows (closed or open) from its first paint. */
const SHELL_PARTS = [
  'src/app/shell/phone-search.tsx',
  'src/app/shell/mobile-menu.tsx',
  'src/components/toast.tsx',
];

/** Where the build writes each screen's joined stylesheet (ScreenCssTable), beside Vite's manifest. */
export const SCREEN_CSS_TABLE = '.vite/screen-css.json';
/** A screen's stylesheets as one file (`file`), and the files it joins (`parts`, in their cascade order). */
export interface ScreenCss {
  file: string;
  parts: string[];
}
export type ScreenCssTable = Partial<Record<ScreenKind, ScreenCss>>;

/**
 * The screen's chunks and its stylesheets beyond the entry's own (which index.html links), each once, the
 * stylesheets in the order a chunk's own come before those of the chunks it imports.
 */
export function screenParts(manifest: Manifest, kind: ScreenKind): { css: string[]; js: string[] } {
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
  visit(SCREENS[kind]);
  for (const part of SHELL_PARTS) visit(part);
  const entryCss = new Set(manifest['index.html']?.css ?? []);
  return { css: [...css].filter((c) => !entryCss.has(c)), js: [...js] };
}

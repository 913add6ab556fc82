import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest, screenLinks } from './screen-assets';
import { SCREEN_CSS_TABLE, SCREENS, type Manifest } from './screen-manifest';

/** A build's manifest in Vite's shape: the home screen imports shop parts; the shell's phone search has CSS too. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
  [SCREENS.home]: {
    file: 'assets/home-page-1.js',
    css: ['assets/home-page-1.css'],
    imports: ['_shop-parts.js', 'index.html'],
  },
  '_shop-parts.js': {
    file: 'assets/shop-parts-1.js',
    css: ['assets/shop-parts-1.css', 'assets/index-1.css'],
  },
  'src/app/shell/phone-search.tsx': { file: 'assets/phone-search-1.js', css: ['assets/phone-search-1.css'] },
};
const parts = ['assets/home-page-1.css', 'assets/shop-parts-1.css', 'assets/phone-search-1.css'];
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);

describe("a rendered screen's links", () => {
  it("link the build's joined stylesheet, and each part it joins as never applied (so Vite's loader skips them)", () => {
    const joined = { file: 'assets/screen-home-x.css', parts };
    const html = screenLinks({ manifest, screenCss: { home: joined } }, 'home');
    expect(stylesheets(html)).toEqual([
      '<link rel="stylesheet" href="/assets/screen-home-x.css" />',
      ...parts.map((p) => `<link rel="stylesheet" href="/${p}" media="not all" />`),
    ]);
    // The entry's stylesheet is index.html's own; the chunks are preloaded.
    expect(html).not.toContain('index-1.css');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/phone-search-1.js" />');
  });

  it('link the parts themselves without a table, or with one that joins other files (another build)', () => {
    const applied = parts.map((p) => `<link rel="stylesheet" href="/${p}" />`);
    expect(stylesheets(screenLinks({ manifest, screenCss: {} }, 'home'))).toEqual(applied);
    const stale = { home: { file: 'assets/screen-home-old.css', parts: parts.slice(0, 2) } };
    expect(stylesheets(screenLinks({ manifest, screenCss: stale }, 'home'))).toEqual(applied);
    const reordered = { home: { file: 'assets/screen-home-old.css', parts: [...parts].reverse() } };
    expect(stylesheets(screenLinks({ manifest, screenCss: reordered }, 'home'))).toEqual(applied);
  });

  it('are none for a page that is not a rendered screen', () => {
    expect(screenLinks({ manifest, screenCss: {} }, 'not-a-screen' as 'home')).toBe('');
  });

  it("read the manifest and the table from the build's folder, or nothing from a folder without them", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'threadline-screen-css-'));
    expect(await readManifest(dist)).toEqual({ manifest: {}, screenCss: {} });
    mkdirSync(join(dist, '.vite'));
    const table = { home: { file: 'assets/screen-home-x.css', parts } };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(dist, SCREEN_CSS_TABLE), JSON.stringify(table));
    expect(await readManifest(dist)).toEqual({ manifest, screenCss: table });
  });
});

/**
 * /sitemap.xml is a sitemap index (sitemaps.org): one file of the fixed pages (home, privacy policy and
 * each category's listing) and the products in files of at most `pageSize` URLs (the protocol allows
 * 50,000), /sitemap-products-1.xml, -2… in id order, each product with its last change (product-stamps.ts).
 * Built from the catalogue in process and cached with the pages (page-routes.ts), so a catalogue write
 * brings the next request a fresh one. /robots.txt names the index and keeps crawlers out of the
 * per-visitor screens and the API.
 */
import type { PageSource } from './page-source';
import type { SiteSettings } from './site';
import { absoluteUrl } from './site';

export const SITEMAP_PAGE_SIZE = 50_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod?: string): string =>
  `<${tag}><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}</${tag}>`;

const newest = (stamps: ReadonlyArray<{ lastmod: string }>): string | undefined =>
  stamps.reduce<string | undefined>((m, s) => (m === undefined || s.lastmod > m ? s.lastmod : m), undefined);

const PRODUCTS_FILE = /^\/sitemap-products-([1-9]\d{0,6})\.xml$/;

export const DISALLOWED = [
  '/cart',
  '/checkout',
  '/profile',
  '/admin',
  '/api/',
  '/orders',
  '/order-success/',
  '/order-saved/',
];

export function createSitemaps(source: PageSource, site: SiteSettings, pageSize = SITEMAP_PAGE_SIZE) {
  const url = (path: string) => absoluteUrl(site, path);
  return {
    /** Paths this module answers. */
    owns: (path: string): boolean =>
      path === '/sitemap.xml' ||
      path === '/sitemap-pages.xml' ||
      path === '/robots.txt' ||
      PRODUCTS_FILE.test(path),

    /** The file's text, or null for a products file past the last one. */
    render(path: string): { type: string; text: string } | null {
      if (path === '/robots.txt') return { type: 'text/plain; charset=utf-8', text: robots() };
      const type = 'application/xml; charset=utf-8';
      if (path === '/sitemap.xml') return { type, text: index() };
      if (path === '/sitemap-pages.xml') return { type, text: pages() };
      const n = Number(PRODUCTS_FILE.exec(path)?.[1]);
      const stamps = source.productStamps();
      const slice = stamps.slice((n - 1) * pageSize, n * pageSize);
      if (!slice.length) return null;
      const urls = slice.map((s) => entry('url', url(`/product/${s.id}`), s.lastmod)).join('\n');
      return { type, text: `${HEAD}<urlset xmlns="${NS}">\n${urls}\n</urlset>\n` };
    },
  };

  function index(): string {
    const stamps = source.productStamps();
    const files = [entry('sitemap', url('/sitemap-pages.xml'), newest(stamps))];
    for (let i = 0; i * pageSize < stamps.length; i++)
      files.push(
        entry(
          'sitemap',
          url(`/sitemap-products-${i + 1}.xml`),
          newest(stamps.slice(i * pageSize, (i + 1) * pageSize)),
        ),
      );
    return `${HEAD}<sitemapindex xmlns="${NS}">\n${files.join('\n')}\n</sitemapindex>\n`;
  }

  function pages(): string {
    const urls = [
      entry('url', url('/')),
      entry('url', url('/products')),
      ...source
        .categories()
        .map((c) => entry('url', url(`/products?category=${encodeURIComponent(c.slug)}`))),
      entry('url', url('/privacy-policy')),
    ];
    return `${HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
  }

  function robots(): string {
    return `User-agent: *\n${DISALLOWED.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${url('/sitemap.xml')}\n`;
  }
}

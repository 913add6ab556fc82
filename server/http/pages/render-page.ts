/**
 * renderPage(route) → { status, head, bodyHtml?, data? }: what the server knows about a page before any
 * React runs. Today it supplies the head (title, description, canonical, Open Graph, JSON-LD) and a
 * <noscript> summary for previewers that run no script; `bodyHtml` and `data` are the places a later
 * server rendering fills (the rendered #root and the answers that prime the client's query cache).
 * Everything comes from the catalogue in process and the site settings: nothing of the visitor.
 */
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import { effectivePrice, formatMoney } from '#contract/rules/money';
import type { Product } from '#contract/schemas/product';
import { OG_IMAGE, ogImagePath } from '#server/store/upload-names';
import type { OgImage, PageHead } from './page-head';
import { escapeHtml } from './page-head';
import type { PageRoute } from './page-routes-table';
import type { PageSource } from './page-source';
import type { SiteSettings } from './site';
import { absoluteUrl, titleOf } from './site';
import {
  breadcrumbLd,
  itemListLd,
  organizationLd,
  productDescription,
  productLd,
  webSiteLd,
} from './structured-data';

export interface RenderedPage {
  status: 200 | 404;
  head: PageHead;
  /** The server-rendered #root (a later round); absent: the client renders into an empty #root. */
  bodyHtml?: string;
  /** Outside #root, for crawlers and previewers without script; browsers with script ignore it. */
  noscriptHtml?: string;
  /** Put at the end of the head (the rendered body's picture preloads). */
  headExtra?: string;
  /** The answers the body was made from, as a non-executable JSON island (ssr-render.ts), after #root. */
  islandHtml?: string;
  /** The answers the page was made from (for a later hydration's first data). */
  data?: unknown;
}

/** Featured products on the home page (spec: a grid capped at 9). */
const HOME_FEATURED = 9;

/** Dashes and underscores to spaces, each word capitalised; New Arrivals without a category (spec 2). */
export function listingTitle(slug: string | undefined): string {
  const words = (slug ?? '').split(/[-_\s]+/).filter(Boolean);
  if (words.length === 0) return 'New Arrivals';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

function productImages(site: SiteSettings, p: Product): string[] {
  const urls = [p.featured_image, ...p.images.map((i) => i.url)].filter((u): u is string => Boolean(u));
  return [...new Set(urls)].map((u) => absoluteUrl(site, u));
}

/** The link-preview picture of a product: its 1200 × 630 JPEG when the picture is one of ours. */
function ogImageOf(site: SiteSettings, p: Product | undefined): OgImage | undefined {
  const first = p ? (p.featured_image ?? p.images[0]?.url) : undefined;
  if (!p || !first) return undefined;
  const og = ogImagePath(first);
  return og
    ? { url: absoluteUrl(site, og), ...OG_IMAGE, alt: p.title }
    : { url: absoluteUrl(site, first), alt: p.title };
}

const productLink = (site: SiteSettings, p: Product): string =>
  `<li><a href="${escapeHtml(absoluteUrl(site, `/product/${p.id}`))}">${escapeHtml(p.title)}</a> ${escapeHtml(
    formatMoney(effectivePrice(p), site.currency),
  )}</li>`;

const noscript = (inner: string): string => `<noscript>${inner}</noscript>`;

export function createPageRenderer(source: PageSource, site: SiteSettings) {
  const url = (path: string) => absoluteUrl(site, path);
  const home = { name: site.store.name, url: url('/') };

  function homePage(): RenderedPage {
    const featured = source.list(catalogQuerySchema.parse({ limit: HOME_FEATURED }));
    const categories = source.categories();
    const description = `${site.store.name}: ${site.store.tagline}. Browse new arrivals and pay cash on delivery.`;
    const links = categories
      .map(
        (c) =>
          `<li><a href="${escapeHtml(url(`/products?category=${encodeURIComponent(c.slug)}`))}">${escapeHtml(c.name)}</a></li>`,
      )
      .join('');
    return {
      status: 200,
      head: {
        title: site.store.name,
        description,
        canonical: url('/'),
        og: { type: 'website', url: url('/'), image: ogImageOf(site, featured.items[0]) },
        jsonLd: [organizationLd(site), webSiteLd(site), itemListLd(site, featured.items)],
      },
      noscriptHtml: noscript(
        `<h1>${escapeHtml(site.store.name)}</h1><p>${escapeHtml(site.store.about)}</p><ul>${links}</ul><ul>${featured.items
          .map((p) => productLink(site, p))
          .join('')}</ul>`,
      ),
      data: { featured, categories },
    };
  }

  /** Filtered, sorted or paged: the canonical is the plain listing of its category (or of all). */
  function listingPage(querystring: string): RenderedPage {
    // The first value of a repeated parameter, as the API's route and the cache key (answer-key.ts) take it.
    const raw: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(querystring)) raw[k] ??= v;
    const parsed = catalogQuerySchema.safeParse(raw);
    const query: CatalogQuery = parsed.success ? parsed.data : catalogQuerySchema.parse({});
    const category = query.category ? source.categories().find((c) => c.slug === query.category) : undefined;
    const canonicalPath = category ? `/products?category=${encodeURIComponent(category.slug)}` : '/products';
    const answer = source.list(query);
    const title = listingTitle(query.category);
    const description = `Shop ${title.toLowerCase()} at ${site.store.name}: browse, filter by price and sort.`;
    const crumbs = [home, { name: category?.name ?? 'Products', url: url(canonicalPath) }];
    return {
      status: 200,
      head: {
        title: titleOf(site, title),
        description,
        canonical: url(canonicalPath),
        og: { type: 'website', url: url(canonicalPath), image: ogImageOf(site, answer.items[0]) },
        jsonLd: [breadcrumbLd(crumbs), itemListLd(site, answer.items, (query.page - 1) * query.limit)],
      },
      noscriptHtml: noscript(
        `<h1>${escapeHtml(title)}</h1><ul>${answer.items.map((p) => productLink(site, p)).join('')}</ul>`,
      ),
      data: { query, answer },
    };
  }

  function productPage(id: number | null): RenderedPage {
    const p = id === null ? undefined : source.product(id);
    if (!p)
      return {
        status: 404,
        head: {
          title: titleOf(site, 'Product not found'),
          description: "The product you're looking for doesn't exist or has been removed.",
          noindex: true,
        },
      };
    const images = productImages(site, p);
    const price = effectivePrice(p);
    const description = productDescription(p);
    const category = p.categories[0];
    const crumbs = [
      home,
      ...(category
        ? [{ name: category.name, url: url(`/products?category=${encodeURIComponent(category.slug)}`) }]
        : []),
      { name: p.title, url: url(`/product/${p.id}`) },
    ];
    const og = ogImageOf(site, p);
    const picture = og ? `<img src="${escapeHtml(images[0] ?? og.url)}" alt="${escapeHtml(p.title)}" />` : '';
    return {
      status: 200,
      head: {
        title: titleOf(site, p.title),
        description,
        canonical: url(`/product/${p.id}`),
        og: {
          type: 'product',
          url: url(`/product/${p.id}`),
          image: og,
          extra: { 'product:price:amount': price.toFixed(2), 'product:price:currency': site.currency },
        },
        jsonLd: [productLd(site, p, images), breadcrumbLd(crumbs)],
      },
      noscriptHtml: noscript(
        `<article><h1>${escapeHtml(p.title)}</h1>${picture}<p>${escapeHtml(
          formatMoney(price, site.currency),
        )}</p><p>${escapeHtml(description)}</p></article>`,
      ),
      data: { product: p },
    };
  }

  function privacyPage(): RenderedPage {
    return {
      status: 200,
      head: {
        title: titleOf(site, 'Privacy Policy'),
        description: `How ${site.store.name} collects, uses and protects your personal data.`,
        canonical: url('/privacy-policy'),
        og: { type: 'website', url: url('/privacy-policy') },
      },
    };
  }

  /** The app's other screens: per-visitor content, so never indexed; one head for all of them. */
  function clientPage(): RenderedPage {
    return { status: 200, head: { title: site.store.name, description: site.store.tagline, noindex: true } };
  }

  return {
    renderPage(route: PageRoute, querystring = ''): RenderedPage {
      switch (route.kind) {
        case 'home':
          return homePage();
        case 'listing':
          return listingPage(querystring);
        case 'product':
          return productPage(route.id);
        case 'privacy':
          return privacyPage();
        case 'client':
          return clientPage();
      }
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/** schema.org objects (JSON-LD) for the rendered pages: Google's rich-result shapes, built from trusted data. */
import { effectivePrice } from '#contract/rules/money';
import { stockLevel } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import type { SiteSettings } from './site';
import { absoluteUrl } from './site';

const CONTEXT = 'https://schema.org';

/** untracked and plenty: InStock; "Only N left": LimitedAvailability; none left: OutOfStock. */
export function availabilityOf(p: Product): string {
  const kind = stockLevel(p).kind;
  const name = kind === 'out' ? 'OutOfStock' : kind === 'low' ? 'LimitedAvailability' : 'InStock';
  return `${CONTEXT}/${name}`;
}

/** Tags out, the common entities decoded, spaces collapsed: a description as plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export const productDescription = (p: Product): string =>
  (plainText(p.short_description) || plainText(p.description) || p.title).slice(0, 200);

export const priceText = (price: number): string => price.toFixed(2);

export function productLd(site: SiteSettings, p: Product, images: string[]) {
  const url = absoluteUrl(site, `/product/${p.id}`);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: p.title,
    image: images,
    description: productDescription(p),
    ...(p.sku ? { sku: p.sku } : {}),
    brand: { '@type': 'Brand', name: site.store.name },
    ...(p.categories[0] ? { category: p.categories[0].name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: priceText(effectivePrice(p)),
      priceCurrency: site.currency,
      availability: availabilityOf(p),
      itemCondition: `${CONTEXT}/NewCondition`,
    },
  };
}

export function breadcrumbLd(crumbs: ReadonlyArray<{ name: string; url: string }>) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
}

export function itemListLd(site: SiteSettings, products: readonly Product[], offset = 0) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: absoluteUrl(site, `/product/${p.id}`),
      name: p.title,
    })),
  };
}

export function organizationLd(site: SiteSettings) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: site.store.name,
    url: `${site.publicUrl}/`,
    logo: absoluteUrl(site, '/icons/icon-512.png'),
    email: site.store.email,
    ...(site.store.phones[0] ? { telephone: site.store.phones[0] } : {}),
    sameAs: site.store.social.map((s) => s.url),
  };
}

/** The header's search form goes to /products?search=&name=… (spec section 2). */
export function webSiteLd(site: SiteSettings) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.store.name,
    url: `${site.publicUrl}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${site.publicUrl}/products?search=&name={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

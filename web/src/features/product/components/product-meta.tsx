import type { Product } from '#contract/schemas/product';
import { effectivePrice } from '#contract/rules/money';
import { stockLevel } from '#contract/rules/stock';
import { PageMeta, siteUrl } from '#web/components/page-meta';
import { CURRENCY, STORE } from '#web/lib/store-config';

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** As the server's Product (server/http/pages/structured-data.ts): "Only N left" is LimitedAvailability. */
function availability(product: Product): string {
  const kind = stockLevel(product).kind;
  return `https://schema.org/${kind === 'out' ? 'OutOfStock' : kind === 'low' ? 'LimitedAvailability' : 'InStock'}`;
}

/**
 * Title, description, canonical, Open Graph tags and schema.org Product JSON-LD for a product page: the same
 * Product the server's page carries, which this one replaces (PageMeta), so a crawler that runs the script still
 * reads one Product with its offer.
 */
export function ProductMeta({ product }: { product: Product }) {
  const price = effectivePrice(product);
  const description = (plain(product.short_description) || plain(product.description) || product.title).slice(
    0,
    200,
  );
  const images = [product.featured_image, ...product.images.map((i) => i.url)]
    .filter((u): u is string => Boolean(u))
    .map(siteUrl);
  const path = `/product/${product.id}`;
  const url = siteUrl(path);
  const openGraph: Record<string, string> = {
    'og:type': 'product',
    'product:price:amount': price.toFixed(2),
    'product:price:currency': CURRENCY,
  };
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    image: [...new Set(images)],
    description,
    sku: product.sku || undefined,
    brand: { '@type': 'Brand', name: STORE.name },
    category: product.categories[0]?.name,
    offers: {
      '@type': 'Offer',
      url,
      price: price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: availability(product),
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  return (
    <PageMeta
      title={product.title}
      description={description}
      canonical={path}
      openGraph={openGraph}
      jsonLd={jsonLd}
    />
  );
}

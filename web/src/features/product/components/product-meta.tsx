import type { Product } from '#contract/schemas/product';
import { effectivePrice } from '#contract/rules/money';
import { stockLevel } from '#contract/rules/stock';
import { PageMeta } from '#web/components/page-meta';
import { CURRENCY, STORE } from '#web/lib/store-config';

function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

function plain(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Title, description, Open Graph tags and schema.org Product JSON-LD for a product page. */
export function ProductMeta({ product }: { product: Product }) {
  const price = effectivePrice(product);
  const description = (product.short_description || plain(product.description)).slice(0, 200);
  const images = [product.featured_image, ...product.images.map((i) => i.url)].filter((u): u is string => Boolean(u)).map(absolute);
  const url = absolute(`/product/${product.id}`);
  const openGraph: Record<string, string> = {
    'og:type': 'product',
    'og:url': url,
    'product:price:amount': price.toFixed(2),
    'product:price:currency': CURRENCY,
  };
  if (images[0]) openGraph['og:image'] = images[0];
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    image: images,
    description,
    sku: product.sku || undefined,
    brand: { '@type': 'Brand', name: STORE.name },
    category: product.categories[0]?.name,
    offers: {
      '@type': 'Offer',
      url,
      price: price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: `https://schema.org/${stockLevel(product).kind === 'out' ? 'OutOfStock' : 'InStock'}`,
    },
  };
  return <PageMeta title={product.title} description={description} openGraph={openGraph} jsonLd={jsonLd} />;
}

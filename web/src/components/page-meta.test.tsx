/**
 * PageMeta over a head the server already wrote (issue 28): one title, description, canonical and JSON-LD block of
 * each kind, in sync with the page shown as the shopper moves on, and the server's values back when a page goes.
 */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageMeta } from './page-meta';

const SERVER_HEAD = `
  <title>Classic Tee | Threadline</title>
  <meta name="description" content="From the server." />
  <link rel="canonical" href="https://shop.example/product/1" />
  <meta property="og:url" content="https://shop.example/product/1" />
  <script type="application/ld+json" id="ld-product">{"@type":"Product","name":"Classic Tee (server)"}</script>
  <script type="application/ld+json" id="ld-breadcrumblist">{"@type":"BreadcrumbList"}</script>`;

const product = (name: string) => ({ '@context': 'https://schema.org', '@type': 'Product', name });
const blocks = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => ({
    id: s.id,
    data: JSON.parse(s.textContent ?? '') as { '@type': string; name?: string },
  }));
const meta = (key: string) => document.head.querySelector(`meta[name="${key}"]`)?.getAttribute('content');
const canonicals = () =>
  [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href'));

beforeEach(() => {
  // The test's page was "loaded" at / (PageMeta notes where at import); the server head is for that load.
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = SERVER_HEAD;
});
afterEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('PageMeta over the server’s head', () => {
  it('replaces the server’s JSON-LD block of the same type instead of adding a second, and keeps the others', () => {
    render(
      <PageMeta
        title="Classic Tee"
        description="From the client."
        canonical="/product/1"
        jsonLd={product('Classic Tee')}
      />,
    );
    expect(blocks()).toEqual([
      { id: 'ld-product', data: expect.objectContaining({ name: 'Classic Tee' }) },
      { id: 'ld-breadcrumblist', data: { '@type': 'BreadcrumbList' } },
    ]);
    expect(document.title).toBe('Classic Tee | Threadline');
    expect(document.head.querySelectorAll('title, meta[name="description"]')).toHaveLength(2);
    expect(meta('description')).toBe('From the client.');
    // The canonical stays on the site's public origin (the server's PUBLIC_URL), not the page's own.
    expect(canonicals()).toEqual(['https://shop.example/product/1']);
    expect(meta('robots')).toBeUndefined();
  });

  it('keeps title, description, canonical and JSON-LD in sync on client navigation, and restores on leaving', () => {
    const first = render(
      <PageMeta
        title="Classic Tee"
        description="Tee."
        canonical="/product/1"
        jsonLd={product('Classic Tee')}
      />,
    );
    first.unmount();
    window.history.pushState(null, '', '/product/2');
    const second = render(
      <PageMeta
        title="Denim Jacket"
        description="Jacket."
        canonical="/product/2"
        jsonLd={product('Denim Jacket')}
      />,
    );
    expect(document.title).toBe('Denim Jacket | Threadline');
    expect(meta('description')).toBe('Jacket.');
    expect(canonicals()).toEqual(['https://shop.example/product/2']);
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'https://shop.example/product/2',
    );
    // The server's breadcrumbs were product 1's: gone now that product 2 is shown; one Product, product 2's.
    expect(blocks()).toEqual([{ id: 'ld-product', data: expect.objectContaining({ name: 'Denim Jacket' }) }]);

    // A page that is not for search engines: no canonical, noindex.
    second.unmount();
    window.history.pushState(null, '', '/cart');
    const cart = render(<PageMeta title="Cart" description="Your cart." />);
    expect(canonicals()).toEqual([]);
    expect(meta('robots')).toBe('noindex');
    expect(blocks()).toEqual([]);
    cart.unmount();
    expect(canonicals()).toEqual(['https://shop.example/product/1']);
    expect(meta('robots')).toBeUndefined();
    expect(meta('description')).toBe('From the server.');
  });

  it('writes a block with the id the server would give it when the server sent none (the offline shell, the demo)', () => {
    document.head.innerHTML = '<title>Threadline</title>';
    render(
      <PageMeta
        title="Jeans"
        description="Jeans."
        canonical="/products?category=jeans"
        jsonLd={[product('A')]}
      />,
    );
    expect(blocks().map((b) => b.id)).toEqual(['ld-product']);
    expect(canonicals()).toEqual([`${window.location.origin}/products?category=jeans`]);
  });
});

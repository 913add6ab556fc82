import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoData, keepProducts, reseed } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { recordProductQueries } from '#web/test/requests';
import { HomePage } from './home-page';

// Whole pages against the mock core: give slow CI machines more than the default second to settle.
configure({ asyncUtilTimeout: 4000 });

const calls = recordProductQueries();

describe('home', () => {
  it('fetches 20 products, shows 9 featured, the category grid, the stats strip and View All Products', async () => {
    const { categories, products } = await demoData();
    renderWithApp(<HomePage />);
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(9));
    expect(calls.map(String)).toEqual(['limit=20']);
    expect(within(featured).getByRole('link', { name: 'View All Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    const card = within(featured).getAllByRole('article')[0]!;
    expect(within(card).getByText('In Stock')).toBeInTheDocument();
    expect(
      within(card)
        .getByRole('link', { name: /^Buy Now/ })
        .getAttribute('href'),
    ).toMatch(/^\/product\/\d+$/);
    expect(
      within(card)
        .getByRole('link', { name: /^Quick view/ })
        .getAttribute('href'),
    ).toMatch(/^\/product\/\d+$/);

    const grid = screen.getByRole('region', { name: 'Shop by Category' });
    const tiles = within(grid).getAllByRole('link');
    expect(tiles.map((t) => t.textContent)).toEqual(categories.map((c) => c.name));
    expect(tiles[0]).toHaveAttribute('href', `/products?category=${categories[0]!.slug}`);

    const stats = screen.getByRole('list', { name: 'Why shop with us' });
    expect(stats).toHaveTextContent(`${products.length}+`);
    for (const text of ['100% Quality', '24/7 Support', 'Fast Delivery'])
      expect(stats).toHaveTextContent(text);
    expect(document.title).toBe('Threadline');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps the place of the categories while they load, so the featured products never jump down', async () => {
    const { categories } = await demoData();
    renderWithApp(<HomePage />);
    const grid = screen.getByRole('region', { name: 'Shop by Category' });
    expect(within(grid).queryAllByRole('link')).toHaveLength(0);
    expect(grid.querySelectorAll('li').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(grid).getAllByRole('link')).toHaveLength(categories.length));
  });

  it('asks early only for the hero picture: the featured cards sit below the hero and the categories', async () => {
    renderWithApp(<HomePage />);
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(9));
    const cards = [...featured.querySelectorAll('img')];
    expect(cards).toHaveLength(9);
    for (const img of cards) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
    const urgent = [...document.querySelectorAll('img[fetchpriority="high"]')];
    expect(urgent).toHaveLength(1);
    expect(urgent[0]!.getAttribute('src')).toMatch(/hero/);
  });

  it('hides View All Products when 9 or fewer products were loaded', async () => {
    await reseed(keepProducts(9));
    renderWithApp(<HomePage />);
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(9));
    expect(screen.queryByRole('link', { name: 'View All Products' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Why shop with us' })).toHaveTextContent('9+');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/schemas/product';
import { renderWithApp } from '#web/test/render';
import { ProductCard } from './product-card';

const base: Product = {
  id: 7,
  title: 'Linen Shirt',
  short_description: '',
  description: '',
  sku: 'TL-7',
  featured_image: '/uploads/demo/linen.webp',
  images: [],
  sale_price: 30,
  regular_price: 45,
  categories: [{ id: 1, name: 'Shirts', slug: 'shirts' }],
  sizes: [],
  colors: [],
  collections: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('product card', () => {
  it('shows image, title, the always-on In Stock badge, the sale price and two links to the product', () => {
    const { container } = renderWithApp(<ProductCard product={base} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Linen Shirt' })).toBeInTheDocument();
    expect(screen.getByText('USD 30')).toBeInTheDocument();
    expect(screen.getByText('USD 45').tagName).toBe('S');
    expect(screen.getByRole('link', { name: 'Quick view: Linen Shirt' })).toHaveAttribute('href', '/product/7');
    expect(screen.getByRole('link', { name: 'Buy Now: Linen Shirt' })).toHaveAttribute('href', '/product/7');
  });

  it('navigates inside the app from each of its links, and leaves a modified click to the browser', () => {
    renderWithApp(<ProductCard product={base} />, { route: '/products' });
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link).toHaveAttribute('href', '/product/7');
      // A click with Ctrl (a new tab) is not taken over: the app stays where it is and the browser opens it.
      expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
      expect(screen.getByTestId('location')).toHaveTextContent('/products');
    }
    // A plain click is the app's navigation (the default, a page load, is prevented).
    for (const link of links) {
      expect(fireEvent.click(link)).toBe(false);
    }
    expect(screen.getByTestId('location')).toHaveTextContent('/product/7');
  });

  it('shows a placeholder without an image, and when the image fails to load', () => {
    const { unmount } = renderWithApp(<ProductCard product={{ ...base, featured_image: null, sale_price: null }} />);
    expect(screen.getByRole('img', { name: 'No image', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('USD 45')).toBeInTheDocument();
    unmount();
    const { container } = renderWithApp(<ProductCard product={base} />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'No image', hidden: true })).toBeInTheDocument();
  });
});

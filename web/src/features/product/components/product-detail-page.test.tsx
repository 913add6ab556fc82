import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { effectivePrice } from '#contract/rules/money';
import { readCookie } from '#web/lib/cookies';
import { cartLinesAtom } from '#web/lib/session/cart-atoms';
import { demoData, reseed, type DemoData } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { recordProductQueries } from '#web/test/requests';
import { ProductDetailPage } from './product-detail-page';

// Whole pages against the mock core: give slow CI machines more than the default second to settle.
configure({ asyncUtilTimeout: 4000 });

const location = () => screen.getByTestId('location').textContent;

function renderProduct(id: number | string) {
  return renderWithApp(<ProductDetailPage />, { route: `/product/${id}`, path: '/product/:id' });
}

/** A demo product that offers at least two sizes and two colours. */
function pickProduct(demo: DemoData) {
  return demo.products.find((p) => p.sizes.length > 1 && p.colors.length > 1 && p.images.length > 1)!;
}

describe('product detail', () => {
  it('shows the breadcrumb with the title cut at 70 characters plus "..."', async () => {
    const long = 'Relaxed Linen Blend Shirt with Mother of Pearl Buttons and a Curved Hem for Summer';
    const demo = await reseed((d) => {
      d.products[0]!.title = long;
    });
    const p = demo.products[0]!;
    renderProduct(p.id);
    expect(await screen.findByRole('heading', { level: 1, name: long })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs[0]).toHaveTextContent('Home');
    expect(within(crumbs[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/products?category=${p.categories[0]!.slug}`,
    );
    expect(crumbs[2]).toHaveTextContent(`${long.slice(0, 70)}...`);
    expect(crumbs[2]!.textContent).toHaveLength(73);
  });

  it('keeps a short title whole in the breadcrumb and shows price, category link and sanitised description', async () => {
    const demo = await reseed((d) => {
      d.products[0]!.description =
        '<p>Soft <strong>brushed</strong> cotton.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>';
    });
    const p = demo.products[0]!;
    const { container } = renderProduct(p.id);
    await screen.findByRole('heading', { level: 1, name: p.title });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(p.title);
    expect(screen.getAllByText(`USD ${effectivePrice(p).toLocaleString()}`).length).toBeGreaterThan(0);
    // Once in the breadcrumb, once above the title.
    expect(screen.getAllByRole('link', { name: p.categories[0]!.name })).toHaveLength(2);
    expect(screen.getByText('brushed').tagName).toBe('STRONG');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Shipping & Delivery' })).toBeInTheDocument();
  });

  it('highlights a missing size and colour, adds nothing, and clears each highlight once picked', async () => {
    const p = pickProduct(await demoData());
    const user = userEvent.setup();
    const { store } = renderProduct(p.id);
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    const size = screen.getByRole('radiogroup', { name: /^Size/ });
    const colour = screen.getByRole('radiogroup', { name: /^Colour/ });
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(colour).toHaveAttribute('aria-invalid', 'true');
    expect(within(size).getByRole('alert')).toHaveTextContent('Please choose a size');
    expect(within(colour).getByRole('alert')).toHaveTextContent('Please choose a colour');
    expect(store.get(cartLinesAtom)).toEqual([]);
    expect(location()).toBe(`/product/${p.id}`);
    await user.click(within(size).getByRole('radio', { name: p.sizes[1]! }));
    expect(size).not.toHaveAttribute('aria-invalid');
    expect(colour).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(store.get(cartLinesAtom)).toEqual([]);
  });

  it('cannot add a product that lists no sizes, and says why', async () => {
    const demo = await reseed((d) => {
      d.products[0]!.sizes = [];
    });
    const p = demo.products[0]!;
    const user = userEvent.setup();
    const { store } = renderProduct(p.id);
    expect(await screen.findByText('No sizes are listed for this item.')).toBeInTheDocument();
    if (p.colors[0]) await user.click(screen.getByRole('radio', { name: p.colors[0] }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('radiogroup', { name: /^Size/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/no sizes to choose from/);
    expect(store.get(cartLinesAtom)).toEqual([]);
  });

  it('keeps the quantity at 1 or more', async () => {
    const p = pickProduct(await demoData());
    const user = userEvent.setup();
    renderProduct(p.id);
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(qty).toHaveValue(1);
    expect(minus).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(qty).toHaveValue(3);
    await user.click(minus);
    expect(qty).toHaveValue(2);
    await user.clear(qty);
    await user.type(qty, '5');
    expect(qty).toHaveValue(5);
    await user.clear(qty);
    await user.type(qty, '0');
    await user.tab();
    expect(qty).toHaveValue(1);
    expect(minus).toBeDisabled();
    await user.clear(qty);
    await user.type(qty, '-4');
    await user.tab();
    expect(qty).toHaveValue(1);
  });

  it('adds the chosen line at the effective price and goes to /cart; the cookie holds it', async () => {
    const p = pickProduct(await demoData());
    const user = userEvent.setup();
    const { store } = renderProduct(p.id);
    await user.click(await screen.findByRole('radio', { name: p.sizes[1]! }));
    await user.click(screen.getByRole('radio', { name: p.colors[1]! }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(location()).toBe('/cart');
    const line = {
      productId: p.id,
      qty: 2,
      price: effectivePrice(p),
      title: p.title,
      image: p.featured_image,
      selectedSize: p.sizes[1],
      selectedColor: p.colors[1],
    };
    expect(store.get(cartLinesAtom)).toEqual([line]);
    expect(JSON.parse(readCookie('cart')!).lines).toEqual([line]);
  });

  it('makes a picked thumbnail the featured image', async () => {
    const p = pickProduct(await demoData());
    const user = userEvent.setup();
    renderProduct(p.id);
    const main = await screen.findByRole('img', { name: p.title });
    const thumbs = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('button');
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(thumbs[1]!);
    expect(thumbs[1]).toHaveAttribute('aria-pressed', 'true');
    const second = thumbs[1]!.querySelector('img')!.getAttribute('src');
    expect(screen.getByRole('img', { name: p.title })).toHaveAttribute('src', second);
    expect(main).toBeInTheDocument();
  });

  it('shows the not-found state for an unknown or invalid id', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProduct(987654);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(
      screen.getByText("The product you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('writes the title, Open Graph tags and Product JSON-LD with the store currency', async () => {
    const p = pickProduct(await demoData());
    renderProduct(p.id);
    await screen.findByRole('heading', { level: 1, name: p.title });
    await waitFor(() => expect(document.title).toBe(`${p.title} | Threadline`));
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    const ld = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: p.title,
      offers: {
        price: effectivePrice(p).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(ld.image[0]).toMatch(/^http/);
  });
});

describe('related products', () => {
  const calls = recordProductQueries();

  it('asks for 5 of the same category, leaves the product itself out and scrolls by width minus 100 px', async () => {
    const p = pickProduct(await demoData());
    const user = userEvent.setup();
    renderProduct(p.id);
    const section = await screen.findByRole('region', { name: 'You may also like' });
    expect(calls[0]!.get('limit')).toBe('5');
    expect(calls[0]!.get('category')).toBe(p.categories[0]!.slug);
    const cards = within(section).getAllByRole('article');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(5);
    for (const card of cards) expect(card).not.toHaveTextContent(p.title);
    const track = screen.getByTestId('related-track');
    Object.defineProperty(track, 'clientWidth', { value: 640 });
    track.scrollBy = vi.fn() as typeof track.scrollBy;
    await user.click(within(section).getByRole('button', { name: 'Next products' }));
    expect(track.scrollBy).toHaveBeenLastCalledWith({ left: 540, behavior: 'smooth' });
    await user.click(within(section).getByRole('button', { name: 'Previous products' }));
    expect(track.scrollBy).toHaveBeenLastCalledWith({ left: -540, behavior: 'smooth' });
  });
});

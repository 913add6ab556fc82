import 'fake-indexeddb/auto';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken } from '#web/lib/api-client';
import { demoData } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { lineFor, seedCart, signIn, demoProducts } from '#web/test/shop-session';
import { freshWishlistDbPerTest, seedDeviceWishlist } from '#web/test/wishlist-kit';
import { mockBackend } from '#mock-api/mock-store';
import { Header } from './header';
import { searchUrl } from './search-url';

// Whole pages against the mock core: give slow CI machines more than the default second to settle.
configure({ asyncUtilTimeout: 4000 });

const location = () => screen.getByTestId('location').textContent;
const wishlistDb = freshWishlistDbPerTest();

describe('header search', () => {
  it('builds /products with name only for non-empty trimmed text and category only when chosen, no empty search=', () => {
    expect(searchUrl('   ', '')).toBe('/products');
    expect(searchUrl('  blue shirt ', '')).toBe('/products?name=blue+shirt');
    expect(searchUrl('', 'jeans')).toBe('/products?category=jeans');
    expect(searchUrl('tee', 't-shirts')).toBe('/products?category=t-shirts&name=tee');
  });

  it('submits the typed text and the chosen category', async () => {
    const { categories } = await demoData();
    const cat = categories[2]!;
    const user = userEvent.setup();
    renderWithApp(<Header />);
    const banner = screen.getByRole('banner');
    const select = within(banner).getByRole('combobox', { name: 'Search in category' });
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Categories');
    await within(select).findByRole('option', { name: cat.name });
    await user.type(within(banner).getByPlaceholderText('Search for products...'), '  slim fit  ');
    await user.selectOptions(select, cat.slug);
    await user.click(within(banner).getByRole('button', { name: 'Search' }));
    expect(location()).toBe(`/products?category=${cat.slug}&name=slim+fit`);
  });

  it('goes to the whole list when the text is blank and no category is chosen', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { route: '/product/1' });
    await user.type(
      within(screen.getByRole('banner')).getByPlaceholderText('Search for products...'),
      '   {Enter}',
    );
    expect(location()).toBe('/products');
  });

  it('shows the search being looked at on the list page', async () => {
    const { categories } = await demoData();
    const cat = categories[1]!;
    renderWithApp(<Header />, { route: `/products?search=&name=linen&category=${cat.slug}` });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByPlaceholderText('Search for products...')).toHaveValue('linen');
    await within(banner).findByRole('option', { name: cat.name });
    expect(within(banner).getByRole('combobox', { name: 'Search in category' })).toHaveValue(cat.slug);
  });
});

describe('header for visitors and shoppers', () => {
  it('shows Login / Register, the wishlist and a cart without a badge when the cart is empty', async () => {
    renderWithApp(<Header />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(within(banner).getByRole('link', { name: /Cart/ })).toHaveTextContent('USD 0');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('wishlist-badge')).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: `Threadline home` })).toHaveAttribute('href', '/');
  });

  it('shows the item count badge and the cart total in the store currency', async () => {
    const [a, b] = await demoProducts();
    seedCart([lineFor(a!, 2), lineFor(b!, 1)]);
    renderWithApp(<Header />);
    const badge = screen.getByTestId('cart-badge');
    expect(badge).toHaveTextContent('3');
    const total = a!.sale_price ?? a!.regular_price;
    const expected = total * 2 + (b!.sale_price ?? b!.regular_price);
    expect(screen.getByRole('link', { name: /Cart/ })).toHaveTextContent(
      `USD ${expected.toLocaleString(undefined, { maximumFractionDigits: 2 })}`,
    );
  });

  it('counts a guest’s saved products on the wishlist heart', async () => {
    const [a, b, c] = await demoProducts();
    await seedDeviceWishlist(wishlistDb(), [a!, b!, c!]);
    renderWithApp(<Header />);
    const link = await within(screen.getByRole('banner')).findByRole('link', { name: 'Wishlist, 3 items' });
    expect(link).toHaveAttribute('href', '/wishlist');
    expect(within(link).getByTestId('wishlist-badge')).toHaveTextContent('3');
  });

  it('counts the signed-in account’s wishlist as the shop holds it', async () => {
    const [a] = await demoProducts();
    const auth = await signIn('shopper');
    await (await mockBackend()).core.wishlist.add(auth.user.id, a!.id);
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Wishlist, 1 item' })).toHaveAttribute(
      'href',
      '/wishlist',
    );
    expect(screen.getByTestId('wishlist-badge')).toHaveTextContent('1');
  });

  it('lists HOME and the first 6 categories in upper case in the bottom bar', async () => {
    renderWithApp(<Header />);
    const bar = screen.getByRole('navigation', { name: 'Shop categories' });
    await waitFor(() => expect(within(bar).getAllByRole('link')).toHaveLength(7));
    const links = within(bar).getAllByRole('link');
    expect(links[0]).toHaveTextContent('HOME');
    for (const link of links.slice(1)) {
      expect(link.textContent).toBe(link.textContent?.toUpperCase());
      expect(link.getAttribute('href')).toMatch(/^\/products\?category=/);
    }
  });

  it('greets a signed-in user, opens the menu on keyboard focus and logs out to /', async () => {
    const auth = await signIn('shopper');
    const user = userEvent.setup();
    renderWithApp(<Header />, { route: '/products' });
    const trigger = screen.getByRole('button', { name: `Hi, ${auth.user.name || auth.user.email}` });
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    await user.tab();
    while (document.activeElement !== trigger) await user.tab();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.hover(trigger);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(readToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
  });

  it('gives admins the slim header: logo to /admin, no search, category bar, cart or wishlist', async () => {
    await signIn('admin');
    renderWithApp(<Header />);
    expect(screen.getByRole('link', { name: 'Threadline home' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Shop categories' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wishlist' })).not.toBeInTheDocument();
  });
});

describe("the phone header's search (issue 27)", () => {
  it('opens a search field by keyboard with focus in it; Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { route: '/cart' });
    const button = screen.getByRole('button', { name: 'Search products' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('search')).toHaveLength(1); // the large-screen form only
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    const field = within(panel!).getByRole('combobox', { name: 'Search for products' });
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('search')).toHaveLength(1);
    expect(button).toHaveFocus();
  });

  it('searches for the typed text and closes on the list page', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { route: '/cart' });
    await user.click(screen.getByRole('button', { name: 'Search products' }));
    await user.keyboard('linen shirt{Enter}');
    expect(location()).toBe('/products?name=linen+shirt');
    expect(screen.getByRole('button', { name: 'Search products' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('search')).toHaveLength(1);
  });
});

describe('mobile menu', () => {
  it('lists Home, every category, Login / Register and Cart (n items); Escape closes it and focus returns', async () => {
    const { categories } = await demoData();
    const [a] = await demoProducts();
    seedCart([lineFor(a!, 2)]);
    const user = userEvent.setup();
    renderWithApp(<Header />);
    const open = screen.getByRole('button', { name: 'Open menu' });
    await user.click(open);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
    await within(nav).findByRole('link', { name: categories[0]!.name });
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual(['Home', ...categories.map((c) => c.name), 'Login / Register', 'Cart (2 items)']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('closes when a link is followed and shows Profile and Logout for a signed-in shopper', async () => {
    await signIn('shopper');
    const user = userEvent.setup();
    renderWithApp(<Header />, { route: '/cart' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Profile' }));
    expect(location()).toBe('/profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import 'fake-indexeddb/auto';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '#mock-api/node';
import { money } from '#web/lib/store-config';
import { clearSuggestionCache } from '#web/lib/suggestions';
import { demoData } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { Header } from './header';

// Whole header against the mock core: give slow CI machines more than the default second to settle.
configure({ asyncUtilTimeout: 4000 });

const location = () => screen.getByTestId('location').textContent;
afterEach(() => clearSuggestionCache());

/** The header's search box (the large-screen form), a combobox. */
function headerBox() {
  return within(screen.getByRole('banner').querySelector('form')!).getByRole('combobox', {
    name: 'Search for products',
  });
}

async function openList(text: string, box = headerBox()) {
  const user = userEvent.setup();
  await user.click(box);
  await user.keyboard(text);
  await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
  const list = document.getElementById(box.getAttribute('aria-controls')!)!;
  expect(list).toHaveAttribute('role', 'listbox');
  return { user, box, list };
}

/** The header form's polite live region. */
const liveRegion = () => within(screen.getByRole('banner').querySelector('form')!).getByRole('status');

const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('the header search suggests as you type (issue 29, APG combobox with listbox)', () => {
  it('shows nothing under two characters, then products (picture, title, price) and categories under headings', async () => {
    const { products } = await demoData();
    const seersucker = products.find((p) => p.title.includes('Seersucker'))!;
    renderWithApp(<Header />);
    const user = userEvent.setup();
    const box = headerBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await user.click(box);
    await user.keyboard('s');
    await new Promise((r) => setTimeout(r, 300));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);
    const { list } = await openList('seersu', box);
    const products_ = within(list).getByRole('group', { name: 'Products' });
    const option = within(products_).getByRole('option', { name: new RegExp(seersucker.title) });
    expect(option).toHaveTextContent(money(seersucker.sale_price ?? seersucker.regular_price));
    expect(option.querySelector('img, [role="img"]')).not.toBeNull();
    expect(liveRegion()).toHaveTextContent(/^1 product suggested$/);

    await user.clear(box);
    await user.keyboard('jack');
    const cats = await within(list).findByRole('group', { name: 'Categories' });
    expect(within(cats).getByRole('option', { name: 'Jackets' })).toBeInTheDocument();
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^\d products? and 1 category suggested$/));
  });

  it('moves with Down and Up (wrapping), marks the active option, and Enter opens that product', async () => {
    renderWithApp(<Header />);
    const { user, box, list } = await openList('shirt');
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toBe(options[0]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toBe(options[1]);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption(box)).toBe(options.at(-1)); // wrapped from the first to the last
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toBe(options[0]);
    expect(box).toHaveFocus(); // focus never leaves the box
    const id = within(list).getByRole('group', { name: 'Products' }).querySelector('[role="option"]')!;
    const { products } = await demoData();
    const first = products.find((p) => id.textContent?.startsWith(p.title))!;
    await user.keyboard('{Enter}');
    expect(location()).toBe(`/product/${first.id}`);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter on a category opens its listing; Enter with no active option runs the search as before', async () => {
    renderWithApp(<Header />);
    const { user, box, list } = await openList('jack');
    await within(list).findByRole('option', { name: 'Jackets' });
    const options = within(list).getAllByRole('option');
    await user.keyboard('{ArrowUp}'); // the last option: the category
    expect(activeOption(box)).toHaveTextContent('Jackets');
    expect(options.at(-1)).toHaveTextContent('Jackets');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/products?category=jackets');

    const again = headerBox(); // the list page's box starts afresh
    await user.click(again);
    await user.keyboard('jacket');
    await waitFor(() => expect(again).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Enter}');
    expect(location()).toBe('/products?category=jackets&name=jacket');
  });

  it('Escape closes the list and keeps the text; a second Escape clears it; a press outside closes it', async () => {
    renderWithApp(<Header />);
    const { user, box } = await openList('linen');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('linen');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');

    await user.keyboard('linen');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    fireEvent.pointerDown(document.body);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}'); // Down opens it again on the first option
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption(box)).not.toBeNull();
  });

  it('a click on an option opens the product', async () => {
    renderWithApp(<Header />);
    const { user, list } = await openList('selvedge');
    const option = within(list).getByRole('option', { name: /Selvedge/ });
    const { products } = await demoData();
    const p = products.find((x) => x.title.includes('Selvedge'))!;
    await user.click(option);
    expect(location()).toBe(`/product/${p.id}`);
  });

  it('asks only for the text typed in one go, never for the texts on the way (debounced, stale ones dropped)', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/search/suggest')) asked.push(url.searchParams.get('q') ?? '');
    };
    server.events.on('request:start', listen);
    renderWithApp(<Header />);
    const user = userEvent.setup({ delay: null });
    const box = headerBox();
    await user.click(box);
    await user.keyboard('breton');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    server.events.removeListener('request:start', listen);
    expect(asked).toEqual(['breton']);
  });
});

describe('the phone menu’s search suggests too', () => {
  it('in the drawer: Down and Enter open the product and close the menu', async () => {
    renderWithApp(<Header />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const box = within(menu).getByRole('combobox', { name: 'Search for products' });
    const { list } = await openList('breton', box);
    expect(menu).toContainElement(list);
    // The answer for the whole word (an earlier text's answer shows while it is on its way).
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{ArrowDown}{Enter}');
    const { products } = await demoData();
    expect(location()).toBe(`/product/${products.find((p) => p.title.includes('Breton'))!.id}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('in the phone header’s panel: Escape closes the list, then clears, then closes the panel', async () => {
    renderWithApp(<Header />, { route: '/cart' });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Search products' });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    const box = within(panel).getByRole('combobox', { name: 'Search for products' });
    await openList('linen', box);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});

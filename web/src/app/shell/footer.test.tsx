import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoData } from '#web/test/catalog-store';
import { renderWithApp } from '#web/test/render';
import { STORE } from '#web/lib/store-config';
import { Footer } from './footer';

describe('footer', () => {
  it('shows the about text, social links, the first 4 categories, contact details, cards and the current year', async () => {
    const { categories } = await demoData();
    renderWithApp(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(STORE.about);
    const social = within(footer).getByRole('list', { name: 'Social media' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(STORE.social.map((s) => s.url));
    const quick = within(footer).getByRole('region', { name: 'Quick Links' });
    await waitFor(() => expect(within(quick).getAllByRole('link')).toHaveLength(6));
    expect(
      within(quick)
        .getAllByRole('link')
        .slice(0, 4)
        .map((a) => a.textContent),
    ).toEqual(categories.slice(0, 4).map((c) => c.name));
    expect(within(quick).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    for (const phone of STORE.phones) expect(footer).toHaveTextContent(phone);
    expect(within(footer).getByRole('link', { name: STORE.email })).toHaveAttribute(
      'href',
      `mailto:${STORE.email}`,
    );
    expect(footer).toHaveTextContent(STORE.showroom);
    for (const card of ['Visa', 'MasterCard', 'PayPal'])
      expect(within(footer).getByText(card)).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${STORE.name}`);
  });
});

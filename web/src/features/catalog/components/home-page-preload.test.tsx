import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#web/test/render';
import { HomePage } from './home-page';

/** Issue 29: once the first screen is in, home fetches the listing's code (the first listing opens at once). */
const listing = vi.hoisted(() => ({ loaded: false }));
vi.mock('./product-list-page', () => {
  listing.loaded = true;
  return { ProductListPage: () => null };
});

describe('home', () => {
  it("fetches the listing screen's code once the first screen is in", async () => {
    expect(listing.loaded).toBe(false);
    renderWithApp(<HomePage />);
    await waitFor(() => expect(listing.loaded).toBe(true));
  });
});

/** Listing rules of spec sections 2 and 9, kept pure so they are easy to test. */
export const PAGE_SIZE = 12;
export const SIDEBAR_FEATURED = 5;

/** Category slug to page title: dashes and underscores become spaces, each word capitalised; else New Arrivals. */
export function listingTitle(categorySlug: string | null | undefined, search = ''): string {
  const words = (categorySlug ?? '').split(/[-_\s]+/).filter(Boolean);
  const category = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  // A search is titled for what was searched (issue 27), in its category when one is chosen.
  if (search) return category ? `Results for "${search}" in ${category}` : `Results for "${search}"`;
  return category || 'New Arrivals';
}

export function countText(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'} found`;
}

/** Pagination appears only when there is more than one page's worth of products. */
export function showPagination(total: number): boolean {
  return total > PAGE_SIZE;
}

export function totalPages(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

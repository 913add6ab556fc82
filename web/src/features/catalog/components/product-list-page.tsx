import type { Sort } from '#contract/rules/catalog-query';
import { Button } from '#web/components/button';
import { Drawer } from '#web/components/drawer';
import { FilterIcon } from '#web/components/icons';
import { PageMeta } from '#web/components/page-meta';
import { Pagination } from '#web/components/pagination';
import { ProductCard } from '#web/components/product-card';
import { CardSkeleton } from '#web/components/card-skeleton';
import { LoadFailed } from '#web/components/load-failed';
import { useLocation } from 'react-router';
import { SeedsContext } from '#web/lib/ssr-data';
import { useCategories } from '../api/use-categories';
import { useOfflineSeeds } from '../api/offline-seeds';
import { FEATURED_QUERY, parseListing, productQuery } from '../listing-url';
import { countText, listingTitle, showPagination, totalPages } from '../listing-rules';
import { ActiveFilters } from './active-filters';
import { ListingSidebar } from './listing-sidebar';
import { ShopFilters } from './shop-filters';
import { useListing, type Listing } from './use-listing';
import styles from './product-list-page.module.css';

const SORT_OPTIONS: { value: Sort; label: string }[] = [
  { value: 'latest', label: 'Latest First' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
];

function Sidebar({ listing, idPrefix }: { listing: Listing; idPrefix: string }) {
  const { categories } = useCategories();
  return (
    <ListingSidebar
      filters={
        <ShopFilters
          idPrefix={idPrefix}
          facets={listing.facets}
          size={listing.size}
          color={listing.color}
          inStock={listing.in_stock === 1}
          onSize={listing.toggleSize}
          onColor={listing.toggleColor}
          onInStock={listing.setInStock}
        />
      }
      minSlider={listing.minSlider}
      onMinSlider={listing.setMinSlider}
      idPrefix={idPrefix}
      categories={categories}
      activeCategory={listing.category}
      onCategory={listing.chooseCategory}
      slider={listing.slider}
      ceiling={listing.ceiling}
      onSlider={listing.setSlider}
      onApply={listing.applyPrice}
      onReset={listing.resetAll}
    />
  );
}

/**
 * Product list (spec section 2). Opened offline, it waits a moment for its answers from the device's copy and
 * renders once with them (offline-seeds.ts, issue 29).
 */
export function ProductListPage() {
  const { search } = useLocation();
  const seeds = useOfflineSeeds([productQuery(parseListing(search)), FEATURED_QUERY]);
  return (
    <SeedsContext value={seeds}>
      <ProductList />
    </SeedsContext>
  );
}

/** Title, count, sidebar or drawer, sort, grid, empty state and pagination. */
function ProductList() {
  const listing = useListing();
  const { data, loading, page } = listing;
  const title = listingTitle(listing.category, listing.name);
  const onPage = (n: number) => {
    listing.setPage(n);
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title={title}
        description={`${listing.name ? title : `Shop ${title.toLowerCase()}`} at Threadline: browse, filter by price and sort.`}
        canonical={listing.category ? `/products?category=${encodeURIComponent(listing.category)}` : '/products'}
      />
      <header className={styles.head}>
        <h1 className={styles.title}>{title}</h1>
        {/* Live, so a new count is announced after each filter change; blank while the spinner speaks. */}
        <p className={styles.count} aria-live="polite">
          {loading || listing.failed ? '\u00a0' : countText(data.total)}
        </p>
        <ActiveFilters
          name={listing.name}
          collection={listing.collection}
          onClear={listing.clearSearch}
          shop={{
            size: listing.size,
            color: listing.color,
            inStock: listing.in_stock === 1,
            minPrice: listing.minPrice,
            maxPrice: listing.maxPrice,
            onSize: listing.toggleSize,
            onColor: listing.toggleColor,
            onInStock: () => listing.setInStock(false),
            onPrice: listing.clearPrice,
            onClearAll: listing.clearFilters,
          }}
        />
      </header>
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label="Filters">
          <Sidebar listing={listing} idPrefix="aside" />
        </aside>
        <section className={styles.results} aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            Products
          </h2>
          <div className={styles.toolbar}>
            <Button variant="secondary" className={styles.filtersButton} onClick={() => listing.setDrawerOpen(true)} aria-expanded={listing.drawerOpen}>
              <FilterIcon size={18} /> Filters & Categories
            </Button>
            <label className={styles.sort}>
              <span className={styles.sortLabel}>Sort by</span>
              <select value={listing.sort} onChange={(e) => listing.setSort(e.target.value as Sort)}>
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {loading ? (
            <CardSkeleton count={6} gridClassName={styles.grid} />
          ) : listing.failed ? (
            <LoadFailed what="the products" onRetry={listing.retry} />
          ) : data.items.length === 0 ? (
            <div className={styles.empty}>
              <h3 className={styles.emptyTitle}>No products found</h3>
              <p>Try adjusting your filters or browse all categories</p>
              <Button onClick={listing.resetAll}>Clear Filters</Button>
            </div>
          ) : (
            <ul className={styles.grid}>
              {data.items.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} eager={i < 3} />
                </li>
              ))}
            </ul>
          )}
          {!loading && !listing.failed && showPagination(data.total) && <Pagination page={page} totalPages={totalPages(data.total)} onChange={onPage} label="Product pages" />}
        </section>
      </div>
      <Drawer open={listing.drawerOpen} onClose={() => listing.setDrawerOpen(false)} title="Filters & Categories" side="left">
        <Sidebar listing={listing} idPrefix="drawer" />
        {/* Issue 29: boxes ticked in the drawer narrow the list behind it; this shows it. */}
        <div className={styles.showResults}>
          <Button onClick={() => listing.setDrawerOpen(false)}>
            {loading || listing.failed ? 'Show products' : `Show ${data.total} ${data.total === 1 ? 'product' : 'products'}`}
          </Button>
        </div>
      </Drawer>
    </div>
  );
}

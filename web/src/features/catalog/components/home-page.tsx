import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/button';
import { PageMeta } from '#web/components/page-meta';
import { ProductCard } from '#web/components/product-card';
import { CardSkeleton } from '#web/components/card-skeleton';
import { LoadFailed } from '#web/components/load-failed';
import { afterFirstScreen } from '#web/lib/first-screen';
import { STORE } from '#web/lib/store-config';
import { useCategories } from '../api/use-categories';
import { useProductQuery } from '../api/use-product-query';
import { CategoryGrid, CategoryGridSkeleton } from './category-grid';
import { HeroCarousel } from './hero-carousel';
import { StatsStrip } from './stats-strip';
import styles from './home-page.module.css';

export const HOME_FETCH = 20;
export const HOME_FEATURED = 9;
/** Empty tiles while the categories load (the demo shop's count; another count only moves what is below the fold). */
const CATEGORY_PLACEHOLDERS = 10;
const HOME_QUERY = { limit: HOME_FETCH };

function preloadListing(): void {
  import('./product-list-page').catch(() => undefined);
}

/**
 * Home (spec section 2): hero, Shop by Category, Featured Products (9 of 20), stats, View All Products. When the
 * products do not load (a 5xx, a timeout), Featured Products says so with Try again and the stats wait (issue 27).
 */
export function HomePage() {
  const { categories, loaded: categoriesLoaded } = useCategories();
  const { data, loading, error, refresh } = useProductQuery(HOME_QUERY);
  const featured = data.items.slice(0, HOME_FEATURED);
  // Where home leads (its links, the search): the listing's code is fetched once the first screen is in, so the
  // first listing opens without waiting for it, offline too (issue 29).
  useEffect(() => afterFirstScreen(preloadListing), []);
  return (
    <>
      <PageMeta
        title={STORE.name}
        description={`${STORE.name}: ${STORE.tagline}. Browse new arrivals and pay cash on delivery.`}
        canonical="/"
      />
      <h1 className="visually-hidden">
        {STORE.name}: {STORE.tagline}
      </h1>
      <HeroCarousel />
      <div className={`container ${styles.sections}`}>
        {(!categoriesLoaded || categories.length > 0) && (
          <section aria-labelledby="home-categories">
            <div className={styles.head}>
              <h2 id="home-categories" className={styles.heading}>
                Shop by Category
              </h2>
            </div>
            {categoriesLoaded ? (
              <CategoryGrid categories={categories} />
            ) : (
              <CategoryGridSkeleton count={CATEGORY_PLACEHOLDERS} />
            )}
          </section>
        )}
        <section aria-labelledby="home-featured">
          <div className={styles.head}>
            <h2 id="home-featured" className={styles.heading}>
              Featured Products
            </h2>
          </div>
          {loading ? (
            <CardSkeleton count={HOME_FEATURED} gridClassName={styles.products} />
          ) : error ? (
            <LoadFailed what="the products" onRetry={refresh} />
          ) : (
            // Below the hero and the category grid on every screen: lazy pictures, so the hero's is the only one
            // a phone's connection is asked for early (it is the page's largest paint).
            <ul className={styles.products}>
              {featured.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
            </ul>
          )}
          {data.items.length > HOME_FEATURED && (
            <div className={styles.more}>
              <Link to="/products" className={buttonClass({ variant: 'primary' })}>
                View All Products
              </Link>
            </div>
          )}
        </section>
        {/* The count is the catalogue size the server reports for the home query, not just the 20 fetched. */}
        {!loading && !error && <StatsStrip productCount={data.total} />}
      </div>
    </>
  );
}

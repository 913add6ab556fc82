import { Link, useParams } from 'react-router';
import { buttonClass } from '#web/components/button';
import { LoadFailed } from '#web/components/load-failed';
import { PageMeta } from '#web/components/page-meta';
import { Spinner } from '#web/components/spinner';
import { useProduct } from '../api/use-product';
import { useRelated } from '../api/use-related';
import { galleryImages } from '../product-rules';
import { Breadcrumb } from './breadcrumb';
import { Gallery } from './gallery';
import { ProductInfo } from './product-info';
import { ProductMeta } from './product-meta';
import { RelatedSlider } from './related-slider';
import type { Product } from '#contract/schemas/product';
import styles from './product-detail.module.css';

function NotFound() {
  return (
    <div className={`container ${styles.notFound}`}>
      <PageMeta
        title="Product not found"
        description="The product you're looking for doesn't exist or has been removed."
      />
      <h1>Product not found</h1>
      <p>The product you're looking for doesn't exist or has been removed.</p>
      <Link to="/products" className={buttonClass()}>
        Browse Products
      </Link>
    </div>
  );
}

/**
 * Offline, and the product is not in the device's copy (issue 29): it may well exist (added after the last
 * copy), so not "Product not found"; a way back to the shop, and Try again for when the network is back.
 */
function NotSaved({ retry }: { retry: () => void }) {
  return (
    <div className={`container ${styles.notFound}`}>
      <PageMeta
        title="Product not saved on this device yet"
        description="This product is not saved on this device yet. Connect to the internet to see it."
      />
      <h1>Not saved on this device yet</h1>
      <p role="status">
        You're offline, and this product is not saved on this device yet. Connect to the internet to see it,
        or browse the products saved here.
      </p>
      <div className={styles.notSavedActions}>
        <Link to="/products" className={buttonClass()}>
          Back to the shop
        </Link>
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={retry}>
          Try again
        </button>
      </div>
    </div>
  );
}

function Detail({ product }: { product: Product }) {
  const category = product.categories[0];
  const related = useRelated(product.id, category?.slug);
  return (
    <div className={`container ${styles.page}`}>
      <ProductMeta product={product} />
      <Breadcrumb category={category} title={product.title} />
      <div className={styles.layout}>
        <Gallery key={`gallery-${product.id}`} images={galleryImages(product)} title={product.title} />
        <ProductInfo key={`info-${product.id}`} product={product} />
      </div>
      <RelatedSlider products={related.products} failed={related.failed} onRetry={related.retry} />
    </div>
  );
}

/** The product did not come (a 5xx, a timeout, no network and no saved copy): say so, with Try again. */
function Failed({ retry }: { retry: () => void }) {
  return (
    <div className="container">
      <PageMeta
        title="Could not load the product"
        description="The product could not be loaded. Please try again."
      />
      <h1 className="visually-hidden">Product</h1>
      <LoadFailed what="the product" onRetry={retry} />
    </div>
  );
}

/**
 * Product detail (spec section 2): loading, the product, the not-found state, not saved on this device (offline,
 * issue 29), or a failed load (issue 27).
 */
export function ProductDetailPage() {
  const { id } = useParams();
  const state = useProduct(id);
  if (state.status === 'loading') return <Spinner label="Loading product…" />;
  if (state.status === 'missing') return <NotFound />;
  if (state.status === 'unsaved') return <NotSaved retry={state.retry} />;
  if (state.status === 'failed') return <Failed retry={state.retry} />;
  return <Detail product={state.product} />;
}

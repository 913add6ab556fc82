import type { Product } from '#contract/schemas/product';
import type { InventoryLine } from '#contract/schemas/stock';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';
import type { ProductsView } from '../products-paging';
import { DEFAULT_PAGE_SIZE, FIRST_VIEW, productsQuery } from '../products-paging';

/** The spec's 4 a page: the products screen's default size (products-paging.ts). */
export const ADMIN_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** What the product modal edits (spec section 3): prices as typed, the category as an id string. */
export interface ProductFormValues {
  title: string;
  description: string;
  regular_price: string;
  sale_price: string;
  sku: string;
  category: string;
  sizes: string[];
  colors: string[];
  /** The featured image to show: a stored URL, or the data URL just chosen. */
  image: string | null;
  /** Set only when a new featured image was chosen (then sent as a data URL). */
  newImage: string | null;
  /** Gallery images chosen in this session, as data URLs. */
  gallery: string[];
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  title: '',
  description: '',
  regular_price: '',
  sale_price: '',
  sku: '',
  category: '',
  sizes: [],
  colors: [],
  image: null,
  newImage: null,
  gallery: [],
};

export function productToForm(p: Product): ProductFormValues {
  return {
    title: p.title,
    description: p.description,
    regular_price: String(p.regular_price),
    sale_price: p.sale_price === null ? '' : String(p.sale_price),
    sku: p.sku,
    category: p.categories[0] ? String(p.categories[0].id) : '',
    sizes: [...p.sizes],
    colors: [...p.colors],
    image: p.featured_image,
    newImage: null,
    gallery: [],
  };
}

const NO_PRODUCTS: Product[] = [];

/**
 * One admin page of products: the spec's 4 a page unless the admin picks another size, narrowed by title or
 * SKU and by stock (issue 27). A failed load (5xx, timeout) is `error`, shown with Try again, never as an
 * empty catalogue; an answer for a page the admin already left is dropped. While the next page (or a reload
 * after a save or delete) loads, the last answer is kept, so the total and the pager stay.
 */
export function useAdminProducts(view: ProductsView = FIRST_VIEW) {
  const query = productsQuery(view);
  const { data, error, loading, refresh } = useQuery(
    ['listProducts', query],
    (signal) => api('listProducts', { query, signal }),
    { keepPreviousData: true },
  );
  const failed = !loading && error !== null;
  return {
    items: failed ? NO_PRODUCTS : (data?.items ?? NO_PRODUCTS),
    total: failed ? 0 : (data?.total ?? 0),
    loading,
    failed,
    reload: refresh,
  };
}

/**
 * Create or update the product's fields. A stored featured image is not sent back: leaving `image`
 * out keeps the current one on the server. `inventory` as stock-draft.ts decided it: undefined leaves
 * the stock alone (and is not sent), null stops tracking, a list sets those combinations.
 */
export function saveProductFields(
  values: ProductFormValues,
  id: number | null,
  inventory?: InventoryLine[] | null,
): Promise<Product> {
  const body = {
    title: values.title,
    description: values.description,
    regular_price: values.regular_price,
    sale_price: values.sale_price,
    sku: values.sku,
    category: values.category,
    sizes: values.sizes,
    colors: values.colors,
    ...(values.newImage ? { image: values.newImage } : {}),
    ...(inventory !== undefined ? { inventory } : {}),
  };
  return id === null ? api('createProduct', { body }) : api('updateProduct', { params: { id }, body });
}

/** Gallery images are appended, and only when some were chosen (spec section 7). */
export async function addGalleryImages(id: number, images: readonly string[]): Promise<void> {
  if (images.length > 0) await api('addProductImages', { params: { id }, body: { images: [...images] } });
}

export function deleteProduct(id: number): Promise<unknown> {
  return api('deleteProduct', { params: { id } });
}

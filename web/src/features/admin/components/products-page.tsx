import { useState } from 'react';
import type { Product } from '#contract/schemas/product';
import { ConfirmDialog, useConfirmedAction } from '#web/components/confirm-dialog';
import { Spinner } from '#web/components/spinner';
import { deleteProduct, useAdminProducts } from '../api/admin-products';
import type { ProductsView } from '../products-paging';
import { FIRST_VIEW, pageCount, pagerText, productsSubtitle } from '../products-paging';
import { useCategoryOptions } from '../api/admin-categories';
import { PlusIcon, UploadIcon } from './icons';
import { CsvExportButton } from './csv-export-button';
import { ImportDialog } from './import-dialog';
import { ProductModal } from './product-modal';
import { ProductsTable } from './products-table';
import { ProductsToolbar } from './products-toolbar';
import { LoadFailed } from './load-failed';
import { AdminPage } from './admin-page';
import ui from './admin-ui.module.css';
import styles from './products-page.module.css';
import csv from './csv-actions.module.css';

type ModalState = { open: false } | { open: true; product: Product | null };

/**
 * /admin/products: 4 products a page (or the size the admin picks), "Page N of M", a search by title or SKU
 * and a stock filter (issue 27), the product modal for create and edit, delete with confirm, and the
 * catalogue as a spreadsheet out (Export CSV) and in (Import products, issue 15). A failed load shows Try again.
 */
export function ProductsPage() {
  const [view, setView] = useState<ProductsView>(FIRST_VIEW);
  const { page, size } = view;
  const { items, total, loading, failed, reload } = useAdminProducts(view);
  const pages = pageCount(total, size);
  const filtered = view.q !== '' || view.stock !== 'all';
  /** A new search, filter or size starts again at page 1. */
  const narrow = (change: Partial<ProductsView>) => setView((v) => ({ ...v, ...change, page: 1 }));
  const setPage = (next: (n: number) => number) => setView((v) => ({ ...v, page: next(v.page) }));
  const categories = useCategoryOptions();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [importing, setImporting] = useState(false);

  // Delete stays behind our confirmation dialog (issue 27: no window.confirm); the row shows Deleting... meanwhile.
  const remove = useConfirmedAction(async (p: Product) => {
    await deleteProduct(p.id);
    reload();
  }, 'Error deleting product. Please try again.');
  const deletingId = remove.busy ? (remove.target?.id ?? null) : null;

  return (
    <AdminPage
      page="products"
      subtitle={failed ? 'Products could not be loaded' : productsSubtitle(total, filtered)}
      aside={
        <div className={csv.headerActions}>
          <CsvExportButton name="exportProducts" />
          <button type="button" className={ui.secondary} onClick={() => setImporting(true)}>
            <UploadIcon width={18} height={18} /> Import products
          </button>
          <button
            type="button"
            className={ui.primary}
            onClick={() => setModal({ open: true, product: null })}
          >
            <PlusIcon width={18} height={18} /> New Product
          </button>
        </div>
      }
    >
      <ProductsToolbar
        q={view.q}
        stock={view.stock}
        size={size}
        onSearch={(q) => narrow({ q })}
        onStock={(stock) => narrow({ stock })}
        onSize={(n) => narrow({ size: n })}
      />
      <div className={ui.card}>
        {failed ? (
          <LoadFailed what="the products" onRetry={reload} card={false} />
        ) : loading ? (
          <Spinner label="Loading products..." />
        ) : items.length === 0 ? (
          <p className={ui.center}>No products found.</p>
        ) : (
          <ProductsTable
            items={items}
            deletingId={deletingId}
            onEdit={(p) => setModal({ open: true, product: p })}
            onDelete={remove.ask}
          />
        )}

        {total > size && (
          <nav className={styles.pager} aria-label="Products pages">
            <button
              type="button"
              className={ui.secondary}
              disabled={page === 1 || loading}
              onClick={() => setPage((n) => n - 1)}
            >
              Previous
            </button>
            <span aria-live="polite">{pagerText(page, total, size)}</span>
            <button
              type="button"
              className={ui.secondary}
              disabled={items.length < size || page >= pages || loading}
              onClick={() => setPage((n) => n + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </div>

      {modal.open && (
        <ProductModal
          key={modal.product?.id ?? 'new'}
          product={modal.product}
          categories={categories}
          onClose={() => setModal({ open: false })}
          onSaved={() => {
            setModal({ open: false });
            reload();
          }}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} onImported={reload} />}
      <ConfirmDialog title="Delete this product?" confirmLabel="Delete" busyLabel="Deleting..." {...remove.dialog}>
        <p>{remove.target?.title} will be removed from the catalogue.</p>
      </ConfirmDialog>
    </AdminPage>
  );
}

import type { Product } from '#contract/schemas/product';
import { ColumnHeads } from '#web/components/column-heads';
import { money } from '#web/lib/store-config';
import { EditIcon, TrashIcon } from './icons';
import { StockCell } from './stock-cell';
import ui from './admin-ui.module.css';
import styles from './products-page.module.css';

interface ProductsTableProps {
  items: Product[];
  deletingId: number | null;
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
}

/** Price cell rule (spec section 2): the sale price, else the regular price, else 0. */
export function adminPrice(p: Pick<Product, 'sale_price' | 'regular_price'>): string {
  return money(p.sale_price || p.regular_price || 0);
}

export function ProductsTable({ items, deletingId, onEdit, onDelete }: ProductsTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <ColumnHeads names={['Image', 'Title', 'Price', 'Category', 'Stock', 'Actions']} />
        <tbody>
          {items.map((p) => (
            <tr key={p.id}>
              <td data-label="Image">
                {p.featured_image ? (
                  <img src={p.featured_image} alt="" className={styles.thumb} />
                ) : (
                  <span className={styles.noImage}>No image</span>
                )}
              </td>
              <td data-label="Title" className={styles.titleCell}>
                {p.title}
              </td>
              <td data-label="Price" className={styles.priceCell}>
                {adminPrice(p)}
              </td>
              <td data-label="Category">{p.categories.map((c) => c.name).join(', ') || '-'}</td>
              <td data-label="Stock">
                <StockCell product={p} />
              </td>
              <td data-label="Actions">
                <span className={styles.actions}>
                  <button
                    type="button"
                    className={`${ui.secondary} ${ui.small}`}
                    aria-label={`Edit ${p.title}`}
                    onClick={() => onEdit(p)}
                  >
                    <EditIcon width={16} height={16} /> Edit
                  </button>
                  <button
                    type="button"
                    className={`${ui.danger} ${ui.small}`}
                    aria-label={`Delete ${p.title}`}
                    disabled={deletingId === p.id}
                    onClick={() => onDelete(p)}
                  >
                    <TrashIcon width={16} height={16} /> Delete
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

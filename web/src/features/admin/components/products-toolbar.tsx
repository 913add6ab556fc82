import { STOCK_FILTERS, type StockFilter } from '#contract/rules/stock-filter';
import { SelectField } from '#web/components/form-field';
import { PAGE_SIZES, STOCK_OPTIONS } from '../products-paging';
import ui from './admin-ui.module.css';
// The same toolbar as the orders screen's: search on the left, the selects at the end.
import bar from './orders-page.module.css';
import csv from './csv-actions.module.css';
import { AdminSearch } from './admin-search';

interface Props {
  q: string;
  stock: StockFilter;
  size: number;
  onSearch: (q: string) => void;
  onStock: (stock: StockFilter) => void;
  onSize: (size: number) => void;
}

const isStock = (v: string): v is StockFilter => (STOCK_FILTERS as readonly string[]).includes(v);

/**
 * The products screen's filters (issue 27): a search by title or SKU that runs on submit, the stock filter
 * (low as the stock rules call it, sold out) and how many products a page shows (the spec's 4 by default).
 */
export function ProductsToolbar({ q, stock, size, onSearch, onStock, onSize }: Props) {
  return (
    <div className={bar.toolbar}>
      <AdminSearch name="Products" placeholder="Title or SKU" q={q} onSearch={onSearch} />
      <div className={csv.toolbarEnd}>
        <SelectField
          id="products-stock"
          label="Stock"
          classes={{ field: bar.filter, label: ui.label, control: ui.input }}
          value={stock}
          onChange={(e) => onStock(isStock(e.target.value) ? e.target.value : 'all')}
        >
          {STOCK_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="products-size"
          label="Per page"
          classes={{ field: bar.filter, label: ui.label, control: ui.input }}
          value={String(size)}
          onChange={(e) => onSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

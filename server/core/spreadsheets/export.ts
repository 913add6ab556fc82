/**
 * The two CSV downloads (issue 15): the orders, one row per order line, and the products, one row per
 * product, in the layouts of contract/schemas/csv.ts. The rows to write are taken when the request
 * starts (rows are immutable values, so holding the array is a snapshot); the text is made lazily, a
 * few hundred rows per chunk, as the transport asks for more, so a large file never sits whole in memory.
 * Every cell goes through the formula guard; the file starts with a UTF-8 byte-order mark, which tells
 * spreadsheets the encoding.
 */
import { ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '#contract/schemas/csv';
import type { SalesReportQuery } from '#contract/schemas/report';
import { listCell, moneyCell, stockCell } from './cells';
import { guardCell } from './formula-guard';
import type { CoreDeps } from '../ports';
import type { StoredOrder, StoredProduct } from '../records';
import { TextStream } from '../api/reply';
import type { StockLedger } from '../stock/ledger';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\ufeff';
/** Rows per chunk: big enough that stringify's cost per call vanishes, small enough to stream smoothly. */
export const CSV_CHUNK_ROWS = 500;

type Cells = readonly string[];

/** The header chunk, then `rows` of each item, `CSV_CHUNK_ROWS` at a time, every cell guarded. */
function* csvChunks<T>(
  stringify: CoreDeps['csv']['stringify'],
  header: Cells,
  items: readonly T[],
  rows: (item: T) => Cells[],
): Generator<string> {
  yield BOM + stringify([header]);
  let batch: Cells[] = [];
  for (const item of items) {
    for (const r of rows(item)) batch.push(r.map(guardCell));
    if (batch.length >= CSV_CHUNK_ROWS) {
      yield stringify(batch);
      batch = [];
    }
  }
  if (batch.length) yield stringify(batch);
}

const byDateThenId = (a: StoredOrder, b: StoredOrder): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id;

export function createCsvExports({ stores, csv, currency = 'USD' }: CoreDeps, stock: StockLedger) {
  return {
    /** GET /admin/export/orders.csv: every line of every order (of the UTC days from–to), oldest first. */
    exportOrders(query: SalesReportQuery): TextStream {
      const { from, to } = query;
      const inRange = (o: StoredOrder) => {
        const day = o.created_at.slice(0, 10);
        return !from || !to || (day >= from && day <= to);
      };
      const orders = stores.orders.all().filter(inRange).sort(byDateThenId);
      const lines = (o: StoredOrder): Cells[] =>
        o.items.map((it) => [
          String(o.id),
          o.created_at,
          o.name,
          o.email,
          o.status,
          String(it.product_id),
          it.product_title,
          it.size,
          it.color,
          String(it.qty),
          moneyCell(it.price),
          moneyCell(o.total),
          currency,
        ]);
      return new TextStream(
        CSV_CONTENT_TYPE,
        'orders.csv',
        csvChunks(csv.stringify, ORDER_CSV_COLUMNS, orders, lines),
      );
    },

    /** GET /admin/export/products.csv: every product, by id, in the layout the import reads back. */
    exportProducts(): TextStream {
      const products = [...stores.products.all()].sort((a, b) => a.id - b.id);
      const categoryNames = new Map(stores.categories.all().map((c) => [c.id, c.name]));
      const row = (p: StoredProduct): Cells[] => {
        const cells: Record<(typeof PRODUCT_CSV_COLUMNS)[number], string> = {
          id: String(p.id),
          title: p.title,
          sku: p.sku,
          regular_price: moneyCell(p.regular_price),
          sale_price: p.sale_price === null ? '' : moneyCell(p.sale_price),
          categories: listCell(p.category_ids.flatMap((id) => categoryNames.get(id) ?? [])),
          sizes: listCell(p.sizes),
          colors: listCell(p.colors),
          // Units left of every size × colour; empty when the product does not track stock.
          stock: p.inventory
            ? stockCell(stock.variants(p).map((v) => ({ ...v, quantity: v.quantity ?? 0 })))
            : '',
          short_description: p.short_description,
          description: p.description,
          collections: listCell(p.collections),
          featured_image: p.featured_image ?? '',
          images: listCell(p.images.map((i) => i.url)),
        };
        return [PRODUCT_CSV_COLUMNS.map((c) => cells[c])];
      };
      return new TextStream(
        CSV_CONTENT_TYPE,
        'products.csv',
        csvChunks(csv.stringify, PRODUCT_CSV_COLUMNS, products, row),
      );
    },
  };
}

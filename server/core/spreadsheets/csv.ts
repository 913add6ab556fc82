/**
 * The room `spreadsheets/`: CSV out and in — the exports, the import with its header and row rules,
 * the cells' codecs and the formula guard.
 *
 * Spreadsheets out and in (issue 15): the orders and products exports (spreadsheets/export.ts) and the products
 * import (spreadsheets/import.ts), in the layouts of contract/schemas/csv.ts. The CSV text itself is the
 * CsvCodec port's (server/store/csv-codec.ts); the formula guard is spreadsheets/formula-guard.ts.
 */
import type { Activity } from '../activity/log';
import type { CatalogIndex } from '../catalog/indexes';
import { createCsvExports } from './export';
import { createCsvImport } from './import';
import type { CoreDeps } from '../ports';
import type { StockLedger } from '../stock/ledger';

export function createCsvUseCases(
  deps: CoreDeps,
  // The catalogue indexes follow the products table's commits: an import needs nothing of them.
  _index: CatalogIndex,
  stock: StockLedger,
  activity: Activity,
) {
  const { exportOrders, exportProducts } = createCsvExports(deps, stock);
  const { importProducts } = createCsvImport(deps, stock, activity);
  return { exportOrders, exportProducts, importProducts };
}

/**
 * Spreadsheets out and in (issue 15): the orders and products exports (csv-export.ts) and the products
 * import (csv-import.ts), in the layouts of contract/schemas/csv.ts. The CSV text itself is the
 * CsvCodec port's (server/store/csv-codec.ts); the formula guard is formula-guard.ts.
 */
import type { Activity } from './activity';
import type { CatalogIndex } from './catalog-index';
import { createCsvExports } from './csv-export';
import { createCsvImport } from './csv-import';
import type { CoreDeps } from './ports';
import type { StockLedger } from './stock-ledger';

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

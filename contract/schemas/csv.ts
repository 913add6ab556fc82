import { z } from 'zod';
import { LIMITS } from '#contract/limits';

/**
 * Issue 15: spreadsheets in and out. Both files are UTF-8 (starting with a byte-order mark, which tells
 * spreadsheets so) with RFC 4180 quoting and CRLF line ends, one header row naming the columns.
 *
 * - Formula guard: a cell a spreadsheet would run as a formula (it starts with =, +, -, @, −, anything
 *   NFKC folds into them such as ＝ ﹦ ﹢ ﹣ ﹫, a tab or a carriage return, after any number of apostrophes
 *   and any invisible, format or control characters) is written with one
 *   more leading apostrophe, and quoted; the import takes exactly one such apostrophe off again, so an
 *   exported file imports unchanged, whatever its texts (server/core/spreadsheets/formula-guard.ts).
 * - Lists inside one cell (sizes, colours, categories by exact name, collections, images) are separated
 *   by `|`; a backslash escapes the next character (`\|`, `\\`, and in stock cells `\/`, `\=`).
 * - Stock is `size/colour=units` per variant, separated by `|`, units left as whole numbers. A product
 *   without sizes leaves the size empty (`/red=4`), one without colours the colour (`M/=4`), one with
 *   neither writes `/=4`: one shape for every product, read without guessing. An empty stock cell means
 *   not tracked (on import: stop tracking); a column the file lacks keeps the stock as it is.
 * - Money is a plain decimal in the store currency, two places, no sign or grouping (`19.99`, `20.00`);
 *   an empty sale price means no sale. Order dates are the stored ISO times (UTC).
 * - Import: the header's columns (matched ignoring case and surrounding spaces) may come in any order
 *   and the optional ones may be missing (an update keeps the product's current value, a new product
 *   takes the form's default); `title` and `regular_price` are required. Each row is held to the product
 *   form's rules, except that a product may name several categories (the form picks one); an empty
 *   `sku` keeps the current one (a new product gets TL-<id>), as in the form. Rows are counted as records, the header being row 1 (a quoted cell may
 *   span lines; blank lines are not counted). Columns must be separated by commas.
 */
export const CSV_LIST_SEPARATOR = '|';

/** GET /admin/export/orders.csv: one row per order line, oldest order first. */
export const ORDER_CSV_COLUMNS = [
  'order_id',
  'date',
  'customer',
  'email',
  'status',
  'product_id',
  'product',
  'size',
  'color',
  'quantity',
  'unit_price',
  'order_total',
  'currency',
] as const;

/** GET /admin/export/products.csv and POST /admin/import/products: one row per product. */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'title',
  'sku',
  'regular_price',
  'sale_price',
  'categories',
  'sizes',
  'colors',
  'stock',
  'short_description',
  'description',
  'collections',
  'featured_image',
  'images',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The body of a CSV answer, as the API client hands it over (the text itself). */
export const csvTextSchema = z.string();

/** `?dry_run=1` (or `true`) checks the file and answers what it would do, changing nothing. */
export const importQuerySchema = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type ImportQueryInput = z.input<typeof importQuerySchema>;

export const importErrorSchema = z.object({
  /** The row's line in the file: the header is row 1, the first product row 2. */
  row: z.number().int().positive(),
  /** The column the problem is in, or `null` for the row as a whole. */
  column: z.string().max(LIMITS.activityField).nullable(),
  message: z.string().max(LIMITS.title),
});
export type ImportError = z.infer<typeof importErrorSchema>;

const count = z.number().int().nonnegative();
/** What an import did (or, in a dry run, would do). A file with any error changes nothing at all. */
export const importResultSchema = z.object({
  created: count,
  updated: count,
  unchanged: count,
  errors: z.array(importErrorSchema).max(LIMITS.importErrors),
});
export type ImportResult = z.infer<typeof importResultSchema>;

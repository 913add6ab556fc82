/**
 * POST /admin/import/products (issue 15): a products CSV in the export's layout. Rows with an id update
 * that product, rows without one create a product; each row is held to the product form's rules
 * (spreadsheets/import-row.ts). The import is all or nothing: any problem refuses the whole file (400 with every
 * problem's row, column and message, nothing written), otherwise every product it changes is written
 * in ONE table change with ONE activity entry. A dry run checks the same and writes nothing.
 *
 * A row whose product would come out exactly as it is (every field the activity log compares, stock as
 * units left) counts as unchanged and is not written, so importing a file just exported writes nothing.
 */
import { LIMITS } from '#contract/limits';
import type { ActivityChange } from '#contract/schemas/activity';
import type { ImportError, ImportResult, ProductCsvColumn } from '#contract/schemas/csv';
import { PRODUCT_CSV_COLUMNS } from '#contract/schemas/csv';
import type { User } from '#contract/schemas/user';
import type { Activity } from '../activity/log';
import type { ProductView } from '../activity/diff';
import { changesBetween, productValues } from '../activity/diff';
import type { RowPlan, RowProblem } from './import-row';
import { checkRow } from './import-row';
import { capped, ImportRefused, problem, readHeader } from './import-header';
import { DomainError } from '../api/errors';
import { unguardCell } from './formula-guard';
import type { CoreDeps } from '../ports';
import type { StoredProduct } from '../records';
import type { StockLedger } from '../stock/ledger';
import { createBreather } from '../structures/time-slices';

/** A row the import writes: its line in the file, and the product as it comes out (made inside the write). */
interface Write {
  row: number;
  plan: RowPlan;
  /** Updates: the product as the check saw it, and the fields that change. */
  before?: StoredProduct;
  next?: StoredProduct;
  changes?: ActivityChange[];
}

export function createCsvImport(deps: CoreDeps, stock: StockLedger, activity: Activity) {
  const { stores, csv, sanitizer, clock } = deps;
  const view: ProductView = {
    categoryName: (id) => stores.categories.get(id)?.name ?? `#${id}`,
    variants: (p) => stock.variants(p),
  };

  /** The product an update row makes, as catalog-products' update makes it from the same form. */
  function updated(current: StoredProduct, plan: RowPlan): StoredProduct {
    const { fields, inventory: asked } = plan;
    const inventory =
      asked === null || (asked === undefined && !current.inventory)
        ? undefined
        : stock.set(
            { id: current.id, sizes: fields.sizes, colors: fields.colors },
            current.inventory,
            asked ?? [],
          );
    const { inventory: _old, ...rest } = current;
    return {
      ...rest,
      ...fields,
      sku: fields.sku || current.sku,
      featured_image: plan.featured_image,
      images: plan.images,
      collections: plan.collections,
      ...(inventory ? { inventory } : {}),
    };
  }

  /** A new product, as catalog-products' create makes it; called inside the write, where its id is given. */
  function created(id: number, plan: RowPlan): StoredProduct {
    const { fields } = plan;
    const inventory = plan.inventory
      ? stock.set({ id, sizes: fields.sizes, colors: fields.colors }, undefined, plan.inventory, {
          fresh: true,
        })
      : undefined;
    return {
      id,
      ...fields,
      sku: fields.sku || `TL-${String(id).padStart(5, '0')}`,
      featured_image: plan.featured_image,
      images: plan.images,
      collections: plan.collections,
      created_at: clock.now().toISOString(),
      ...(inventory ? { inventory } : {}),
    };
  }

  /**
   * Every row checked: the writes it asks for, how many rows change nothing, and the problems (at most
   * LIMITS.importErrors). Rows are checked in slices that give the event loop back (an 8 MB file takes a while).
   */
  async function check(records: readonly string[][]): Promise<{
    writes: Write[];
    unchanged: number;
    errors: ImportError[];
  }> {
    const errors: ImportError[] = [];
    const header = readHeader(records[0]);
    if (Array.isArray(header)) return { writes: [], unchanged: 0, errors: capped(header) };
    const breathe = createBreather();
    const names = new Map<string, number[]>();
    for (const c of stores.categories.all()) names.set(c.name, [...(names.get(c.name) ?? []), c.id]);
    const ctx = {
      sanitizer,
      product: (id: number) => stores.products.get(id),
      categoriesNamed: (name: string) => names.get(name) ?? [],
    };
    const writes: Write[] = [];
    const rowOfId = new Map<number, number>();
    let unchanged = 0;
    for (let i = 1; i < records.length && errors.length < LIMITS.importErrors; i++) {
      await breathe();
      const row = i + 1;
      const cells = records[i]!;
      // A row of empty cells (a spreadsheet's trailing rows) is no product.
      if (cells.every((c) => c.trim() === '')) continue;
      const cell = (c: ProductCsvColumn) => {
        const at = header.get(c);
        return at === undefined ? undefined : unguardCell(cells[at] ?? '');
      };
      const checked = checkRow(ctx, cell);
      if ('problems' in checked) {
        errors.push(...checked.problems.map((p: RowProblem) => problem(row, p.column, p.message)));
        continue;
      }
      const { plan } = checked;
      if (!plan.current) {
        writes.push({ row, plan });
        continue;
      }
      const id = plan.current.id;
      const twice = rowOfId.get(id);
      if (twice !== undefined) {
        errors.push(problem(row, 'id', `This product is already on row ${twice}`));
        continue;
      }
      rowOfId.set(id, row);
      const next = updated(plan.current, plan);
      const changes = changesBetween(productValues(plan.current, view), productValues(next, view));
      if (changes.length) writes.push({ row, plan, before: plan.current, next, changes });
      else unchanged++;
    }
    return { writes, unchanged, errors: capped(errors) };
  }

  /** The import's one entry: the counts, then each product's changes, at most LIMITS.activityChanges. */
  function entryChanges(
    created: number,
    updatedCount: number,
    perProduct: ActivityChange[],
  ): ActivityChange[] {
    const all: ActivityChange[] = [
      { field: 'created', before: null, after: created },
      { field: 'updated', before: null, after: updatedCount },
      ...perProduct,
    ];
    if (all.length <= LIMITS.activityChanges) return all;
    const kept = all.slice(0, LIMITS.activityChanges - 1);
    return [...kept, { field: 'more changes', before: null, after: all.length - kept.length }];
  }

  /** The row the check saw, still as it was (the same value; a store that reloads rows makes new objects). */
  const unchangedSince = (seen: StoredProduct, now: StoredProduct | undefined): boolean =>
    now === seen ||
    (now !== undefined && changesBetween(productValues(seen, view), productValues(now, view)).length === 0);

  async function write(actor: User, writes: readonly Write[]): Promise<void> {
    const creates = writes.filter((w) => !w.before).length;
    const updates = writes.length - creates;
    await stores.products.change((get, nextId) => {
      const put: StoredProduct[] = [];
      const changes: ActivityChange[] = [];
      for (const w of writes) {
        if (w.before && w.next) {
          // Checked against this very row: a write that landed since would be overwritten unseen.
          if (!unchangedSince(w.before, get(w.before.id)))
            throw new DomainError(
              'conflict',
              `Product #${w.before.id} changed during the import: nothing was imported, try again`,
            );
          put.push(w.next);
          for (const c of w.changes ?? [])
            changes.push({ ...c, field: `#${w.before.id} ${c.field}`.slice(0, LIMITS.activityField) });
        } else {
          const p = created(nextId(), w.plan);
          put.push(p);
          changes.push({ field: `#${p.id}`, before: null, after: p.title });
        }
      }
      const n = writes.length;
      const entry = activity.entry(actor, {
        action: 'import',
        entity: 'product',
        entityId: null,
        label: `Import of ${n} product${n === 1 ? '' : 's'}`,
        changes: entryChanges(creates, updates, changes),
      });
      return { put, result: undefined, log: [entry] };
    });
  }

  return {
    async importProducts(actor: User, text: string, dryRun: boolean): Promise<ImportResult> {
      // Bounded before the records are built: the header's width, and one record past the rows allowed.
      const records = await csv.readRecords(text, {
        maxCells: PRODUCT_CSV_COLUMNS.length,
        maxRecords: LIMITS.importRows + 2,
      });
      if ((records[0]?.length ?? 0) > PRODUCT_CSV_COLUMNS.length) {
        const message = `A products file has at most ${PRODUCT_CSV_COLUMNS.length} columns (${PRODUCT_CSV_COLUMNS.join(', ')})`;
        throw new ImportRefused(message, [problem(1, null, message)]);
      }
      if (records.length - 1 > LIMITS.importRows)
        throw new ImportRefused(`A file can hold at most ${LIMITS.importRows} products (this one has more)`, [
          problem(LIMITS.importRows + 2, null, `A file can hold at most ${LIMITS.importRows} products`),
        ]);
      const { writes, unchanged, errors } = await check(records);
      const created = writes.filter((w) => !w.before).length;
      const result: ImportResult = { created, updated: writes.length - created, unchanged, errors };
      if (dryRun) return result;
      if (errors.length)
        throw new ImportRefused(
          `${errors.length >= LIMITS.importErrors ? 'At least ' : ''}${errors.length} problem${errors.length === 1 ? '' : 's'} in the file: nothing was imported`,
          errors,
        );
      if (writes.length) await write(actor, writes);
      return result;
    },
  };
}

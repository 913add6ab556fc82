/**
 * The products import's header row and refusal (spreadsheets/import.ts): the columns by position, or each
 * problem of the header on row 1; and the 400 a refused file answers, with every problem.
 */
import { LIMITS } from '#contract/limits';
import type { ImportError, ProductCsvColumn } from '#contract/schemas/csv';
import { PRODUCT_CSV_COLUMNS } from '#contract/schemas/csv';
import { DomainError } from '../api/errors';

/** Every list of problems an import answers holds at most LIMITS.importErrors (the first ones). */
export const capped = (errors: readonly ImportError[]): ImportError[] => errors.slice(0, LIMITS.importErrors);

/** A refused import: 400 validation_failed with its first problems (errors in the one error shape). */
export class ImportRefused extends DomainError {
  constructor(message: string, errors: readonly ImportError[]) {
    super('validation_failed', message);
    this.name = 'ImportRefused';
    this.errors = capped(errors);
  }
}

const REQUIRED: readonly ProductCsvColumn[] = ['title', 'regular_price'];
const isColumn = (name: string): name is ProductCsvColumn =>
  (PRODUCT_CSV_COLUMNS as readonly string[]).includes(name);

export const problem = (row: number, column: string | null, message: string): ImportError => ({
  row,
  column: column === null ? null : column.slice(0, LIMITS.activityField),
  message: message.slice(0, LIMITS.title),
});

/** The header's columns by position, or what is wrong with it (all on row 1). */
export function readHeader(
  cells: readonly string[] | undefined,
): Map<ProductCsvColumn, number> | ImportError[] {
  if (!cells) return [problem(1, null, 'The file is empty: it needs a header row naming its columns')];
  if (cells.length === 1 && (cells[0] ?? '').includes(';'))
    return [problem(1, null, 'Separate the columns with commas (this file uses semicolons)')];
  const errors: ImportError[] = [];
  const at = new Map<ProductCsvColumn, number>();
  cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!isColumn(name))
      errors.push(
        problem(
          1,
          raw.trim() || null,
          name ? `Unknown column "${raw.trim()}"` : `Column ${i + 1} has no name`,
        ),
      );
    else if (at.has(name)) errors.push(problem(1, name, `The column "${name}" appears twice`));
    else at.set(name, i);
  });
  for (const c of REQUIRED) if (!at.has(c)) errors.push(problem(1, c, `The file has no "${c}" column`));
  return errors.length ? errors : at;
}

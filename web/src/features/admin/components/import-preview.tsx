import type { ImportError, ImportResult } from '#contract/schemas/csv';
import { NO_VALUE } from './activity-format';
import styles from './import-dialog.module.css';

/** "3 to create, 1 to update, 0 unchanged": what the dry run says the import would do. */
export function planSummary(r: ImportResult): string {
  return `${r.created} to create, ${r.updated} to update, ${r.unchanged} unchanged`;
}

export function doneSummary(r: ImportResult): string {
  return `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged`;
}

const problems = (n: number) => (n === 1 ? 'It has 1 problem' : `It has ${n} problems`);

/** The file's problems, row by row (row 1 is the header, so the first product is row 2). */
export function ImportErrors({ errors, intro }: { errors: readonly ImportError[]; intro: string }) {
  return (
    <div className={styles.errors}>
      <p className={styles.errorIntro}>
        <strong>{intro}</strong> {problems(errors.length)}, nothing was changed. Fix{' '}
        {errors.length === 1 ? 'it' : 'them'} and choose the file again.
      </p>
      <div className={styles.errorScroll} role="region" aria-label="Problems in the file" tabIndex={0}>
        <table className={styles.errorTable}>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={`${e.row}-${e.column ?? ''}-${i}`}>
                <td className={styles.rowCell}>{e.row}</td>
                <td className={styles.columnCell}>{e.column ?? NO_VALUE}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

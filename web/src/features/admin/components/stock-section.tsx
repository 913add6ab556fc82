import { useId } from 'react';
import { Spinner } from '#web/components/spinner';
import type { StockLoad } from '../api/product-stock';
import {
  cellKey,
  cellValue,
  isTracked,
  parseQuantity,
  type StockBase,
  type StockDraft,
} from '../stock-draft';
import { StockGrid } from './stock-grid';
import ui from './admin-ui.module.css';
import styles from './stock-section.module.css';

export interface StockProblem {
  invalid: ReadonlySet<string>;
  message: string;
}

interface StockSectionProps {
  /** The grid's axes: the form's current sizes and colours ('' when it has none). */
  sizes: string[];
  colors: string[];
  load: StockLoad;
  /** The base to edit against: the loaded stock, or what the last successful save left. */
  base: StockBase | null;
  draft: StockDraft;
  onDraft: (update: (d: StockDraft) => StockDraft) => void;
  problem: StockProblem | null;
  disabled: boolean;
}

function unitsText(n: number) {
  return n === 1 ? '1 unit in stock' : `${n.toLocaleString('en-US')} units in stock`;
}

/** The product modal's Stock section (issue 14): the Track stock switch and the size × colour grid. */
export function StockSection({
  sizes,
  colors,
  load,
  base,
  draft,
  onDraft,
  problem,
  disabled,
}: StockSectionProps) {
  const checkboxId = useId();
  const errorId = useId();

  let body;
  if (base === null) {
    body =
      load.state === 'failed' ? (
        <p className={styles.note} role="alert">
          Stock could not be loaded.{' '}
          <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={load.retry}>
            Try again
          </button>
        </p>
      ) : (
        <Spinner label="Loading stock..." />
      );
  } else {
    const tracked = isTracked(base, draft);
    const cells = sizes.flatMap((s) => colors.map((c) => cellValue(base, draft, cellKey(s, c))));
    const total = cells.reduce((n, text) => n + (parseQuantity(text) ?? 0), 0);
    const someWaiting = [...base.waiting.values()].some((n) => n > 0);
    body = (
      <>
        <div className={styles.switch}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={tracked}
            disabled={disabled}
            onChange={(e) => onDraft((d) => ({ ...d, tracked: e.target.checked }))}
          />
          <label htmlFor={checkboxId}>Track stock</label>
        </div>
        {tracked ? (
          <>
            <StockGrid
              sizes={sizes}
              colors={colors}
              base={base}
              draft={draft}
              onEdit={(key, text) => onDraft((d) => ({ ...d, edits: { ...d.edits, [key]: text } }))}
              invalid={problem?.invalid ?? new Set()}
              errorId={errorId}
              disabled={disabled}
            />
            <p className={styles.note}>
              <strong>{unitsText(total)}</strong>
              {someWaiting && " · Waiting: shoppers who asked for Notify me when it's back"}
            </p>
          </>
        ) : (
          <p className={styles.note}>Not tracked: this product can always be ordered.</p>
        )}
        {problem && (
          <p id={errorId} className={styles.error} role="alert">
            {problem.message}
          </p>
        )}
      </>
    );
  }

  return (
    <fieldset className={styles.section}>
      <legend className={ui.label}>Stock</legend>
      {body}
    </fieldset>
  );
}

import { useState } from 'react';
import type { FacetValue, Facets } from '#contract/rules/catalog-filters';
import { filterKey } from '#contract/rules/filter-values';
import { useAtomValue } from '#web/lib/jotai';
import { hydratingAtom } from '#web/lib/session/auth-atoms';
import styles from './shop-filters.module.css';

/** Values shown before "Show all": a long colour list would push the price filter far down. */
const FIRST_VALUES = 8;

interface Props {
  idPrefix: string;
  facets: Facets | undefined;
  size: readonly string[];
  color: readonly string[];
  inStock: boolean;
  onSize: (value: string) => void;
  onColor: (value: string) => void;
  onInStock: (on: boolean) => void;
}

/**
 * The shop filters of issue 29 in the listing sidebar and drawer: Sizes and Colours (checkboxes, several at
 * once) and In stock only, each with how many products of the current result it would give (the answer's
 * `facets`). A value with no product left is disabled unless it is ticked, so the shopper can always untick.
 */
export function ShopFilters({ idPrefix, facets, size, color, inStock, onSize, onColor, onInStock }: Props) {
  if (!facets) return null;
  return (
    <div className={styles.filters}>
      <ValueList
        legend="Sizes"
        name={`${idPrefix}-size`}
        values={facets.sizes}
        chosen={size}
        onToggle={onSize}
      />
      <ValueList
        legend="Colours"
        name={`${idPrefix}-color`}
        values={facets.colors}
        chosen={color}
        onToggle={onColor}
        swatches
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Availability</legend>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={inStock}
            disabled={!inStock && facets.in_stock === 0}
            onChange={(e) => onInStock(e.target.checked)}
          />
          <span className={styles.name}>In stock only</span>{' '}
          <span className={styles.count}>({facets.in_stock})</span>
        </label>
      </fieldset>
    </div>
  );
}

function ValueList({
  legend,
  name,
  values,
  chosen,
  onToggle,
  swatches = false,
}: {
  legend: string;
  name: string;
  values: FacetValue[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
  swatches?: boolean;
}) {
  const [all, setAll] = useState(false);
  // A style attribute in server HTML is blocked by the CSP (style-src 'self'); set through the CSSOM once hydrated.
  const hydrating = useAtomValue(hydratingAtom);
  if (values.length === 0) return null;
  const keys = new Set(chosen.map(filterKey));
  const listId = `${name}-values`;
  // Collapsed: the first values and every ticked one.
  const visible = all ? values : values.filter((v, i) => i < FIRST_VALUES || keys.has(filterKey(v.value)));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <ul id={listId} className={swatches ? styles.list : styles.grid}>
        {visible.map((v) => {
          const checked = keys.has(filterKey(v.value));
          return (
            <li key={v.value}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  name={name}
                  value={v.value}
                  checked={checked}
                  disabled={!checked && v.count === 0}
                  onChange={() => onToggle(v.value)}
                />
                {swatches && (
                  <span
                    className={styles.swatch}
                    style={hydrating ? undefined : { background: v.value }}
                    aria-hidden="true"
                  />
                )}
                <span className={styles.name}>{v.value}</span>{' '}
                <span className={styles.count}>({v.count})</span>
              </label>
            </li>
          );
        })}
      </ul>
      {values.length > FIRST_VALUES && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? `Show fewer ${legend.toLowerCase()}` : `Show all ${values.length} ${legend.toLowerCase()}`}
        </button>
      )}
    </fieldset>
  );
}

import type { ReactNode } from 'react';
import type { Category } from '#contract/schemas/category';
import { Button } from '#web/components/button';
import { money } from '#web/lib/store-config';
import { FeaturedMiniList } from './featured-mini-list';
import styles from './listing-sidebar.module.css';

interface Props {
  idPrefix: string;
  categories: Category[];
  activeCategory: string;
  onCategory: (slug: string | null) => void;
  slider: number;
  ceiling: number;
  onSlider: (value: number) => void;
  onApply: () => void;
  onReset: () => void;
  /** Issue 29: the shop filters (sizes, colours, in stock) below the categories. */
  filters?: ReactNode;
  /** Issue 29: the minimum price slider beside the maximum, applied by the same Apply Filter. */
  minSlider?: number;
  onMinSlider?: (value: number) => void;
}

/** The listing sidebar: categories, the price range slider (0 to the highest price) and 5 featured products. */
export function ListingSidebar({ idPrefix, categories, activeCategory, onCategory, slider, ceiling, onSlider, onApply, onReset, filters, minSlider, onMinSlider }: Props) {
  const sliderId = `${idPrefix}-price`;
  const minId = `${idPrefix}-min-price`;
  return (
    <div className={styles.sidebar}>
      <section className={styles.block} aria-labelledby={`${idPrefix}-cats`}>
        <h2 id={`${idPrefix}-cats`} className={styles.heading}>
          Shop by category
        </h2>
        <ul className={styles.cats}>
          <li>
            <button type="button" className={styles.cat} aria-pressed={!activeCategory} onClick={() => onCategory(null)}>
              All Categories
            </button>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <button type="button" className={styles.cat} aria-pressed={activeCategory === c.slug} onClick={() => onCategory(c.slug)}>
                {c.name}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {filters && <section className={styles.block} aria-label="Sizes, colours and availability">{filters}</section>}
      <section className={styles.block} aria-labelledby={`${idPrefix}-price-h`}>
        <h2 id={`${idPrefix}-price-h`} className={styles.heading}>
          Filter by price
        </h2>
        {minSlider !== undefined && onMinSlider && (
          <>
            <label htmlFor={minId} className={styles.sliderLabel}>
              Minimum price: <strong>{money(minSlider)}</strong>
            </label>
            <input
              key={Math.ceil(ceiling)}
              id={minId}
              className={styles.slider}
              type="range"
              min={0}
              max={Math.ceil(ceiling)}
              step={1}
              value={Math.ceil(minSlider)}
              aria-valuetext={money(minSlider)}
              disabled={ceiling <= 0}
              onChange={(e) => onMinSlider(Number(e.target.value))}
            />
          </>
        )}
        <label htmlFor={sliderId} className={styles.sliderLabel}>
          Maximum price: <strong>{money(slider)}</strong>
        </label>
        {/* Keyed by the maximum: a range input clamps a new value to its old max, so it is rebuilt when the max moves. */}
        <input
          key={Math.ceil(ceiling)}
          id={sliderId}
          className={styles.slider}
          type="range"
          min={0}
          max={Math.ceil(ceiling)}
          step={1}
          value={Math.ceil(slider)}
          aria-valuetext={money(slider)}
          disabled={ceiling <= 0}
          onChange={(e) => onSlider(Number(e.target.value))}
        />
        <div className={styles.range} aria-hidden="true">
          <span>{money(0)}</span>
          <span>{money(Math.ceil(ceiling))}</span>
        </div>
        <div className={styles.actions}>
          <Button size="small" onClick={onApply} disabled={ceiling <= 0}>
            Apply Filter
          </Button>
          <Button size="small" variant="secondary" onClick={onReset}>
            Reset All
          </Button>
        </div>
      </section>
      <section className={styles.block} aria-labelledby={`${idPrefix}-featured`}>
        <h2 id={`${idPrefix}-featured`} className={styles.heading}>
          Featured Products
        </h2>
        <FeaturedMiniList />
      </section>
    </div>
  );
}

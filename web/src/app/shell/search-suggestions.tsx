import { useEffect, type PointerEvent, type RefObject } from 'react';
import type { Suggestions } from '#contract/schemas/search';
import { ProductImage } from '#web/components/product-image';
import { money } from '#web/lib/store-config';
import { optionId, type SuggestOption } from './use-suggestions';
import styles from './search-form.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the polite live region says about an answer. */
export function suggestionsMessage(answer: Suggestions): string {
  const parts = [
    ...(answer.products.length ? [plural(answer.products.length, 'product', 'products')] : []),
    ...(answer.categories.length ? [plural(answer.categories.length, 'category', 'categories')] : []),
  ];
  return parts.length ? `${parts.join(' and ')} suggested` : 'No suggestions';
}

interface Props {
  id: string;
  /** The text the options answer (data-for, for tests and measurements). */
  text: string | undefined;
  options: SuggestOption[];
  /** The index of the active option (-1: none). */
  active: number;
  expanded: boolean;
  onChoose: (option: SuggestOption) => void;
  /** The answer the polite live region speaks of (suggestionsMessage), when the list is open. */
  announce: Suggestions | undefined;
  /** The form the list belongs to: a press outside it closes the list (onClose). */
  form: RefObject<HTMLFormElement | null>;
  onClose: () => void;
}

/**
 * The listbox of the search combobox (WAI-ARIA APG, combobox with a listbox popup): products (picture, title,
 * price) and categories, each group under its heading. Focus stays in the text box (aria-activedescendant); a
 * pointer press on an option does not take it, and the active option is scrolled into view.
 */
export function SearchSuggestions({
  id,
  text,
  options,
  active,
  expanded,
  onChoose,
  announce,
  form,
  onClose,
}: Props) {
  useEffect(() => {
    if (!expanded) return;
    const outside = (e: globalThis.PointerEvent) => {
      if (!form.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [expanded, form, onClose]);
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(id, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);
  const keepFocus = (e: PointerEvent) => e.preventDefault();
  const option = (o: SuggestOption, i: number) => (
    <div
      key={o.kind === 'product' ? `p${o.product.id}` : `c${o.category.slug}`}
      id={optionId(id, i)}
      role="option"
      aria-selected={i === active}
      className={o.kind === 'product' ? styles.option : `${styles.option} ${styles.categoryOption}`}
      onPointerDown={keepFocus}
      onClick={() => onChoose(o)}
    >
      {o.kind === 'product' ? (
        <>
          <span className={styles.thumb} aria-hidden="true">
            <ProductImage src={o.product.image} alt="" width={48} height={60} sizes="48px" eager />
          </span>
          <span className={styles.optionTitle}>{o.product.title}</span>
          <span className={styles.optionPrice}>{money(o.product.price)}</span>
        </>
      ) : (
        <span className={styles.optionTitle}>{o.category.name}</span>
      )}
    </div>
  );
  const products = options.filter((o) => o.kind === 'product');
  const categories = options.filter((o) => o.kind === 'category');
  return (
    <>
      <div
        id={id}
        role="listbox"
        aria-label="Suggestions"
        className={styles.popup}
        hidden={!expanded}
        data-for={text}
      >
        {products.length > 0 && (
          <div role="group" aria-labelledby={`${id}-products`}>
            <div role="presentation" id={`${id}-products`} className={styles.groupHead}>
              Products
            </div>
            {products.map((o, i) => option(o, i))}
          </div>
        )}
        {categories.length > 0 && (
          <div role="group" aria-labelledby={`${id}-categories`}>
            <div role="presentation" id={`${id}-categories`} className={styles.groupHead}>
              Categories
            </div>
            {categories.map((o, i) => option(o, products.length + i))}
          </div>
        )}
      </div>
      <div role="status" className="visually-hidden">
        {announce ? suggestionsMessage(announce) : ''}
      </div>
    </>
  );
}

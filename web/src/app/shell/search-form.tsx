import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Category } from '#contract/schemas/category';
import { SearchIcon } from '#web/components/icons';
import { searchUrl } from './search-url';
import { LISTING_TEXT_MAX } from '#web/features/catalog/listing-text';
import styles from './search-form.module.css';

interface Props {
  categories: Category[];
  /** Distinguishes the header form from the drawer's copy so ids and labels stay unique. */
  idPrefix: string;
  onSearched?: () => void;
  className?: string;
  /** Text only, no category choice: the narrow drawer copy. */
  compact?: boolean;
  initialText?: string;
  initialCategory?: string;
  /** Focus the text box on mount (the phone header's search opens with it). */
  autoFocus?: boolean;
}

export function SearchForm({
  categories,
  idPrefix,
  onSearched,
  className,
  compact = false,
  initialText = '',
  initialCategory = '',
  autoFocus = false,
}: Props) {
  const [text, setText] = useState(initialText);
  const [category, setCategory] = useState(initialCategory);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchUrl(text, category));
    onSearched?.();
  };
  return (
    <form role="search" className={`${styles.form} ${className ?? ''}`} onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${idPrefix}-q`}>
        Search for products
      </label>
      <input
        id={`${idPrefix}-q`}
        className={styles.input}
        type="search"
        placeholder="Search for products..."
        maxLength={LISTING_TEXT_MAX}
        autoFocus={autoFocus}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {!compact && (
        <>
          <label className="visually-hidden" htmlFor={`${idPrefix}-cat`}>
            Search in category
          </label>
          <select
            id={`${idPrefix}-cat`}
            className={styles.select}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="submit" className={styles.submit} aria-label="Search">
        <SearchIcon size={20} />
      </button>
    </form>
  );
}

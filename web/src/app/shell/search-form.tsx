import { lazy, Suspense, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Category } from '#contract/schemas/category';
import { SearchIcon } from '#web/components/icons';
import { searchUrl } from './search-url';
import { LISTING_TEXT_MAX } from '#web/features/catalog/listing-text';
import { optionId, optionsOf, useSuggestions, type SuggestOption } from './use-suggestions';

import styles from './search-form.module.css';

/** The list itself in a chunk of its own (out of the first load), loaded when the shopper first types. */
const SearchSuggestions = lazy(() =>
  import('./search-suggestions').then((m) => ({ default: m.SearchSuggestions })),
);

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

/**
 * The header's search form (spec: Header and shell). Its text box is a combobox (issue 29; WAI-ARIA APG, combobox
 * with a listbox popup): from two characters it suggests products and categories (use-suggestions.ts). Down and
 * Up move through them (wrapping; from a closed list they open it), Enter on one opens that product or category
 * listing, Enter with none runs the search as before, Escape closes the list and a second Escape clears the text;
 * leaving the box, a press outside it or any navigation closes the list. A polite live region says how many.
 */
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
  const { key } = useLocation();
  // The list is open for the location it was opened at: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const [activeFor, setActiveFor] = useState<{ text: string; index: number } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Asked for only once the shopper types or reaches for the list (not for the text a page starts the box with).
  const [asking, setAsking] = useState(false);
  const suggested = useSuggestions(text, categories, asking);
  const options = optionsOf(suggested?.answer);
  const expanded = openAt === key && options.length > 0;
  const active = expanded && activeFor && activeFor.text === suggested?.text ? activeFor.index : -1;
  const listId = `${idPrefix}-suggestions`;

  const close = () => {
    setOpenAt(null);
    setActiveFor(null);
  };
  /** Open the list (and start asking, the first time). */
  const ask = () => {
    setAsking(true);
    setOpenAt(key);
  };
  const move = (index: number) => {
    setOpenAt(key);
    if (suggested) setActiveFor({ text: suggested.text, index });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    close();
    navigate(searchUrl(text, category));
    onSearched?.();
  };
  const choose = (o: SuggestOption) => {
    close();
    navigate(o.kind === 'product' ? `/product/${o.product.id}` : searchUrl('', o.category.slug));
    onSearched?.();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (n === 0) {
        ask();
        return;
      }
      const down = e.key === 'ArrowDown';
      if (!expanded || active < 0) move(down ? 0 : n - 1);
      else move(down ? (active + 1) % n : (active - 1 + n) % n);
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape') {
      // The list first, then the text; with neither, Escape is left to what holds the form (the phone panel).
      if (expanded) close();
      else if (text !== '') setText('');
      else return;
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const onBlur = (e: FocusEvent) => {
    if (!form.current?.contains(e.relatedTarget as Node | null)) close();
  };

  return (
    <form
      ref={form}
      role="search"
      className={`${styles.form} ${className ?? ''}`}
      onSubmit={submit}
      onBlur={onBlur}
    >
      <div className={styles.field}>
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
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(listId, active) : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActiveFor(null);
            ask();
          }}
          onClick={ask}
          onKeyDown={onKeyDown}
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
      </div>
      {asking && (
        <Suspense fallback={null}>
          <SearchSuggestions
            id={listId}
            text={suggested?.text}
            options={options}
            active={active}
            expanded={expanded}
            onChoose={choose}
            announce={openAt === key ? suggested?.answer : undefined}
            form={form}
            onClose={close}
          />
        </Suspense>
      )}
    </form>
  );
}

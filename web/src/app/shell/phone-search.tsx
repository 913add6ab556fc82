import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import type { Category } from '#contract/schemas/category';
import { CloseIcon, SearchIcon } from '#web/components/icons';
import { SearchForm } from './search-form';
import styles from './phone-search.module.css';

const PANEL_ID = 'phone-search-panel';

interface Props {
  categories: Category[];
  /** The search being looked at on the list page, to start from. */
  initialText: string;
}

/**
 * The phone header's search (issue 27): below the large-screen breakpoint the header's search form is hidden,
 * so a button opens a search field under the header. It is a disclosure, not a dialog: focus moves into the
 * field, Escape (or the button again) closes it and gives focus back to the button, and any navigation closes
 * it. The panel lies over the page below the header, so neither the header nor the page moves.
 */
export function PhoneSearch({ categories, initialText }: Props) {
  const { key } = useLocation();
  // Open for the location it was opened at: a search (or any navigation) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpenAt(null);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.toggle}
        aria-label="Search products"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => (open ? close() : setOpenAt(key))}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
      {open && (
        <div id={PANEL_ID} className={styles.panel} onKeyDown={onKeyDown}>
          <div className="container">
            <SearchForm
              categories={categories}
              idPrefix="phone-search"
              initialText={initialText}
              compact
              autoFocus
            />
          </div>
        </div>
      )}
    </>
  );
}

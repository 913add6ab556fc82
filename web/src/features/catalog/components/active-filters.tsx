import { CloseIcon } from '#web/components/icons';
import { DEFAULT_SLIDES } from './default-slides';
import styles from './product-list-page.module.css';

interface Props {
  name: string;
  collection: string;
  onClear: (key: 'name' | 'collection') => void;
}

/** Chips for the search text and collection from the URL, each removable, so the shopper sees why the list is narrowed. */
export function ActiveFilters({ name, collection, onClear }: Props) {
  if (!name && !collection) return null;
  const collectionTitle = DEFAULT_SLIDES.find((s) => s.id === collection)?.title ?? collection;
  return (
    <ul className={styles.chips} aria-label="Active filters">
      {name && (
        <li className={styles.chip}>
          Search: “{name}”
          <button type="button" aria-label={`Remove search ${name}`} onClick={() => onClear('name')}>
            <CloseIcon size={14} />
          </button>
        </li>
      )}
      {collection && (
        <li className={styles.chip}>
          Collection: {collectionTitle}
          <button type="button" aria-label={`Remove collection ${collectionTitle}`} onClick={() => onClear('collection')}>
            <CloseIcon size={14} />
          </button>
        </li>
      )}
    </ul>
  );
}

import { CloseIcon } from '#web/components/icons';
import { money } from '#web/lib/store-config';
import { DEFAULT_SLIDES } from './default-slides';
import styles from './product-list-page.module.css';

/** Issue 29: the shop filters' chips, and Clear all; absent, only the search and collection chips show. */
interface ShopChips {
  size: readonly string[];
  color: readonly string[];
  inStock: boolean;
  minPrice: number;
  maxPrice: number;
  onSize: (value: string) => void;
  onColor: (value: string) => void;
  onInStock: () => void;
  onPrice: (key: 'minPrice' | 'maxPrice') => void;
  onClearAll: () => void;
}

interface Props {
  name: string;
  collection: string;
  onClear: (key: 'name' | 'collection') => void;
  shop?: ShopChips;
}

interface Chip {
  key: string;
  text: string;
  /** The remove button's accessible name: "Remove size M". */
  remove: string;
  onRemove: () => void;
}

function chipsOf({ name, collection, onClear, shop }: Props): Chip[] {
  const collectionTitle = DEFAULT_SLIDES.find((s) => s.id === collection)?.title ?? collection;
  const chips: Chip[] = [];
  if (name)
    chips.push({
      key: 'name',
      text: `Search: “${name}”`,
      remove: `Remove search ${name}`,
      onRemove: () => onClear('name'),
    });
  if (collection)
    chips.push({
      key: 'collection',
      text: `Collection: ${collectionTitle}`,
      remove: `Remove collection ${collectionTitle}`,
      onRemove: () => onClear('collection'),
    });
  if (!shop) return chips;
  for (const v of shop.size)
    chips.push({
      key: `size-${v}`,
      text: `Size: ${v}`,
      remove: `Remove size ${v}`,
      onRemove: () => shop.onSize(v),
    });
  for (const v of shop.color)
    chips.push({
      key: `color-${v}`,
      text: `Colour: ${v}`,
      remove: `Remove colour ${v}`,
      onRemove: () => shop.onColor(v),
    });
  if (shop.inStock)
    chips.push({
      key: 'in_stock',
      text: 'In stock only',
      remove: 'Remove in stock only',
      onRemove: shop.onInStock,
    });
  if (shop.minPrice > 0)
    chips.push({
      key: 'minPrice',
      text: `From ${money(shop.minPrice)}`,
      remove: `Remove minimum price ${money(shop.minPrice)}`,
      onRemove: () => shop.onPrice('minPrice'),
    });
  if (shop.maxPrice > 0)
    chips.push({
      key: 'maxPrice',
      text: `Up to ${money(shop.maxPrice)}`,
      remove: `Remove maximum price ${money(shop.maxPrice)}`,
      onRemove: () => shop.onPrice('maxPrice'),
    });
  return chips;
}

/**
 * Chips for the filters in the URL (search text, collection and, issue 29, sizes, colours, in stock and the
 * price range), each removable, so the shopper sees why the list is narrowed; Clear all removes them all.
 */
export function ActiveFilters(props: Props) {
  const chips = chipsOf(props);
  if (chips.length === 0) return null;
  return (
    <div className={styles.active}>
      <ul className={styles.chips} aria-label="Active filters">
        {chips.map((c) => (
          <li key={c.key} className={styles.chip}>
            {c.text}
            <button type="button" aria-label={c.remove} onClick={c.onRemove}>
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      {props.shop && (
        <button type="button" className={styles.clearAll} onClick={props.shop.onClearAll}>
          Clear all
        </button>
      )}
    </div>
  );
}

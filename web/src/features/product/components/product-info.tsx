import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SHIPPING_FLAT } from '#contract/rules/shipping';
import { stockLabel } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { TruckIcon } from '#web/components/icons';
import { Price } from '#web/components/price';
import { useSafeHtml } from '#web/lib/html-sanitizer';
import { money } from '#web/lib/store-config';
import { optionSoldOut, shownStockLevel } from '../product-stock';
import { BuyBox } from './buy-box';
import { OptionPicker } from './option-picker';
import styles from './product-detail.module.css';

/** The texts of the two picks a cart line needs. */
const PICKS = {
  size: {
    label: 'Size',
    choose: 'Please choose a size',
    none: 'This item has no sizes to choose from, so it cannot be added yet',
    empty: 'No sizes are listed for this item.',
  },
  color: {
    label: 'Colour',
    choose: 'Please choose a colour',
    none: 'This item has no colours to choose from, so it cannot be added yet',
    empty: 'No colours are listed for this item.',
  },
};

/**
 * A pick the shopper must make (size or colour): its value, the props of its picker, and check(), which
 * shows why nothing can be added yet (nothing chosen, or nothing to choose from) and says whether it is set.
 * It starts from the address's ?size= / ?color= when that is one of the options (the way back from
 * signing in for Notify me when it's back).
 */
function usePick(name: keyof typeof PICKS, options: string[], initial: string | null) {
  const text = PICKS[name];
  const [value, setValue] = useState(initial !== null && options.includes(initial) ? initial : '');
  const [error, setError] = useState<string | null>(null);
  const check = () => {
    setError(value ? null : options.length ? text.choose : text.none);
    return value !== '';
  };
  const onChange = (v: string) => {
    setValue(v);
    setError(null);
  };
  return {
    value,
    check,
    picker: { label: text.label, name, options, value, onChange, error, emptyText: text.empty },
  };
}

/**
 * Title, price, category, pickers, quantity and Add to Cart. Size and colour must both be chosen: the check
 * is on the selection (spec section 4), so a product that lists no sizes or colours cannot be added — the
 * pickers say so up front instead of leaving the shopper puzzled. The badge beside the price reads the whole
 * product's stock (as the cards do) until a size and colour are chosen, then that choice's; the pickers mark the options sold out for the other pick, and stay
 * choosable so a shopper can ask to be told when one is back.
 */
export function ProductInfo({ product }: { product: Product }) {
  const [params] = useSearchParams();
  const size = usePick('size', product.sizes, params.get('size'));
  const color = usePick('color', product.colors, params.get('color'));
  const category = product.categories[0];
  const description = useSafeHtml(product.description);
  const level = shownStockLevel(product, size.value, color.value);
  // Both are checked (not short-circuited) so each picker shows its own message.
  const checkPicks = () => [size.check(), color.check()].every(Boolean);

  return (
    <div className={styles.info}>
      {category && (
        <Link to={`/products?category=${encodeURIComponent(category.slug)}`} className={styles.category}>
          {category.name}
        </Link>
      )}
      <h1 className={styles.title}>{product.title}</h1>
      <div className={styles.priceRow}>
        <Price sale_price={product.sale_price} regular_price={product.regular_price} size="large" />
        <span className={styles.stock} data-level={level.kind} aria-live="polite">
          {stockLabel(level)}
        </span>
      </div>
      {product.short_description && <p className={styles.lead}>{product.short_description}</p>}
      <div className={styles.pickers}>
        <OptionPicker {...size.picker} soldOut={(o) => optionSoldOut(product, 'size', o, color.value)} />
        <OptionPicker
          {...color.picker}
          soldOut={(o) => optionSoldOut(product, 'color', o, size.value)}
          swatches
        />
      </div>
      <BuyBox product={product} size={size.value} color={color.value} checkPicks={checkPicks} />
      <aside className={styles.shipping} aria-labelledby="shipping-heading">
        <TruckIcon />
        <div>
          <h2 id="shipping-heading" className={styles.shippingTitle}>
            Shipping & Delivery
          </h2>
          <p>
            Delivered in 3–5 business days. A flat {money(SHIPPING_FLAT)} shipping fee applies once you enter
            your city, and you pay cash on delivery.
          </p>
        </div>
      </aside>
      {description && (
        <section className={styles.description} aria-labelledby="description-heading">
          <h2 id="description-heading" className={styles.sectionTitle}>
            Description
          </h2>
          <div dangerouslySetInnerHTML={{ __html: description }} />
        </section>
      )}
    </div>
  );
}

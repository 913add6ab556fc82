import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { effectivePrice } from '#contract/rules/money';
import { SHIPPING_FLAT } from '#contract/rules/shipping';
import type { Product } from '#contract/schemas/product';
import { Button } from '#web/components/button';
import { TruckIcon } from '#web/components/icons';
import { Price } from '#web/components/price';
import { QuantityStepper } from '#web/components/quantity-stepper';
import { useSetAtom } from '#web/lib/jotai';
import { addToCartAtom } from '#web/lib/session/cart-atoms';
import { money } from '#web/lib/store-config';
import { OptionPicker } from './option-picker';
import styles from './product-detail.module.css';

const PRODUCT_QTY_LABELS = {
  input: 'Quantity',
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
};

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
 */
function usePick(name: keyof typeof PICKS, options: string[]) {
  const text = PICKS[name];
  const [value, setValue] = useState('');
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
 * pickers say so up front instead of leaving the shopper puzzled.
 */
export function ProductInfo({ product }: { product: Product }) {
  const size = usePick('size', product.sizes);
  const color = usePick('color', product.colors);
  const [qty, setQty] = useState(1);
  const [qtyText, setQtyText] = useState('1');
  const addToCart = useSetAtom(addToCartAtom);
  const navigate = useNavigate();
  const category = product.categories[0];
  const description = useMemo(() => DOMPurify.sanitize(product.description), [product.description]);

  const add = () => {
    // Both are checked (not short-circuited) so each picker shows its own message.
    const picked = [size.check(), color.check()].every(Boolean);
    if (!picked) return;
    addToCart({
      productId: product.id,
      qty,
      price: effectivePrice(product),
      title: product.title,
      image: product.featured_image,
      selectedSize: size.value,
      selectedColor: color.value,
    });
    navigate('/cart');
  };

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
        <span className={styles.stock}>In Stock</span>
      </div>
      {product.short_description && <p className={styles.lead}>{product.short_description}</p>}
      <div className={styles.pickers}>
        <OptionPicker {...size.picker} />
        <OptionPicker {...color.picker} swatches />
      </div>
      <div className={styles.buy}>
        <QuantityStepper
          value={qtyText}
          fallback={qty}
          size="large"
          labels={PRODUCT_QTY_LABELS}
          onChange={(text) => {
            setQtyText(text);
            const n = Number.parseInt(text, 10);
            if (Number.isFinite(n) && n >= 1) setQty(n);
          }}
        />
        <Button variant="accent" className={styles.add} onClick={add}>
          Add to Cart
        </Button>
      </div>
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

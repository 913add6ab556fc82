import { useState } from 'react';
import { useNavigate } from 'react-router';
import { effectivePrice } from '#contract/rules/money';
import { LOW_STOCK, stockLevel, unitsLeft } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { Button } from '#web/components/button';
import { QuantityStepper } from '#web/components/quantity-stepper';
import { WishlistButton } from '#web/components/wishlist-button';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { addToCartAtom, cartLinesAtom } from '#web/lib/session/cart-atoms';
import { roomLeft } from '../product-stock';
import { NotifyMe } from './notify-me';
import styles from './product-detail.module.css';

const PRODUCT_QTY_LABELS = {
  input: 'Quantity',
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
};

interface Props {
  product: Product;
  size: string;
  color: string;
  /** Shows why nothing can be added yet (a pick missing) and says whether both picks are made. */
  checkPicks: () => boolean;
}

/**
 * Quantity, Add to Cart and the stock of the chosen size and colour (issue 14). A sold-out combination (or
 * a product with nothing left at all) cannot be added: the button is disabled and reads Sold out, and Notify
 * me when it's back takes its place in the shopper's mind. The stepper stops at what is left, minus what the
 * cart already holds of it, so Add to Cart never puts more in the cart than the shop can send.
 */
export function BuyBox({ product, size, color, checkPicks }: Props) {
  const [qty, setQty] = useState(1);
  const [qtyText, setQtyText] = useState('1');
  const addToCart = useSetAtom(addToCartAtom);
  const cart = useAtomValue(cartLinesAtom);
  const navigate = useNavigate();

  const picked = size !== '' && color !== '';
  const left = picked ? unitsLeft(product, size, color) : undefined;
  const inCart =
    cart.find((l) => l.productId === product.id && l.selectedSize === size && l.selectedColor === color)
      ?.qty ?? 0;
  const room = roomLeft(left, inCart);
  const soldOut = left === 0 || stockLevel(product).kind === 'out';

  // A new choice with fewer units left brings the quantity down to them (React's adjust-on-change pattern).
  const [seenRoom, setSeenRoom] = useState(room);
  if (room !== seenRoom) {
    setSeenRoom(room);
    if (room !== undefined && room > 0 && qty > room) {
      setQty(room);
      setQtyText(String(room));
    }
  }

  const add = () => {
    if (!checkPicks() || soldOut || room === 0) return;
    addToCart({
      productId: product.id,
      qty: room === undefined ? qty : Math.min(qty, room),
      price: effectivePrice(product),
      title: product.title,
      image: product.featured_image,
      selectedSize: size,
      selectedColor: color,
    });
    navigate('/cart');
  };

  // The choice's own stock ("Only N left", "Sold out") is the badge beside the price; here only the cart's share.
  const cartNote = room !== undefined && inCart > 0 && room <= LOW_STOCK;
  return (
    <div className={styles.buyBox}>
      <div className={styles.buy}>
        <QuantityStepper
          value={soldOut ? '1' : qtyText}
          fallback={room ? Math.min(qty, room) : qty}
          max={room}
          disabled={soldOut || room === 0}
          size="large"
          labels={PRODUCT_QTY_LABELS}
          onChange={(text) => {
            setQtyText(text);
            const n = Number.parseInt(text, 10);
            if (Number.isFinite(n) && n >= 1) setQty(n);
          }}
        />
        <Button
          variant={soldOut ? 'secondary' : 'accent'}
          className={styles.add}
          onClick={add}
          disabled={soldOut || room === 0}
        >
          {soldOut ? 'Sold out' : 'Add to Cart'}
        </Button>
        <WishlistButton product={product} look="outline" />
      </div>
      {cartNote ? <p className={styles.stockNote}>{inCart} already in your cart</p> : null}
      {soldOut ? <NotifyMe productId={product.id} size={size} color={color} checkPicks={checkPicks} /> : null}
    </div>
  );
}

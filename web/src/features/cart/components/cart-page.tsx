import { useState } from 'react';
import { Link } from 'react-router';
import type { ShippingAddress } from '#contract/schemas/cart';
import { Button, buttonClass } from '#web/components/button';
import { PageMeta } from '#web/components/page-meta';
import { useAtom, useAtomValue, useSetAtom } from '#web/lib/jotai';
import {
  cartAtom,
  cartLinesAtom,
  cartShippingAtom,
  cartTotalAtom,
  removeLineAtom,
  updateCartAtom,
} from '#web/lib/session/cart-atoms';
import { useCountries } from '#web/lib/session/countries-atoms';
import { shippingAddressAtom } from '#web/lib/session/shipping-atoms';
import { useCartStock } from '../api/use-cart-stock';
import { lowerToLeft, shortNote } from '../stock-lines';
import { useCartDraft } from '../use-cart-draft';
import { useToast } from '../use-toast';
import { AddressPopup } from './address-popup';
import { CartTable } from './cart-table';
import { CartToast } from './cart-toast';
import { CartTotals } from './cart-totals';
import { StockNotice } from './stock-notice';
import page from '#web/styles/page.module.css';
import styles from './cart-page.module.css';

export const CART_UPDATED = 'Cart updated successfully ✅';
export const TOAST_MS = 3000;
export const CART_LOWERED = 'Quantities lowered to what is left';

/**
 * /cart: lines with local quantity edits, Update Cart, the totals box and the shipping estimate popup. Where
 * the products' stock is known, a line's stepper stops at what is left, and lines that ask for more say so
 * and can be lowered in one go (issue 14).
 */
export function CartPage() {
  const lines = useAtomValue(cartLinesAtom);
  const subtotal = useAtomValue(cartTotalAtom);
  const shipping = useAtomValue(cartShippingAtom);
  const [address, setAddress] = useAtom(shippingAddressAtom);
  const updateCart = useSetAtom(updateCartAtom);
  const removeLine = useSetAtom(removeLineAtom);
  const toast = useToast(TOAST_MS);
  const [popupOpen, setPopupOpen] = useState(false);
  const [cart, setCart] = useAtom(cartAtom);
  const leftOf = useCartStock(lines);
  const draft = useCartDraft(lines, leftOf);
  const short = lines.some((l) => shortNote(l.qty, leftOf(l)) !== null);
  // The country list is fetched once per session as the cart starts, so the popup opens ready.
  useCountries();

  const runUpdate = (city: string) => {
    updateCart({ quantities: draft.quantities, city });
    draft.reset();
    toast.show(CART_UPDATED);
  };

  const lowerLines = () => {
    setCart({ ...cart, lines: lowerToLeft(cart.lines, leftOf) });
    draft.reset();
    toast.show(CART_LOWERED);
  };

  const saveAddress = (next: ShippingAddress) => {
    setAddress(next);
    setPopupOpen(false);
    runUpdate(next.city);
  };

  return (
    <div className={`container ${page.page}`}>
      <PageMeta title="Cart" description="Review the items in your cart, estimate shipping and check out." />
      <h1 className={page.heading}>Shopping Cart</h1>
      {lines.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>Your cart is empty</p>
          <Link to="/products" className={buttonClass({ variant: 'primary' })}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.main}>
            {short ? <StockNotice onLower={lowerLines} /> : null}
            <CartTable
              lines={lines}
              valueOf={draft.valueOf}
              onEdit={draft.edit}
              onRemove={removeLine}
              leftOf={leftOf}
            />
            <div className={styles.actions}>
              <Link to="/products" className={buttonClass({ variant: 'ghost' })}>
                ← Continue Shopping
              </Link>
              <Button variant="primary" onClick={() => runUpdate(address.city)}>
                Update Cart
              </Button>
            </div>
          </div>
          <aside>
            <CartTotals
              subtotal={subtotal}
              shipping={shipping}
              address={address}
              onCalculateShipping={() => setPopupOpen(true)}
            />
          </aside>
        </div>
      )}
      <AddressPopup
        open={popupOpen}
        initial={address}
        onClose={() => setPopupOpen(false)}
        onSave={saveAddress}
      />
      <CartToast message={toast.message} />
    </div>
  );
}

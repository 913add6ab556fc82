import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { validateCheckout, type CheckoutErrors, type CheckoutForm } from '#contract/rules/validation';
import { buttonClass } from '#web/components/button';
import { PageMeta } from '#web/components/page-meta';
import { useAtom, useAtomValue, useSetAtom } from '#web/lib/jotai';
import { useNetworkStatus } from '#web/lib/network-status';
import { userAtom } from '#web/lib/session/auth-atoms';
import { cartAtom, cartLinesAtom, cartTotalAtom } from '#web/lib/session/cart-atoms';
import { shippingAddressAtom } from '#web/lib/session/shipping-atoms';
import { saveAddressToProfile } from '../api/orders-api';
import { addressOf, clearDraft, initialForm, saveDraft } from '../checkout-form';
import { lowerToAvailable } from '../stock-refusal';
import { usePlaceOrder } from '../use-place-order';
import { SIGN_IN_DETOUR, useSignInDetour } from '../use-sign-in-detour';
import { BillingForm, FIELD_ORDER } from './billing-form';
import { OrderSummary } from './order-summary';
import page from '#web/styles/page.module.css';
import styles from './checkout-page.module.css';

/** /checkout: billing form left, order summary right; Place Order validates, then signs in or places. */
export function CheckoutPage() {
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const [keepAddress, setKeepAddress] = useState(false);
  const address = useAtomValue(shippingAddressAtom);
  const lines = useAtomValue(cartLinesAtom);
  const subtotal = useAtomValue(cartTotalAtom);
  const signInAndReturn = useSignInDetour();
  const [form, setForm] = useState<CheckoutForm>(() => initialForm(address, user));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const { place, processing, forget, refusal, failed } = usePlaceOrder();
  const [cart, setCart] = useAtom(cartAtom);
  const [lowered, setLowered] = useState(false);
  const { offline } = useNetworkStatus();
  const formRef = useRef<HTMLFormElement>(null);

  // The draft saved before the login detour has been read into the form: drop it (idempotent under StrictMode).
  useEffect(() => clearDraft(), []);

  const change = (k: keyof CheckoutForm, value: string) => {
    setForm((f) => ({ ...f, [k]: value, ...(k === 'country' ? { province: '' } : {}) }));
    setErrors((e) => (k in e ? { ...e, [k]: undefined } : e));
    forget();
  };

  // The order was refused for stock: lower the lines to what is left, then Place Order is the next step.
  const lower = () => {
    if (!refusal) return;
    setCart({ ...cart, lines: lowerToAvailable(cart.lines, refusal) });
    setLowered(true);
    formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    setLowered(false);
    const found = validateCheckout(form);
    setErrors(found);
    const first = FIELD_ORDER.find((k) => k in found && found[k as keyof CheckoutErrors]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!user?.id) {
      signInAndReturn(form);
      return;
    }
    // Issue 27: kept beside the order, not before it; a failure here leaves the order alone.
    if (keepAddress) void saveAddressToProfile(addressOf(form)).then(setUser, () => undefined);
    void place(form);
  };

  return (
    <div className={`container ${page.page}`}>
      <PageMeta
        title="Checkout"
        description="Enter your billing and shipping details and place your cash on delivery order."
      />
      <h1 className={page.heading}>Checkout</h1>
      {lines.length === 0 ? (
        <div className={styles.empty}>
          <p>Your cart is empty</p>
          <Link to="/products" className={buttonClass({ variant: 'primary' })}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          {!user ? (
            <p className={styles.notice}>
              Returning customer?{' '}
              <Link to={SIGN_IN_DETOUR.to} state={SIGN_IN_DETOUR.state} onClick={() => saveDraft(form)}>
                Click here to login
              </Link>
            </p>
          ) : null}
          <form ref={formRef} className={styles.layout} onSubmit={submit} noValidate aria-busy={processing}>
            <BillingForm
              form={form}
              errors={errors}
              disabled={processing}
              onChange={change}
              saveAddress={user ? { checked: keepAddress, onChange: setKeepAddress } : undefined}
            />
            <OrderSummary
              lines={lines}
              subtotal={subtotal}
              city={form.city}
              processing={processing}
              offline={offline}
              refusal={refusal}
              onLower={lower}
              lowered={lowered}
              failed={failed}
            />
          </form>
        </>
      )}
    </div>
  );
}

import { readShipping } from '../shipping-details';
import styles from './order-page.module.css';

/** Where the order goes: the recipient, the address line, phone and e-mail, and any notes, as placed. */
export function OrderAddress({ shippingText }: { shippingText: string }) {
  const s = readShipping(shippingText);
  const lines = [s.name, s.order_address, s.phone, s.email].map((l) => l.trim()).filter(Boolean);
  const notes = s.notes.trim();
  return (
    <>
      {lines.length ? (
        <address className={styles.address}>
          {lines.map((l, i) => (
            <span key={i}>{l}</span>
          ))}
        </address>
      ) : (
        <p className={styles.quiet}>No address given</p>
      )}
      {notes ? <p className={styles.notes}>Notes: {notes}</p> : null}
    </>
  );
}

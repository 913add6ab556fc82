import { buttonClass } from '#web/components/button';
import { whatsappLink } from '../whatsapp';
import styles from './order-success-page.module.css';

/** The messaging-app link that arranges online payment for an order (spec: order-success screen). */
export function PayOnline({ orderId, className }: { orderId: number | string; className?: string }) {
  return (
    <div className={[styles.pay, className].filter(Boolean).join(' ')}>
      <p>Prefer to pay online? Message us and we'll send you the payment details.</p>
      <a
        className={`${buttonClass({ variant: 'accent' })} ${styles.whatsapp}`}
        href={whatsappLink(orderId)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Pay online via WhatsApp
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

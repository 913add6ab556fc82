import { Link } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { STORE } from '#web/lib/store-config';
import styles from './pages.module.css';

/** The privacy policy linked from checkout: what we collect for an order, why, and how long we keep it. */
export function PrivacyPolicyPage() {
  return (
    <article className={`container ${styles.prose}`}>
      <PageMeta
        title="Privacy Policy"
        description={`How ${STORE.name} collects, uses and protects your personal data.`}
        canonical="/privacy-policy"
      />
      <h1>Privacy Policy</h1>
      <p className={styles.lead}>
        {STORE.name} collects only what it needs to deliver your order and run your account. We never sell your data.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address, phone number and a scrambled (hashed) copy of your password.</li>
        <li>Order details: the items you buy, your shipping address, phone number, optional e-mail and order notes.</li>
        <li>
          Your cart and shipping address are kept in cookies on your own device (named <code>cart</code> and <code>shippingAddress</code>,
          for 7 days) so they survive a page reload. Your sign-in token is kept in your browser&apos;s local storage.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <ul>
        <li>To deliver your order and collect cash on delivery.</li>
        <li>To contact you about your order&apos;s shipping, by phone or messaging app.</li>
        <li>To show you your order history when you sign in.</li>
      </ul>
      <h2>Who sees it</h2>
      <p>
        Our staff and the courier who delivers your parcel see the name, phone number and address on the order. We use no advertising or
        tracking cookies and share nothing with advertisers.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Orders are kept as long as the law requires for accounting. You can ask us to delete your account at any time; cookies on your
        device expire after 7 days or when you clear them.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, ask us to correct it, or ask us to delete it. Write to{' '}
        <a href={`mailto:${STORE.email}`}>{STORE.email}</a> or visit us at {STORE.showroom}.
      </p>
      <p>
        <Link to="/products">Continue shopping</Link>
      </p>
    </article>
  );
}

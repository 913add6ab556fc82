import { Link } from 'react-router';
import { useCategories } from '#web/features/catalog/api/use-categories';
import { STORE } from '#web/lib/store-config';
import styles from './footer.module.css';

export const FOOTER_CATEGORIES = 4;

/** Footer: about text, social links, quick links (first 4 categories), contact details and card logos from the store config. */
export function Footer() {
  const { categories } = useCategories();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.brand}>
            {STORE.name}
          </h2>
          <p className={styles.about}>{STORE.about}</p>
          <ul className={styles.social} aria-label="Social media">
            {STORE.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" className={styles.socialLink}>
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Quick Links
          </h2>
          <ul className={styles.links}>
            {categories.slice(0, FOOTER_CATEGORIES).map((c) => (
              <li key={c.id}>
                <Link to={`/products?category=${encodeURIComponent(c.slug)}`}>{c.name}</Link>
              </li>
            ))}
            <li>
              <Link to="/products">All products</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <address className={styles.contact}>
            {STORE.phones.map((p) => (
              <a key={p} href={`tel:${p.replace(/[^\d+]/g, '')}`}>
                {p}
              </a>
            ))}
            <a href={`mailto:${STORE.email}`}>{STORE.email}</a>
            <span>{STORE.showroom}</span>
          </address>
        </section>
        <section aria-labelledby="footer-pay">
          <h2 id="footer-pay" className={styles.heading}>
            We accept
          </h2>
          <ul className={styles.cards}>
            {STORE.cards.map((c) => (
              <li key={c} className={styles.card}>
                {c}
              </li>
            ))}
          </ul>
          <p className={styles.note}>Cash on delivery on every order.</p>
        </section>
      </div>
      <div className={styles.bottom}>
        <div className="container">
          © {year} {STORE.name}. All rights reserved. <span data-app-version>Version {__APP_VERSION__}</span>
        </div>
      </div>
    </footer>
  );
}

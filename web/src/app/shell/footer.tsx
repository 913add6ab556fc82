import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCategories } from '#web/features/catalog/api/use-categories';
import { STORE } from '#web/lib/store-config';
import styles from './footer.module.css';

export const FOOTER_CATEGORIES = 4;

/** A footer column, named by its heading. */
function FooterSection({
  id,
  title,
  headingClass = styles.heading,
  children,
}: {
  id: string;
  title: string;
  headingClass?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Footer: about text, social links, quick links (first 4 categories), contact details and card logos from the store config. */
export function Footer() {
  const { categories } = useCategories();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <FooterSection id="footer-about" title={STORE.name} headingClass={styles.brand}>
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
        </FooterSection>
        <FooterSection id="footer-links" title="Quick Links">
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
        </FooterSection>
        <FooterSection id="footer-contact" title="Contact">
          <address className={styles.contact}>
            {STORE.phones.map((p) => (
              <a key={p} href={`tel:${p.replace(/[^\d+]/g, '')}`}>
                {p}
              </a>
            ))}
            <a href={`mailto:${STORE.email}`}>{STORE.email}</a>
            <span>{STORE.showroom}</span>
          </address>
        </FooterSection>
        <FooterSection id="footer-pay" title="We accept">
          <ul className={styles.cards}>
            {STORE.cards.map((c) => (
              <li key={c} className={styles.card}>
                {c}
              </li>
            ))}
          </ul>
          <p className={styles.note}>Cash on delivery on every order.</p>
        </FooterSection>
      </div>
      <div className={styles.bottom}>
        <div className="container">
          © {year} {STORE.name}. All rights reserved. <span data-app-version>Version {__APP_VERSION__}</span>
        </div>
      </div>
    </footer>
  );
}

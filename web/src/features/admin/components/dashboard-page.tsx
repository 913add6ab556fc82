import { money } from '#web/lib/store-config';
import { useSalesReport } from '../api/sales-report';
import { CartIcon, DollarIcon, TrophyIcon } from './icons';
import { PageMeta } from '#web/components/page-meta';
import ui from './admin-ui.module.css';
import styles from './dashboard-page.module.css';

/** /admin: sales totals and the best sellers in the order the server ranks them. */
export function DashboardPage() {
  const { report, loading } = useSalesReport();

  return (
    <section aria-labelledby="dashboard-title">
      <PageMeta title="Admin Dashboard" description="Sales totals and best sellers of the store." />
      <header className={ui.pageHeader}>
        <div>
          <h1 id="dashboard-title" className={ui.pageTitle}>
            Admin Dashboard
          </h1>
          <p className={ui.pageSubtitle}>Overview of your store performance.</p>
        </div>
      </header>

      {loading ? (
        <p role="status" className={ui.center}>
          Loading dashboard data...
        </p>
      ) : (
        <>
          <div className={styles.cards}>
            <article className={`${ui.card} ${styles.stat}`} aria-labelledby="total-sales">
              <div className={styles.statTop}>
                <span className={`${styles.statIcon} ${styles.sales}`}>
                  <DollarIcon />
                </span>
                <span className={`${styles.tag} ${styles.tagActive}`}>Active</span>
              </div>
              <h2 id="total-sales" className={styles.statLabel}>
                Total Sales
              </h2>
              <p className={styles.statValue}>{money(report.stats.total_sales)}</p>
            </article>
            <article className={`${ui.card} ${styles.stat}`} aria-labelledby="total-orders">
              <div className={styles.statTop}>
                <span className={`${styles.statIcon} ${styles.orders}`}>
                  <CartIcon />
                </span>
                <span className={`${styles.tag} ${styles.tagGrowing}`}>Growing</span>
              </div>
              <h2 id="total-orders" className={styles.statLabel}>
                Total Orders
              </h2>
              <p className={styles.statValue}>{report.stats.orders_count.toLocaleString()}</p>
            </article>
          </div>

          <section className={`${ui.card} ${styles.top}`} aria-labelledby="top-products">
            <h2 id="top-products" className={styles.topTitle}>
              <TrophyIcon /> Top Products
            </h2>
            {report.best_selling.length === 0 ? (
              <p className={ui.muted}>No sales data available yet.</p>
            ) : (
              <ol className={styles.topList}>
                {report.best_selling.map((p, i) => (
                  <li key={p.product_id} className={styles.topItem}>
                    <span className={styles.rank}>{i + 1}</span>
                    <span className={styles.topText}>
                      <span className={styles.rankLabel}>#{i + 1} Best Seller</span>
                      <span className={styles.topName}>{p.product_title}</span>
                    </span>
                    <span className={styles.sold}>{p.total_qty.toLocaleString()} sold</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </section>
  );
}

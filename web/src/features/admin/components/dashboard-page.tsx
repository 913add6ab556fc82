import { money } from '#web/lib/store-config';
import { useSalesReport } from '../api/sales-report';
import { CartIcon, DollarIcon, TrophyIcon } from './icons';
import { AdminPage } from './admin-page';
import { SalesRangeSection } from './sales-range-section';
import ui from './admin-ui.module.css';
import styles from './dashboard-page.module.css';

/** The two stat cards: heading, icon and its tint, and the tag beside it. */
const STATS = {
  sales: {
    label: 'Total Sales',
    Icon: DollarIcon,
    tint: styles.sales,
    tag: 'Active',
    tagTint: styles.tagActive,
  },
  orders: {
    label: 'Total Orders',
    Icon: CartIcon,
    tint: styles.orders,
    tag: 'Growing',
    tagTint: styles.tagGrowing,
  },
};

/** A stat card, named by its heading (id total-sales, total-orders). */
function StatCard({ kind, value }: { kind: keyof typeof STATS; value: string }) {
  const { label, Icon, tint, tag, tagTint } = STATS[kind];
  return (
    <article className={`${ui.card} ${styles.stat}`} aria-labelledby={`total-${kind}`}>
      <div className={styles.statTop}>
        <span className={`${styles.statIcon} ${tint}`}>
          <Icon />
        </span>
        <span className={`${styles.tag} ${tagTint}`}>{tag}</span>
      </div>
      <h2 id={`total-${kind}`} className={styles.statLabel}>
        {label}
      </h2>
      <p className={styles.statValue}>{value}</p>
    </article>
  );
}

/**
 * /admin: sales totals and the best sellers in the order the server ranks them, then sales over a range
 * of days (issue 15). The range section asks for its own figures at once, beside the spec's report.
 */
export function DashboardPage() {
  const { report, loading } = useSalesReport();

  return (
    <AdminPage page="dashboard" subtitle="Overview of your store performance.">
      {loading ? (
        <p role="status" className={ui.center}>
          Loading dashboard data...
        </p>
      ) : (
        <>
          <div className={styles.cards}>
            <StatCard kind="sales" value={money(report.stats.total_sales)} />
            <StatCard kind="orders" value={report.stats.orders_count.toLocaleString()} />
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
      <SalesRangeSection />
    </AdminPage>
  );
}

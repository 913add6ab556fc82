import type { ComponentType } from 'react';
import { useState } from 'react';
import type { Order, OrderStatus } from '#contract/schemas/order';
import { Pagination } from '#web/components/pagination';
import { Spinner } from '#web/components/spinner';
import type { OrdersFilter } from '../api/admin-orders';
import { ORDERS_PAGE_SIZE, useAdminOrders } from '../api/admin-orders';
import { ClockIcon, ReceiptIcon } from './icons';
import { OrderCard } from './order-card';
import { OrderDetailsModal } from './order-details-modal';
import { OrdersToolbar } from './orders-toolbar';
import { LoadFailed } from './load-failed';
import { PackingSlip } from './packing-slip';
import { AdminPage } from './admin-page';
import ui from './admin-ui.module.css';
import styles from './orders-page.module.css';

interface StatProps {
  label: string;
  value: number;
  tint?: string;
  Icon: ComponentType;
}

/** A stat box: the shop's count, whatever page or filter is shown. */
function Stat({ label, value, tint = '', Icon }: StatProps) {
  return (
    <p className={`${styles.stat} ${tint}`}>
      <Icon />
      <span>
        <span className={styles.statLabel}>{label}</span>
        <strong className={styles.statValue}>{value.toLocaleString()}</strong>
      </span>
    </p>
  );
}

/**
 * /admin/orders: the shop's counts, one card per order of the page (20 a page, newest first, paged by
 * the server), status changes in place and the details modal.
 */
export function OrdersPage() {
  const [filter, setFilter] = useState<OrdersFilter>({ page: 1, status: '', q: '' });
  const { items, total, counts, loading, failed, reload, updated } = useAdminOrders(filter);
  const [viewing, setViewing] = useState<Order | null>(null);
  const [slip, setSlip] = useState<Order | null>(null);
  const pages = Math.ceil(total / ORDERS_PAGE_SIZE);
  const filtered = filter.status !== '' || filter.q !== '';

  function onUpdated(order: Order) {
    updated(order);
    setViewing((v) => (v?.id === order.id ? order : v));
  }

  return (
    <AdminPage
      page="orders"
      subtitle="Follow every order from placement to delivery."
      aside={
        <div className={styles.stats}>
          <Stat label="Total Orders" value={counts.all} Icon={ReceiptIcon} />
          <Stat label="Pending" value={counts.pending} tint={styles.statPending} Icon={ClockIcon} />
        </div>
      }
    >
      <OrdersToolbar
        status={filter.status}
        q={filter.q}
        onStatus={(status: OrderStatus | '') => setFilter((f) => ({ ...f, status, page: 1 }))}
        onSearch={(q) => setFilter((f) => ({ ...f, q, page: 1 }))}
      />
      {failed ? (
        <LoadFailed what="the orders" onRetry={reload} />
      ) : loading && items.length === 0 ? (
        <Spinner label="Loading orders..." />
      ) : items.length === 0 ? (
        <p className={`${ui.card} ${ui.center}`}>{filtered ? 'No orders found' : 'No orders yet.'}</p>
      ) : (
        <ul className={styles.list} aria-busy={loading}>
          {items.map((o) => (
            <OrderCard key={o.id} order={o} onView={setViewing} onSlip={setSlip} onUpdated={onUpdated} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Pagination
          page={filter.page}
          totalPages={pages}
          onChange={(page) => setFilter((f) => ({ ...f, page }))}
          label="Orders pages"
        />
      )}

      {viewing && <OrderDetailsModal order={viewing} onClose={() => setViewing(null)} />}
      {slip && <PackingSlip order={slip} onClose={() => setSlip(null)} />}
    </AdminPage>
  );
}

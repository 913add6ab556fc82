import type { Order } from '#contract/schemas/order';
import { Modal } from '#web/components/modal';
import { Spinner } from '#web/components/spinner';
import { money, STORE } from '#web/lib/store-config';
import { useOrderItems } from '../api/admin-orders';
import { LoadFailed } from './load-failed';
import { Fact, NA, ShipToFacts } from './ship-to';
import ui from './admin-ui.module.css';
import styles from './packing-slip.module.css';

const SHIP_TO = { name: 'Name', phone: 'Phone', address: 'Address', notes: 'Notes' };

/**
 * An order's packing slip (issue 27): the shop, the order and its date, who it goes to (name, phone,
 * address from the order's shipping JSON), the lines with size, color and quantity, and the amount to
 * collect. Print prints only the slip, black on white (the print rules in packing-slip.module.css).
 */
export function PackingSlip({ order, onClose }: { order: Order; onClose: () => void }) {
  const { items, loading, failed, reload } = useOrderItems(order.id);
  const cod = order.payment_method.toLowerCase() === 'cod';

  return (
    <Modal
      open
      size="lg"
      title={`Packing slip, order #${order.id}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={ui.secondary} onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className={ui.primary}
            onClick={() => window.print()}
            disabled={loading || failed}
          >
            Print
          </button>
        </>
      }
    >
      <article className={styles.slip} aria-label={`Packing slip of order #${order.id}`}>
        <header className={styles.top}>
          <div>
            <p className={styles.shop}>{STORE.name}</p>
            <p className={styles.kind}>Packing slip</p>
          </div>
          <dl className={styles.facts}>
            <Fact label="Order">#{order.id}</Fact>
            <Fact label="Date">{new Date(order.created_at).toLocaleDateString()}</Fact>
          </dl>
        </header>

        <section aria-labelledby="slip-ship-to" className={styles.section}>
          <h3 id="slip-ship-to" className={styles.heading}>
            Ship to
          </h3>
          <dl className={styles.address}>
            <ShipToFacts order={order} labels={SHIP_TO} fallbackName={order.name.trim()} />
          </dl>
        </section>

        <section aria-labelledby="slip-items" className={styles.section}>
          <h3 id="slip-items" className={styles.heading}>
            Items
          </h3>
          {failed ? (
            <LoadFailed what="the order's items" onRetry={reload} card={false} />
          ) : loading ? (
            <Spinner label="Loading items..." />
          ) : (
            <table className={styles.lines}>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Size</th>
                  <th scope="col">Color</th>
                  <th scope="col" className={styles.qty}>
                    Qty
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id}>
                    <td>{item.product_title}</td>
                    <td>{item.size || NA}</td>
                    <td>{item.color || NA}</td>
                    <td className={styles.qty}>{item.qty}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <p className={styles.total}>
          <span>{cod ? 'Cash on delivery total' : `Total (${order.payment_method.toUpperCase()})`}</span>
          <strong>{money(order.total)}</strong>
        </p>
      </article>
    </Modal>
  );
}

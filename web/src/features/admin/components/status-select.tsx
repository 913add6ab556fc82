import { useState } from 'react';
import { ORDER_STATUSES, orderStatusSchema, type Order } from '#contract/schemas/order';
import { SelectField } from '#web/components/form-field';
import { Notice } from '#web/components/notice';
import { showToast } from '#web/components/toast';
import { updateOrderStatus } from '../api/admin-orders';
import { OrderStatusOptions } from './order-status-options';
import ui from './admin-ui.module.css';
import styles from './status-select.module.css';

interface StatusSelectProps {
  order: Order;
  onUpdated: (order: Order) => void;
}

/**
 * Any status may be chosen from any other; the select is locked while the change is saved. Status updated is a
 * toast; Error updating status stays under the select until the next change (issue 27: never window.alert).
 */
export function StatusSelect({ order, onUpdated }: StatusSelectProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const known = (ORDER_STATUSES as readonly string[]).includes(order.status);

  async function change(value: string) {
    const status = orderStatusSchema.safeParse(value);
    if (!status.success || value === order.status) return;
    setBusy(true);
    setFailed(false);
    try {
      const updated = await updateOrderStatus(order.id, status.data);
      onUpdated(updated);
      showToast('Status updated');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const id = `order-status-${order.id}`;
  return (
    <>
      <SelectField
        id={id}
        label="Update status"
        classes={{ field: styles.field, label: ui.label, control: `${ui.input} ${styles.select}` }}
        aria-label={`Update status of order #${order.id}`}
        value={order.status}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
      >
        {/* A status from outside the list stays visible rather than being silently shown as another. */}
        {!known && (
          <option value={order.status} disabled>
            {order.status}
          </option>
        )}
        <OrderStatusOptions />
      </SelectField>
      {failed ? <Notice className={styles.error}>Error updating status</Notice> : null}
    </>
  );
}

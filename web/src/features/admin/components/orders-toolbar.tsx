import type { OrderStatus } from '#contract/schemas/order';
import { orderStatusSchema } from '#contract/schemas/order';
import { SelectField } from '#web/components/form-field';
import ui from './admin-ui.module.css';
import styles from './orders-page.module.css';
import csv from './csv-actions.module.css';
import { AdminSearch } from './admin-search';
import { CsvExportButton } from './csv-export-button';
import { OrderStatusOptions } from './order-status-options';

interface Props {
  status: OrderStatus | '';
  q: string;
  onStatus: (status: OrderStatus | '') => void;
  onSearch: (q: string) => void;
}

/**
 * The orders screen's filters (not in the spec, which lists every order on one screen; with thousands
 * of orders the admin needs to find one): a status filter, and a search by customer name, e-mail or
 * order id that runs on submit, so typing sends nothing until the admin asks. Export CSV (issue 15) downloads
 * every order line, whatever the filter shows: the file is for the books, not for this screen's view.
 */
export function OrdersToolbar({ status, q, onStatus, onSearch }: Props) {
  return (
    <div className={styles.toolbar}>
      <AdminSearch name="Orders" placeholder="Name, e-mail or order #" q={q} onSearch={onSearch} />
      <div className={csv.toolbarEnd}>
        <SelectField
          id="orders-status"
          label="Status"
          classes={{ field: styles.filter, label: ui.label, control: `${ui.input} ${styles.statusFilter}` }}
          value={status}
          onChange={(e) => {
            const picked = orderStatusSchema.safeParse(e.target.value);
            onStatus(picked.success ? picked.data : '');
          }}
        >
          <option value="">All statuses</option>
          <OrderStatusOptions />
        </SelectField>
        <CsvExportButton name="exportOrders" />
      </div>
    </div>
  );
}

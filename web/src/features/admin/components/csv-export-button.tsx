import { useState } from 'react';
import { LineIcon } from '#web/components/icons';
import { Notice } from '#web/components/notice';
import { ApiError } from '#web/lib/api-client';
import { downloadCsv } from '../api/csv';
import ui from './admin-ui.module.css';

interface Props {
  /** Which file: products.csv or orders.csv (all orders: the orders screen has no date range). */
  name: 'exportProducts' | 'exportOrders';
}

/** Issue 15: Export CSV on the products and orders screens; a failure shows under it (issue 27). */
export function CsvExportButton({ name }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setFailure(null);
    try {
      await downloadCsv(name);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'Error exporting the CSV file. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={ui.secondary} disabled={busy} onClick={() => void run()}>
        <LineIcon size={18} strokeWidth={2}>
          <path d="M12 4v11M7 10l5 5 5-5M4 20h16" />
        </LineIcon>
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {failure ? <Notice className={ui.footerNotice}>{failure}</Notice> : null}
    </>
  );
}

import type { ImportError, ImportResult } from '#contract/schemas/csv';
import type { SalesReportQuery } from '#contract/schemas/report';
import { api, ApiError, loadApiSchemas } from '#web/lib/api-client';

/**
 * Spreadsheets out and in (issue 15). The exports need the admin's bearer token, so they cannot be plain
 * links: the file comes through the API client as text and is saved from a Blob. The import sends the
 * chosen file's text as text/csv, first as a dry run (nothing changes) and then for real.
 */
type ExportName = 'exportProducts' | 'exportOrders';

/** Hands text to the browser as a downloaded file, through a temporary object URL and <a download>. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads products.csv or orders.csv (the name is the contract's); orders within [from, to] when given. */
export async function downloadCsv(
  name: ExportName,
  range?: Pick<SalesReportQuery, 'from' | 'to'>,
): Promise<void> {
  const query = range?.from && range.to ? { from: range.from, to: range.to } : {};
  const [text, { endpoints }] = await Promise.all([api(name, { query }), loadApiSchemas()]);
  saveTextFile(text, endpoints[name].download);
}

export function previewImport(csv: string, signal?: AbortSignal): Promise<ImportResult> {
  return api('importProducts', { query: { dry_run: '1' }, body: csv, signal });
}

export function runImport(csv: string): Promise<ImportResult> {
  return api('importProducts', { body: csv });
}

/** The largest file the server reads (the contract's body limit), for a check before the file is read. */
export async function importSizeLimit(): Promise<number> {
  return (await loadApiSchemas()).endpoints.importProducts.bodyLimit;
}

/** What went wrong with an import, as the dialog shows it: the file's row errors, or one clear sentence. */
export type ImportFailure = { kind: 'rows'; errors: ImportError[] } | { kind: 'message'; message: string };

export function importFailure(error: unknown): ImportFailure {
  if (error instanceof ApiError) {
    if (error.body?.errors?.length) return { kind: 'rows', errors: error.body.errors };
    const message =
      error.status === 413
        ? 'This file is too large to import. Split it into smaller files and try again.'
        : error.status === 415
          ? 'The server did not accept this file as CSV. Choose a .csv file saved as UTF-8 text.'
          : error.status === 429
            ? 'Too many imports in a short time. Wait a minute and try again.'
            : error.status === 401 || error.status === 403
              ? 'Your session has ended. Sign in again as an administrator.'
              : (error.serverMessage ?? `The import failed (error ${error.status}). Please try again.`);
    return { kind: 'message', message };
  }
  if (error instanceof TypeError) {
    return { kind: 'message', message: 'Could not reach the server. Check your connection and try again.' };
  }
  return {
    kind: 'message',
    message: 'The server sent an answer this screen does not understand. Please try again.',
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { resetMockStore } from '#mock-api/mock-store';
import { api } from '#web/lib/api-client';
import { adminTestStore } from '#web/test/admin-data';
import { renderAsAdmin } from '#web/test/admin-kit';
import { recordRequests } from '#web/test/requests';
import { ProductsPage } from './products-page';
import { textsOf } from '#web/test/texts';

const IMPORT = '*/api/admin/import/products';

async function openImport(options: Parameters<typeof userEvent.setup>[0] = {}) {
  await resetMockStore(adminTestStore());
  const user = userEvent.setup(options);
  await renderAsAdmin(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Import products' }));
  const dialog = screen.getByRole('dialog', { name: 'Import products' });
  return { user, dialog: within(dialog), panel: dialog };
}

const csvFile = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });
const importButton = () => screen.getByRole('button', { name: 'Import' });

/** The products export as the mock server writes it, one line per row (the header is row 1). */
async function exportedLines(): Promise<string[]> {
  return (await api('exportProducts'))
    .replace(/^\uFEFF/, '')
    .replace(/\r?\n$/, '')
    .split(/\r?\n/);
}

afterEach(() => server.events.removeAllListeners());

describe('Import products dialog: with the mock server', () => {
  it('an exported file imports unchanged: nothing to do, Import disabled', async () => {
    const { user, dialog } = await openImport();
    const lines = await exportedLines();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile(lines.join('\n')));
    expect(await dialog.findByText(/0 to create, 0 to update, 5 unchanged/)).toBeInTheDocument();
    expect(dialog.getByText(/Nothing to import/)).toBeInTheDocument();
    expect(importButton()).toBeDisabled();
  });

  it("shows a bad row's error from the dry run (row, column, message) and keeps Import disabled", async () => {
    const { user, dialog } = await openImport();
    const lines = await exportedLines();
    const at = lines.findIndex((l) => l.includes('Rain Jacket'));
    lines[at] = lines[at]!.replace('Jackets', 'Hats');
    await user.upload(dialog.getByLabelText('CSV file'), csvFile(lines.join('\n')));

    const problems = await dialog.findByRole('region', { name: 'Problems in the file' });
    const rows = within(problems).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('RowColumnMessage');
    const cells = textsOf(rows[1]!, 'cell');
    expect(cells[0]).toBe(String(at + 1));
    expect(cells[1]).toBe('categories');
    expect(cells[2]).toMatch(/Hats/);
    expect(dialog.getByText(/It has 1 problem, nothing was changed/)).toBeInTheDocument();
    expect(importButton()).toBeDisabled();
  });

  it('previews the counts of a good file, imports it and refreshes the products list', async () => {
    const { user, dialog, panel } = await openImport();
    const lines = await exportedLines();
    const at = lines.findIndex((l) => l.includes('Rain Jacket'));
    const jacket = lines[at]!;
    lines[at] = jacket.replaceAll('Rain Jacket', 'Storm Jacket');
    // The same product again without its id (and with its own SKU) is a new one.
    lines.push(
      jacket
        .replace(/^[^,]*,/, ',')
        .replaceAll('Rain Jacket', 'Trail Shell')
        .replace('TL-3', 'TL-9'),
    );
    await user.upload(dialog.getByLabelText('CSV file'), csvFile(lines.join('\n')));

    expect(await dialog.findByText(/1 to create, 1 to update, 4 unchanged/)).toBeInTheDocument();
    expect(dialog.queryByRole('region', { name: 'Problems in the file' })).not.toBeInTheDocument();
    expect(importButton()).toBeEnabled();
    // The dry run changed nothing.
    expect(screen.queryByText('Storm Jacket')).not.toBeInTheDocument();

    await user.click(importButton());
    expect(
      await dialog.findByText('Import finished: 1 created, 1 updated, 4 unchanged.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Trail Shell' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Import products dialog: its own behaviour', () => {
  it('opens with focus on the file field, closes by Escape and by Cancel, focus back on its button', async () => {
    const { user, dialog } = await openImport();
    expect(dialog.getByLabelText('CSV file')).toHaveFocus();
    expect(importButton()).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Import products' });
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs the dry run with the file as text/csv and offers Import for a clean plan', async () => {
    const seen: { url: string; type: string | null; body: string }[] = [];
    server.use(
      http.post(IMPORT, async ({ request }) => {
        seen.push({
          url: request.url,
          type: request.headers.get('content-type'),
          body: await request.text(),
        });
        return HttpResponse.json({ created: 2, updated: 1, unchanged: 3, errors: [] });
      }),
    );
    const { user, dialog } = await openImport();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile('id,title\n,Tee\n'));
    expect(await dialog.findByText(/2 to create, 1 to update, 3 unchanged/)).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).searchParams.get('dry_run')).toBe('1');
    expect(seen[0]).toMatchObject({ type: 'text/csv', body: 'id,title\n,Tee\n' });
    expect(importButton()).toBeEnabled();

    await user.click(importButton());
    expect(
      await dialog.findByText('Import finished: 2 created, 1 updated, 3 unchanged.'),
    ).toBeInTheDocument();
    expect(new URL(seen[1]!.url).searchParams.has('dry_run')).toBe(false);
  });

  it("shows the rows of an import the server refused, and the dry run's errors with Import disabled", async () => {
    let dry = true;
    server.use(
      http.post(IMPORT, () => {
        if (dry) {
          dry = false;
          return HttpResponse.json({ created: 1, updated: 0, unchanged: 0, errors: [] });
        }
        return HttpResponse.json(
          {
            message: 'The file has errors',
            code: 'validation_failed',
            errors: [{ row: 4, column: null, message: 'Duplicate SKU TL-1' }],
          },
          { status: 400 },
        );
      }),
    );
    const { user, dialog } = await openImport();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile('id,title\n'));
    await dialog.findByText(/1 to create/);
    await user.click(importButton());
    const problems = await dialog.findByRole('region', { name: 'Problems in the file' });
    expect(textsOf(problems, 'cell')).toEqual(['4', '—', 'Duplicate SKU TL-1']);
    expect(dialog.getByText(/The server refused the import/)).toBeInTheDocument();
    expect(importButton()).toBeDisabled();
  });

  it.each([
    [413, 'payload_too_large', /too large to import/],
    [415, 'unsupported_media_type', /did not accept this file as CSV/],
    [429, 'too_many_requests', /Too many imports/],
  ])('a %i answer is a clear message in the dialog', async (status, code, message) => {
    server.use(http.post(IMPORT, () => HttpResponse.json({ message: 'no', code }, { status })));
    const { user, dialog } = await openImport();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile('id,title\n'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(importButton()).toBeDisabled();
  });

  it('a network failure is a clear message in the dialog', async () => {
    server.use(http.post(IMPORT, () => HttpResponse.error()));
    const { user, dialog } = await openImport();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile('id,title\n'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/Could not reach the server/);
  });

  it('refuses a file that is not CSV without sending it', async () => {
    // As a browser does when the admin picks "All files" in the file chooser.
    const { user, dialog } = await openImport({ applyAccept: false });
    const requests = recordRequests();
    await user.upload(dialog.getByLabelText('CSV file'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a CSV file (a name ending in .csv).');
    await waitFor(() => expect(requests.filter((r) => r.includes('/import/'))).toEqual([]));
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, it, vi } from 'vitest';
import { server } from '#mock-api/node';
import type { MailList } from '#contract/schemas/mail';
import { mailSummary } from '#web/test/mail-kit';
import { DemoBar } from './demo-bar';

const noToken = () => Promise.reject(new Error('not used'));

it('is one labelled toggle button: it switches the demo network and shows the state in aria-pressed', async () => {
  const setOffline = vi.fn();
  render(<DemoBar network={{ isOffline: () => false, setOffline }} adminToken={noToken} />);
  const strip = screen.getByRole('complementary', { name: 'Demo controls' });
  expect(strip).toHaveTextContent('Demo store');
  const button = screen.getByRole('button', { name: 'Offline mode' });
  expect(button).toHaveAttribute('aria-pressed', 'false');

  const user = userEvent.setup();
  await user.click(button);
  expect(setOffline).toHaveBeenLastCalledWith(true);
  expect(button).toHaveAttribute('aria-pressed', 'true');
  button.focus();
  await user.keyboard('{Enter}');
  expect(setOffline).toHaveBeenLastCalledWith(false);
  expect(button).toHaveAttribute('aria-pressed', 'false');
});

it("opens the demo's mailbox in a dialog, read with the demo admin's token, and gives focus back on close", async () => {
  const auth: Array<string | null> = [];
  server.use(
    http.get('*/api/admin/mail', ({ request }) => {
      auth.push(request.headers.get('authorization'));
      return HttpResponse.json({
        items: [mailSummary()],
        total: 1,
        delivering: false,
      } satisfies MailList);
    }),
  );
  localStorage.setItem('token', 'the-shoppers-own-token');
  render(
    <DemoBar
      network={{ isOffline: () => false, setOffline: vi.fn() }}
      adminToken={() => Promise.resolve('admin-t')}
    />,
  );
  const user = userEvent.setup();
  const open = screen.getByRole('button', { name: 'Mailbox' });
  await user.click(open);

  const dialog = await screen.findByRole('dialog', { name: 'Demo mailbox' });
  expect(
    await within(dialog).findByRole('button', { name: 'Your order #12 at Threadline' }),
  ).toBeInTheDocument();
  expect(within(dialog).getByText(/Nothing leaves this browser/)).toBeInTheDocument();
  // No SMTP_URL advice: the demo has no server to set it on.
  expect(within(dialog).queryByText('Mail is not being delivered')).not.toBeInTheDocument();
  expect(auth).toEqual(['Bearer admin-t']);
  // The shopper stays signed in: the admin's token is used for this call only.
  expect(localStorage.getItem('token')).toBe('the-shoppers-own-token');

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(open).toHaveFocus();
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import type { MailDetail, MailList, MailSummary } from '#contract/schemas/mail';
import { api } from '#web/lib/api-client';
import { renderAsAdmin } from '#web/test/admin-kit';
import { mailSummary } from '#web/test/mail-kit';
import { MailPage } from './mail-page';

const RESET_LINK = `http://localhost:4600/reset-password#token=${'cd'.repeat(32)}`;

const mail = mailSummary;

/** Answers the mailbox calls with these mails; returns the list queries and retried ids it saw. */
function serveMailbox(
  items: MailSummary[],
  delivering: boolean,
  bodies: Record<number, Partial<MailDetail>> = {},
) {
  const seen = { queries: [] as string[], retried: [] as number[] };
  server.use(
    http.get('*/api/admin/mail', ({ request }) => {
      const state = new URL(request.url).searchParams.get('state');
      seen.queries.push(new URL(request.url).search);
      const shown = state ? items.filter((m) => m.state === state) : items;
      return HttpResponse.json({ items: shown, total: shown.length, delivering } satisfies MailList);
    }),
    http.get('*/api/admin/mail/:id', ({ params }) => {
      const found = items.find((m) => m.id === Number(params.id))!;
      return HttpResponse.json({
        ...found,
        html: null,
        text: null,
        ...bodies[found.id],
      } satisfies MailDetail);
    }),
    http.post('*/api/admin/mail/:id/retry', ({ params }) => {
      const found = items.find((m) => m.id === Number(params.id))!;
      seen.retried.push(found.id);
      return HttpResponse.json({ ...found, state: 'queued', lastError: null } satisfies MailSummary);
    }),
  );
  return seen;
}

async function renderMailbox(route = '/admin/mail') {
  await renderAsAdmin(<MailPage />, { route });
  expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
  return userEvent.setup({ delay: null });
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'Mails' }))
    .getAllByRole('row')
    .slice(1);

describe('Admin mailbox', () => {
  it("lists the mock core's own mail: a new account's welcome, kept, with its HTML in the sandbox", async () => {
    await api('register', {
      body: { name: 'Ada Mailtest', email: 'ada.mail@example.com', phone: '05550100100', password: 'ada-pass-1' },
      token: null,
    });
    const user = await renderMailbox();
    const row = (await rows()).find((r) => r.textContent?.includes('ada.mail@example.com'));
    expect(row).toBeDefined();
    expect(within(row!).getByRole('cell', { name: 'Welcome' })).toBeInTheDocument();
    expect(within(row!).getByRole('cell', { name: 'Kept' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Mail is not being delivered' })).toBeInTheDocument();

    await user.click(within(row!).getByRole('button', { name: /^Welcome to / }));
    const dialog = await screen.findByRole('dialog', { name: /^Welcome to / });
    const frame = await within(dialog).findByTitle('The mail as HTML');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Ada Mailtest');
  });

  it('without SMTP says mail is not delivered and how to set SMTP_URL, and lists the kept mails', async () => {
    serveMailbox(
      [mail(), mail({ id: 2, kind: 'welcome', subject: 'Welcome to Threadline', account: true })],
      false,
    );
    await renderMailbox();
    const [first, second] = await rows();
    const banner = screen.getByRole('complementary', { name: 'Mail is not being delivered' });
    expect(banner).toHaveTextContent('SMTP_URL');
    expect(banner).toHaveTextContent('smtp://user:password@smtp.example.com:587');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'shopper@threadline.example',
      'Your order #12 at Threadline',
      'Order confirmation',
      'Kept',
      '0',
      '-',
      '-',
    ]);
    expect(
      within(first!)
        .getByRole('cell', { name: /2026|Nov/ })
        .querySelector('time'),
    ).toHaveAttribute('dateTime', '2026-11-27T04:00:00.000Z');
    expect(within(second!).getByRole('cell', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('shows a mail as HTML in an empty sandbox (no scripts, no origin) and as text, with its links', async () => {
    const html = '<p>Hello</p><script>parent.document.title = "owned"</script>';
    const text = `Choose a new password here:\n${RESET_LINK}\nThe link works once, for 30 minutes.`;
    serveMailbox(
      [mail({ id: 7, kind: 'password-reset', subject: 'Reset your password', account: true })],
      false,
      {
        7: { html, text },
      },
    );
    const user = await renderMailbox();
    await user.click(await screen.findByRole('button', { name: 'Reset your password' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const frame = await within(dialog).findByTitle('The mail as HTML');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', html);
    expect(within(dialog).getByText(/Choose a new password here:/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: RESET_LINK })).toHaveAttribute('href', RESET_LINK);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reset your password' })).toHaveFocus();
  });

  it('with SMTP is a delivery log: no banner, Retry for a failed mail, and no body of an account mail', async () => {
    const failed = mail({ id: 3, state: 'failed', attempts: 1, lastError: '550 5.1.1 mailbox unavailable' });
    const reset = mail({
      id: 4,
      kind: 'password-reset',
      subject: 'Reset your password',
      state: 'sent',
      account: true,
    });
    const seen = serveMailbox([failed, reset], true);
    const user = await renderMailbox();
    await rows();
    expect(
      screen.queryByRole('complementary', { name: 'Mail is not being delivered' }),
    ).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    expect(screen.getByRole('cell', { name: '550 5.1.1 mailbox unavailable' })).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', {
        name: 'Retry “Your order #12 at Threadline” to shopper@threadline.example',
      }),
    );
    await waitFor(() => expect(seen.retried).toEqual([3]));
    const [retried] = await rows();
    await waitFor(() => expect(within(retried!).getByRole('cell', { name: 'Queued' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset your password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(await within(dialog).findByText(/is not shown while mail is being delivered/)).toBeInTheDocument();
    expect(within(dialog).queryByTitle('The mail as HTML')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('filters by state through the URL and the query', async () => {
    const seen = serveMailbox([mail(), mail({ id: 5, state: 'failed', subject: 'Bounced' })], true);
    const user = await renderMailbox();
    expect(await rows()).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Failed');
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/mail?state=failed');
    expect(seen.queries.at(-1)).toBe('?page=1&limit=20&state=failed');
  });
});

import type { MailSummary } from '#contract/schemas/mail';

/** A mailbox row as the server lists it: an order confirmation kept (no SMTP), changed by `over`. */
export function mailSummary(over: Partial<MailSummary> = {}): MailSummary {
  return {
    id: 1,
    kind: 'order-confirmation',
    to: 'shopper@threadline.example',
    subject: 'Your order #12 at Threadline',
    state: 'kept',
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    createdAt: '2026-11-27T04:00:00.000Z',
    sentAt: null,
    account: false,
    ...over,
  };
}

/** The sender of a backend's outbox, over SMTP when SMTP_URL is set (index.ts starts it after boot). */
import type { Backend } from '#server/boot';
import type { ReadinessCheck } from '#server/ops/readiness';
import type { MailSetup } from './mail-config';
import type { MailSender, MailSenderOptions } from './sender';
import { startMailSender } from './sender';
import { createSmtpTransport } from './smtp-transport';

export function startMail(
  backend: Backend,
  setup: MailSetup,
  { onOutcome, logger }: Pick<MailSenderOptions, 'onOutcome' | 'logger'> = {},
): MailSender | undefined {
  const table = backend.core.deps.stores.mail;
  if (!table) return undefined;
  return startMailSender({
    table,
    transport: setup.smtpUrl ? createSmtpTransport(setup.smtpUrl) : undefined,
    from: setup.from,
    domain: setup.domain,
    onOutcome,
    logger,
  });
}

/** Readiness's view of the outbox (MailSender.trouble says what counts as refusing). */
export const mailOutboxCheck = (sender: MailSender): ReadinessCheck => ({
  name: 'mail outbox',
  check: () => Promise.resolve(sender.trouble()),
});

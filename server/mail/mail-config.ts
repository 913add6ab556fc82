/**
 * Mail settings from the environment (issue 26), parsed at boot like the rest of the env:
 *   SMTP_URL        smtp://user:pass@host:587 or smtps://…; unset: nothing is delivered, mails are kept
 *   MAIL_FROM       the sender; default: the store's name and e-mail (fixtures/store.json)
 *   ORDER_ALERTS_TO addresses (comma-separated) for the new-order alert; default: every administrator
 *   PUBLIC_URL      where links in mails point; default http://localhost:PORT (never the Host header)
 *   MAIL            `off` queues no mail at all (the bench's comparison); default on
 */
import { z } from 'zod';
import type { StoreConfig } from '#contract/schemas/store-config';
import type { MailSettings } from '#server/core/ports';
import { mailStoreOf } from '#server/core/mail/layout';

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const address = z.string().trim().email().max(200);

export const mailEnvSchema = z.object({
  MAIL: z.preprocess(blankIsUnset, z.enum(['on', 'off']).default('on')),
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://…')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankIsUnset,
    z
      .string()
      .max(300)
      // One line: a From header that cannot carry another header.
      .regex(/^[^\r\n]+$/, 'MAIL_FROM must be one line')
      .optional(),
  ),
  ORDER_ALERTS_TO: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(address).max(20))
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
});
export type MailEnv = z.output<typeof mailEnvSchema>;

export interface MailSetup {
  /** Undefined with MAIL=off: the core then queues nothing. */
  settings: MailSettings | undefined;
  smtpUrl: string | undefined;
  from: string;
  /** The host of PUBLIC_URL: the right-hand side of every Message-ID. */
  domain: string;
  /** PUBLIC_URL (or http://localhost:PORT): also where the rendered pages' absolute links point. */
  publicUrl: string;
  /** What the start says about mail (index.ts prints them; one place, so a logger can take them over). */
  notices: string[];
}

export function mailSetup(env: NodeJS.ProcessEnv, store: StoreConfig, port: number): MailSetup {
  const parsed = mailEnvSchema.parse(env);
  const notices: string[] = [];
  if (parsed.MAIL === 'off') notices.push('MAIL=off: no mail is queued or sent.');
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${port}`;
  if (!parsed.PUBLIC_URL)
    notices.push(
      `PUBLIC_URL is not set: links in mails and pages point to ${publicUrl}. Set PUBLIC_URL=https://your.shop for a public shop.`,
    );
  if (!parsed.SMTP_URL)
    notices.push(
      'Mail is not being delivered: SMTP_URL is not set, so mails are kept in the mailbox (Admin → Mailbox). Set SMTP_URL=smtp://user:pass@host:587 to deliver them.',
    );
  else notices.push(`Mail is delivered through ${new URL(parsed.SMTP_URL).host}.`);
  const storeName = store.name.replace(/["\\\r\n]/g, '');
  return {
    settings:
      parsed.MAIL === 'off'
        ? undefined
        : {
            publicUrl,
            store: mailStoreOf(store),
            alertsTo: parsed.ORDER_ALERTS_TO ?? [],
            delivering: Boolean(parsed.SMTP_URL),
          },
    smtpUrl: parsed.SMTP_URL,
    from: parsed.MAIL_FROM ?? `"${storeName}" <${store.email}>`,
    domain: new URL(publicUrl).hostname,
    publicUrl,
    notices,
  };
}

/**
 * Mail test kit (issue 26): the settings tests build mails with, and a real SMTP server in process
 * (nodemailer's smtp-server) that keeps what it accepts, can refuse with a given reply, or be down.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { MailSettings } from '#server/core/ports';

export const TEST_STORE = {
  name: 'Threadline',
  email: 'hello@threadline.example',
  currency: 'USD',
  showroom: '218 Mercer Street, New York',
  whatsapp: '15550102030',
  phones: ['+1 (555) 010-2030'],
};

export const testMailSettings = (over: Partial<MailSettings> = {}): MailSettings => ({
  publicUrl: 'https://shop.example',
  store: TEST_STORE,
  alertsTo: [],
  delivering: false,
  ...over,
});

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  html: string;
  text: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Every later message is refused with this reply (e.g. 550 or 451), until set back to null. */
  refuseWith(code: number | null): void;
  stop(): Promise<void>;
}

/** Listens on `port` (a test's own, from the 4500-4599 range) or a free one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusal !== null) {
          const err = Object.assign(new Error(`Refused by the test sink (${refusal})`), {
            responseCode: refusal,
          });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (m) => {
            const to = m.to
              ? (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a.value.map((v) => v.address ?? ''))
              : [];
            received.push({
              from: m.from?.text ?? '',
              to,
              subject: m.subject ?? '',
              messageId: m.messageId ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              text: m.text ?? '',
              raw,
            });
            callback();
          },
          (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    refuseWith(code) {
      refusal = code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Polls `check` (a test's condition on state that other async work changes, or a question to the server)
 * until it holds.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  tries = 400,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Gave up waiting for ${what}`);
}

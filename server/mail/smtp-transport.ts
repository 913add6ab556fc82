/** The SMTP transport: nodemailer's pooled transport on SMTP_URL, with timeouts so a dead server cannot hold a round. */
import nodemailer from 'nodemailer';
import type { MailTransport } from './sender';

export function createSmtpTransport(url: string): MailTransport {
  const pool = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    sendMail: (message) => pool.sendMail(message),
    close: () => pool.close(),
  };
}

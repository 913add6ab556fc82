/**
 * Mail (issue 26): durable POST /api/orders with mail on (each order also writes its confirmation and the
 * shop's alert in the same write, and the sender delivers them to a local SMTP sink meanwhile) against
 * MAIL=off, runs taken in turn on fresh copies of the 1k-orders store; then the sender's rate: the mails
 * it delivered to the sink per second while the outbox drained.
 */
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { DATA_ROOT, ordersDataSet } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, medianOf, once, warmUp } from './load';
import type { Running } from './servers';
import { startOurs } from './servers';
import { writeSpec as spec } from './writes';

export interface MailFigures {
  off: Measured;
  on: Measured;
  /** Mails the sender delivered per second to the local sink. */
  mailsPerSecond: number;
  delivered: number;
}

/** An SMTP sink that accepts everything and keeps only the arrival times. */
async function sink(port: number) {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _s, done) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(Date.now());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { arrivals, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function runMail(port: number, log: (line: string) => void): Promise<MailFigures> {
  const source = await ordersDataSet(1000);
  const smtp = await sink(port + 10);
  const stores: Array<{ mail: 'on' | 'off'; dir: string; running: Running }> = [];
  try {
    for (const [i, mail] of (['off', 'on'] as const).entries()) {
      const dir = join(DATA_ROOT, `run-mail-${mail}`);
      await rm(dir, { recursive: true, force: true });
      await cp(source, dir, { recursive: true });
      const env = mail === 'on' ? { SMTP_URL: `smtp://127.0.0.1:${port + 10}` } : { MAIL: 'off' };
      stores.push({ mail, dir, running: await startOurs(dir, port + i, env) });
    }
    for (const { running } of stores) await warmUp({ ...spec(running.url, 3), warmupSeconds: 2 });
    const runs = new Map<string, RunFigures[]>();
    for (let round = 0; round < 3; round++)
      for (const { mail, running } of stores) {
        const f = await once(spec(running.url, 3));
        checkClean(`orders, mail ${mail}`, f);
        runs.set(mail, [...(runs.get(mail) ?? []), f]);
      }
    const off = medianOf(runs.get('off') ?? []);
    const on = medianOf(runs.get('on') ?? []);
    log(`  POST /api/orders  mail off  ${off.rps.toFixed(0).padStart(6)} orders/s  p99 ${off.p99} ms`);
    log(`  POST /api/orders  mail on   ${on.rps.toFixed(0).padStart(6)} orders/s  p99 ${on.p99} ms`);
    // The sender drains what the runs queued: its rate is the arrivals over the time they took.
    let last = -1;
    while (smtp.arrivals.length !== last) {
      last = smtp.arrivals.length;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const a = smtp.arrivals;
    const seconds = a.length > 1 ? (a[a.length - 1]! - a[0]!) / 1000 : 0;
    const mailsPerSecond = seconds > 0 ? a.length / seconds : 0;
    log(`  sender: ${a.length} mails to the local sink, ${mailsPerSecond.toFixed(0)} mails/s`);
    return { off, on, mailsPerSecond, delivered: a.length };
  } finally {
    for (const { running, dir } of stores) {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    }
    await smtp.stop();
  }
}

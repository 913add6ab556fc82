/**
 * The mail sender (issue 26): started by server/index.ts beside the HTTP server, never inside a request.
 * It acts only on committed rows of the mail table: claims the due ones (a lease, written durably before
 * anything is sent), hands each to the SMTP transport with its stable Message-ID, and records the
 * outcome. A crash after the claim leaves the mail 'sending' until the lease runs out; it is then sent
 * again with the same Message-ID, so a crash between the SMTP server's acceptance and our record of it
 * shows as the same mail. It also keeps the outbox bounded (core/mail/delivery.ts prunable).
 */
import type { Table } from '#server/core/ports';
import type { Logger } from '#server/ops/logger';
import type { StoredMail } from '#server/core/records';
import {
  attemptFailed,
  claim,
  delivered,
  isDue,
  LEASE_MS,
  messageIdOf,
  prunable,
} from '#server/core/mail/delivery';

export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
  }): Promise<unknown>;
  close?(): void;
}

export interface MailSenderOptions {
  table: Table<StoredMail>;
  /** Absent: nothing is delivered (no SMTP_URL); the sender only keeps the outbox bounded. */
  transport?: MailTransport;
  from: string;
  domain: string;
  /** How often due retries are looked for; new mails wake the sender at once. */
  pollMs?: number;
  /** Mails claimed per round (about the pool's connections times a few). */
  batch?: number;
  now?: () => number;
  /** Each attempt's outcome as recorded (the metrics' mail_sends_total). */
  onOutcome?: (result: MailOutcome) => void;
  /** The server's logger (ops/logger.ts): one line per recorded attempt, and a round's failure. */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** `retry`: a transient failure, tried again later; `failed`: refused for good or out of tries. */
export type MailOutcome = 'sent' | 'retry' | 'failed';

const outcomeOf = (m: StoredMail): MailOutcome =>
  m.state === 'sent' ? 'sent' : m.state === 'queued' ? 'retry' : 'failed';

/** SMTP 5xx is permanent; 4xx, refused connections and timeouts are worth another try. */
export function classify(e: unknown): { permanent: boolean; message: string } {
  const err = e as { responseCode?: unknown; code?: unknown; message?: unknown };
  const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  const message = String(err.message ?? e).replace(/[\r\n]+/g, ' ');
  return { permanent: code !== undefined && code >= 500 && code < 600, message };
}

export function startMailSender(opts: MailSenderOptions) {
  const { table, transport, from, domain } = opts;
  const now = opts.now ?? Date.now;
  const startedAt = now();
  const batch = opts.batch ?? 20;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  /** Why the last round failed (the mail table refused the sender's claim or record), until one succeeds. */
  let lastError: string | null = null;
  let roundStartedAt: number | null = null;

  async function deliver(claimed: readonly StoredMail[]): Promise<void> {
    const outcomes = await Promise.all(
      claimed.map(async (m) => {
        try {
          await transport!.sendMail({
            from,
            to: m.to,
            subject: m.subject,
            html: m.html,
            text: m.text,
            messageId: messageIdOf(m, domain),
          });
          return delivered(m, now());
        } catch (e) {
          return attemptFailed(m, now(), classify(e));
        }
      }),
    );
    // Only our own claim is settled: a row another sender took over after our lease ran out stays theirs.
    const settled = await table.change((get) => {
      const put = outcomes.filter((o) => {
        const cur = get(o.id);
        return (
          cur?.state === 'sending' && cur.lease_until === claimed.find((c) => c.id === o.id)?.lease_until
        );
      });
      return { put, result: put };
    });
    for (const m of settled) {
      const result = outcomeOf(m);
      opts.onOutcome?.(result);
      // Ids, kind and the SMTP answer only: never the body, which may hold a reset link.
      const line = { reqId: m.request_id, mailId: m.id, kind: m.kind, attempts: m.attempts, result };
      if (result === 'sent') opts.logger?.info(line, 'mail sent');
      else opts.logger?.warn({ ...line, error: m.last_error }, `mail not sent (${result})`);
    }
  }

  async function round(): Promise<void> {
    if (transport) {
      for (;;) {
        const t = now();
        const due = table
          .all()
          .filter((m) => isDue(m, t))
          .slice(0, batch);
        if (!due.length) break;
        // The claim is durable before any byte goes to SMTP; on a shared store the table's write lock
        // makes it one instance's.
        const claimed = await table.change((get) => {
          const put = due.flatMap((d) => {
            const cur = get(d.id);
            return cur && isDue(cur, t) ? [claim(cur, t)] : [];
          });
          return { put, result: put };
        });
        if (!claimed.length || stopped) break;
        await deliver(claimed);
      }
    }
    const old = prunable(table.all(), startedAt);
    if (old.length) await table.change(() => ({ remove: old, result: undefined }));
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    roundStartedAt = now();
    running = round()
      .then(
        () => {
          lastError = null;
        },
        (e: unknown) => {
          lastError = e instanceof Error ? e.message : String(e);
          if (opts.logger) opts.logger.error({ err: e }, 'mail sending failed; will retry');
          else console.error('[mail] sending failed; will retry:', lastError);
        },
      )
      .finally(() => {
        running = null;
        roundStartedAt = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const unsubscribe = table.subscribe(({ put }) => {
    if (put.some((m) => m.state === 'queued')) kick();
  });
  const timer = setInterval(kick, opts.pollMs ?? 1_000);
  timer.unref();
  kick();

  return {
    kick,
    /**
     * Why the outbox is refusing, for readiness; null when it is not. An SMTP outage is not refusing (mails
     * wait in the outbox, orders go on); a mail table that refuses the sender's writes is, and so is a round
     * stuck past the claims' lease (another instance would send its mails again).
     */
    trouble(): string | null {
      if (stopped) return 'mail outbox: the sender has stopped';
      if (lastError !== null) return `mail outbox: the sender cannot record its work (${lastError})`;
      if (roundStartedAt !== null && now() - roundStartedAt > LEASE_MS)
        return `mail outbox: a sending round has run past the ${LEASE_MS / 60_000}-minute lease`;
      return null;
    },
    /** Resolves once the current round (if any) has finished. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      while (running) await running;
      transport?.close?.();
    },
  };
}

export type MailSender = ReturnType<typeof startMailSender>;

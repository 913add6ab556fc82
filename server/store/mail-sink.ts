/**
 * How mails move from the write of the change that caused them to the store's mail table (issue 26).
 * A change carries mail drafts (RowChange.mail); its table asks the sink for ids and writes the mails
 * in the same durable write as the change (a journal line, an order shard, the demo's IndexedDB
 * transaction). Once that write has landed the sink puts them into the mail table, where the sender
 * records its attempts. A crash between the two loses nothing: at open, every table hands the sink the
 * mails its files hold (`recover`) before it compacts them away, and the sink puts those the mail table
 * lacks. Retention (mail-retention.ts) never drops a mail created since this process started, so a mail
 * still held by a table's files is never dropped and then recovered as new.
 */
import type { MailDraft, StoredMail } from '#server/core/records';
import { MAIL_SCHEMA } from '#server/core/records';
import type { InMemoryTable } from './table';
import { fieldsOf } from './record-schemas';

export interface MailSink {
  /** The draft's fields over the shop's limits, or null. */
  check(draft: MailDraft): Record<string, string> | null;
  /** Ids for a batch's mails, given synchronously so the batch's write can hold them. */
  assign(drafts: readonly MailDraft[]): StoredMail[];
  /** After the batch's write landed: the mails go to the mail table (retried with the next batch on failure). */
  adopt(mails: readonly StoredMail[]): void;
  /** At open: puts the mails a table's files hold that the mail table lacks; resolves once that is durable. */
  recover(mails: readonly StoredMail[]): Promise<void>;
  /** Whether the mail table holds a mail (its copy in a table's files may then go). */
  has(id: number): boolean;
}

export const mailFields = (row: unknown): Record<string, string> | null => fieldsOf(MAIL_SCHEMA, row, 'mail');

/** The mails of a file that pass the rule; the others are reported and left out. */
export function checkedMails(
  where: string,
  mails: readonly unknown[],
  report: (line: string) => void = (line) => console.error(line),
): StoredMail[] {
  return mails.filter((m): m is StoredMail => {
    const fields = mailFields(m);
    if (fields)
      report(`[store] ${where}: a mail breaks the rule and is left out: ${Object.keys(fields).join(', ')}`);
    return !fields;
  });
}

export function createMailSink(table: InMemoryTable<StoredMail>): MailSink {
  let last = table.snapshot().seq;
  /** Mails whose move to the mail table failed: they go with the next move. */
  let unmoved: StoredMail[] = [];
  const put = (mails: readonly StoredMail[]) =>
    table.change((get) => ({ put: mails.filter((m) => !get(m.id)), result: undefined }));
  return {
    check: (draft) => mailFields({ ...draft, id: 1 }),
    assign(drafts) {
      return drafts.map((d) => {
        last = Math.max(last, table.snapshot().seq) + 1;
        return { ...d, id: last };
      });
    },
    adopt(mails) {
      const moving = [...unmoved, ...mails];
      unmoved = [];
      put(moving).catch((e: unknown) => {
        unmoved.push(...moving);
        console.error(
          '[mail] moving mails to the outbox failed; will retry:',
          e instanceof Error ? e.message : e,
        );
      });
    },
    async recover(mails) {
      for (const m of mails) last = Math.max(last, m.id);
      if (mails.some((m) => !table.get(m.id))) await put(mails);
    },
    has: (id) => table.get(id) !== undefined,
  };
}

/**
 * The mail table on disk (issue 26): DATA_DIR/mail.json + mail.journal, a journal table like the others,
 * holding every mail with its delivery state. Mails arrive from the writes that caused them (mail-sink.ts).
 */
import { join } from 'node:path';
import type { StoredMail } from '#server/core/records';
import type { BeforeWrite } from './lowdb-durable-file';
import type { JournalTable } from './journal-table';
import { openJournalTable } from './journal-table';
import type { RowCheckMemo } from './row-check-memo';
import { fileProblem } from './record-schemas';
import type { MailSink } from './mail-sink';
import { createMailSink, mailFields } from './mail-sink';

export const MAIL_FILE = 'mail.json';

export async function openMailTable(
  dataDir: string,
  options: { beforeWrite?: BeforeWrite; report?: (line: string) => void },
  memo: RowCheckMemo,
): Promise<{ table: JournalTable<StoredMail>; sink: MailSink }> {
  const table = await openJournalTable<StoredMail>({
    file: join(dataDir, MAIL_FILE),
    fileProblem,
    rowRule: { fields: mailFields, report: options.report, memo },
    beforeWrite: options.beforeWrite,
  });
  return { table, sink: createMailSink(table) };
}

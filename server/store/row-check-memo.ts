/**
 * Which data files have already had every row checked against the row rule, so a start does not
 * check a million unchanged orders again (at 1M orders the checks were a third of the start and most
 * of its garbage). DATA_DIR/rows-checked.json holds the rule's stamp and, per file, the inode, size and
 * modification time (ns) it had when it was last known good. A file whose three match, under the same
 * stamp, is the very file that was checked: only this server writes these files, always by writing a
 * new file and renaming it (a new inode), and it checks every row before writing it. Any other change,
 * a hand edit, a restore, another version's rules, changes the stamp or the file's identity, and the
 * file is checked row by row again, with quarantine as before.
 *
 * The memo is written once, at the end of a start; a crash before that only means more checking next time.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { ROW_SCHEMAS } from '#server/core/records';
import { writeFileDurably } from './lowdb-durable-file';

export const ROW_CHECK_MEMO = 'rows-checked.json';
/**
 * Bump when a row rule changes in a way its JSON Schema does not show (a refinement's code), so every
 * file is checked again under the new rule.
 */
const ROW_RULES_REVISION = 1;

/** The row rules as data: any change to a field, a limit or a format gives another stamp. */
export const ROW_RULES_STAMP = createHash('sha256')
  .update(
    JSON.stringify([
      ROW_RULES_REVISION,
      Object.entries(ROW_SCHEMAS).map(([name, schema]) => [
        name,
        z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }),
      ]),
    ]),
  )
  .digest('hex');

export interface RowCheckMemo {
  /** True when the file is the one whose rows were all found good before, under the same rules. */
  known(file: string): Promise<boolean>;
  /** Every row of the file, as it is now, passes the rule. */
  checked(file: string): void;
  /** Writes the memo: the files seen good in this start, with their identity as of now. */
  save(): Promise<void>;
}

const memoSchema = z.object({ stamp: z.string(), files: z.record(z.string(), z.string()) });

async function identity(file: string): Promise<string | null> {
  try {
    const s = await stat(file, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
}

export async function openRowCheckMemo(dataDir: string, stamp = ROW_RULES_STAMP): Promise<RowCheckMemo> {
  const memoFile = join(dataDir, ROW_CHECK_MEMO);
  const parsed = memoSchema.safeParse(
    await readFile(memoFile, 'utf8').then(
      (text) => JSON.parse(text) as unknown,
      () => null,
    ),
  );
  const before = parsed.success && parsed.data.stamp === stamp ? parsed.data.files : {};
  const good = new Set<string>();
  const key = (file: string) => relative(dataDir, file);
  return {
    async known(file) {
      const was = before[key(file)];
      return was !== undefined && was === (await identity(file));
    },
    checked(file) {
      good.add(key(file));
    },
    async save() {
      const files: Record<string, string> = {};
      for (const name of [...good].sort()) {
        const id = await identity(join(dataDir, name));
        if (id) files[name] = id;
      }
      await writeFileDurably(memoFile, JSON.stringify({ stamp, files }));
    },
  };
}

/** A memo that knows nothing and keeps nothing: every file is checked (tests, tools). */
export const NO_MEMO: RowCheckMemo = {
  known: async () => false,
  checked: () => undefined,
  save: async () => undefined,
};

/**
 * A lowdb adapter that makes a write durable before it resolves: write a temp file next to the
 * target, fsync it, rename it over the target, then fsync the directory so the rename itself survives
 * a power cut or kill -9. A file that does not parse is reported (CorruptDataFileError naming it) and
 * left exactly as it is; the caller refuses to start rather than overwrite it. A file that parses but
 * holds rows that break the row rule (record-schemas.ts) loses just those rows: they are appended to
 * `<file>.quarantine.jsonl` (durably, first) and the file is rewritten without them, so the shop
 * starts and the next start finds a clean file.
 */
import type { FileHandle } from 'node:fs/promises';
import { appendFile, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import type { RowCheckMemo } from './row-check-memo';
import { serializeData } from './row-json';

export class CorruptDataFileError extends Error {
  readonly file: string;
  constructor(file: string, reason: string) {
    super(
      `Data file ${file} is corrupt (${reason}). Threadline will not start and has not touched it: restore it from a backup or move it away.`,
    );
    this.name = 'CorruptDataFileError';
    this.file = file;
  }
}

/** Test hook: runs before every write and may throw to simulate a full or failing disk. */
export type BeforeWrite = (file: string) => void | Promise<void>;

/** How rows are checked on read: the fields of a bad row, or null; and where the report goes. */
export interface RowRule {
  fields(row: unknown): Record<string, string> | null;
  report?: (line: string) => void;
  /** Files already known good (row-check-memo.ts): their rows are not checked again. */
  memo?: RowCheckMemo;
}

export const QUARANTINE_SUFFIX = '.quarantine.jsonl';

export type BadRow = { row: unknown; fields: Record<string, string> };

/**
 * Appends `bad` to `<file>.quarantine.jsonl`, one `{ at, row, fields }` per line, fsynced before it
 * returns (the caller then drops the rows from where they were), and reports each row as `what`.
 */
export async function quarantineRows(
  file: string,
  bad: readonly BadRow[],
  what: string,
  report: (line: string) => void = (line) => console.error(line),
): Promise<void> {
  const at = new Date().toISOString();
  const quarantine = `${file}${QUARANTINE_SUFFIX}`;
  await appendFile(quarantine, bad.map((b) => `${JSON.stringify({ at, ...b })}\n`).join(''), { mode: 0o600 });
  const fh = await open(quarantine, 'r');
  await fh.sync().finally(() => fh.close());
  for (const b of bad) {
    const id = (b.row as { id?: unknown } | null)?.id;
    const fields = Object.entries(b.fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    report(
      `[store] ${file}: ${what} ${String(id ?? '?')} cannot be loaded (${fields}); moved to ${quarantine}.`,
    );
  }
}

let tmpCounter = 0;

export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    readonly file: string,
    private readonly check: (data: unknown) => string | null,
    private readonly beforeWrite?: BeforeWrite,
    private readonly rowRule?: RowRule,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new CorruptDataFileError(this.file, e instanceof Error ? e.message : 'invalid JSON');
    }
    const problem = this.check(data);
    if (problem) throw new CorruptDataFileError(this.file, problem);
    const memo = this.rowRule?.memo;
    if (!this.rowRule || (await memo?.known(this.file))) {
      memo?.checked(this.file);
      return data as T;
    }
    const kept = (await this.quarantineBadRows(data as { rows: unknown[] })) as T;
    memo?.checked(this.file);
    return kept;
  }

  private async quarantineBadRows<D extends { rows: unknown[] }>(data: D): Promise<D> {
    const rule = this.rowRule!;
    const bad: BadRow[] = [];
    const good = data.rows.filter((row) => {
      const fields = rule.fields(row);
      if (fields) bad.push({ row, fields });
      return !fields;
    });
    if (!bad.length) return data;
    await quarantineRows(this.file, bad, 'row', rule.report);
    const kept = { ...data, rows: good };
    await writeFileDurably(this.file, serializeData(kept));
    return kept;
  }

  async write(data: T): Promise<void> {
    await this.beforeWrite?.(this.file);
    await writeFileDurably(this.file, serializeData(data));
  }
}

/**
 * temp file in the same folder, fsync, rename over the target, fsync the folder. The content is a text,
 * bytes, or a function writing it through the open file (a large file written a slice at a time).
 */
export async function writeFileDurably(
  file: string,
  content: string | Uint8Array | ((fh: FileHandle) => Promise<void>),
  mode = 0o600,
): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${++tmpCounter}.tmp`);
  try {
    const fh = await open(tmp, 'w', mode);
    try {
      if (typeof content === 'function') await content(fh);
      else await fh.writeFile(content);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
  await fsyncDir(dirname(file));
}

export async function fsyncDir(dir: string): Promise<void> {
  const dh = await open(dir, 'r');
  try {
    await dh.sync();
  } finally {
    await dh.close();
  }
}

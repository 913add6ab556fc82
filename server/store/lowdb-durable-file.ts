/**
 * A lowdb adapter that makes a write durable before it resolves: write a temp file next to the
 * target, fsync it, rename it over the target, then fsync the directory so the rename itself survives
 * a power cut or kill -9. A file that does not parse is reported (CorruptDataFileError naming it) and
 * left exactly as it is; the caller refuses to start rather than overwrite it.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
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

let tmpCounter = 0;

export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    readonly file: string,
    private readonly check: (data: unknown) => string | null,
    private readonly beforeWrite?: BeforeWrite,
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
    return data as T;
  }

  async write(data: T): Promise<void> {
    await this.beforeWrite?.(this.file);
    await writeFileDurably(this.file, serializeData(data));
  }
}

/** temp file in the same folder, fsync, rename over the target, fsync the folder. */
export async function writeFileDurably(file: string, text: string | Uint8Array, mode = 0o600): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${++tmpCounter}.tmp`);
  try {
    const fh = await open(tmp, 'w', mode);
    try {
      await fh.writeFile(text);
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

/**
 * One writer per DATA_DIR. Every server keeps its tables in memory and rewrites whole files, so two servers
 * on one folder silently overwrite each other's changes. The server claims the folder before it opens any
 * data file, and a second one stops without touching anything.
 *
 * The claim is DATA_DIR/threadline.lock, created with O_EXCL ('wx') and holding the owner's pid, start time
 * and a random token. Node has no portable flock, so a process killed with kill -9 leaves the file behind:
 * a lock whose pid is no longer alive is taken over, and so is one carrying our own pid that this process
 * does not hold (a container restarts as pid 1 every time). Pids are only comparable inside one pid
 * namespace: this guards one machine (or one container), not servers on several hosts sharing a volume.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'threadline.lock';
/** A lock file with no readable owner (a process died between creating and filling it) expires after this. */
const UNREADABLE_GRACE_MS = 10_000;

export interface DataDirLock {
  readonly dir: string;
  /** Removes the lock file (only if it is still ours). Safe to call twice. */
  release(): void;
}

interface LockOwner {
  pid?: number;
  startedAt?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
    sameProcess = false,
  ) {
    const who = owner.pid
      ? `another Threadline server (pid ${owner.pid}${owner.startedAt ? `, started ${owner.startedAt}` : ''})`
      : 'another Threadline server that is starting';
    super(
      sameProcess
        ? `The data folder ${dir} is already open in this process (pid ${process.pid}); close that backend first.`
        : `The data folder ${dir} is in use by ${who}. Stop that server first, or set DATA_DIR to another ` +
            `folder. If no Threadline server is running, delete ${join(dir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Folders this process holds (real path -> token), so a second open in the same process is refused. */
const held = new Map<string, string>();
let exitHookInstalled = false;

export function lockDataDir(dataDir: string): DataDirLock {
  // Creating a missing folder is harmless: a folder that exists is left exactly as it is.
  mkdirSync(dataDir, { recursive: true });
  const dir = realpathSync(dataDir);
  if (held.has(dir)) throw new DataDirLockedError(dir, { pid: process.pid }, true);
  const file = join(dir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const content = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), token });

  // A few rounds: a stale lock is moved away and the claim retried; another starter may win that race.
  for (let round = 0; round < 3; round++) {
    if (tryCreate(file, content)) {
      held.set(dir, token);
      installExitHook();
      return { dir, release: () => release(dir, token) };
    }
    const seen = readLock(file);
    if (seen === undefined) continue; // removed in between: try again
    if (!isStale(seen.owner, file)) throw new DataDirLockedError(dir, seen.owner);
    moveStaleLockAway(file, seen.raw, token);
  }
  throw new DataDirLockedError(dir, readLock(file)?.owner ?? {});
}

function tryCreate(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(file: string): { raw: string; owner: LockOwner } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    throw e;
  }
  return { raw, owner: parseOwner(raw) };
}

function parseOwner(raw: string): LockOwner {
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return {};
    const pid = 'pid' in v && Number.isSafeInteger(v.pid) && Number(v.pid) > 0 ? Number(v.pid) : undefined;
    const startedAt =
      'startedAt' in v && typeof v.startedAt === 'string' ? v.startedAt.slice(0, 40) : undefined;
    return { pid, startedAt };
  } catch {
    return {};
  }
}

function isStale(owner: LockOwner, file: string): boolean {
  if (owner.pid === undefined) {
    try {
      return Date.now() - statSync(file).mtimeMs > UNREADABLE_GRACE_MS;
    } catch {
      return true;
    }
  }
  // Our own pid, and not in `held`: left by an earlier life of this pid (container restart).
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (e) {
    // EPERM: alive, but owned by another user.
    return errorCode(e) === 'ESRCH';
  }
}

/**
 * Renames the stale lock to a name of our own, then checks it is still the file we judged stale: another
 * starter may have taken it over in between, and then its fresh lock goes back in place.
 */
function moveStaleLockAway(file: string, seen: string, token: string): void {
  const aside = `${file}.${token}.stale`;
  try {
    renameSync(file, aside);
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return;
    throw e;
  }
  try {
    if (readFileSync(aside, 'utf8') !== seen) linkSync(aside, file);
  } catch {
    // EEXIST: yet another starter got in; the next round reports it.
  } finally {
    unlinkSync(aside);
  }
}

function release(dir: string, token: string): void {
  if (held.get(dir) !== token) return;
  held.delete(dir);
  const file = join(dir, LOCK_FILE);
  try {
    if (readFileSync(file, 'utf8').includes(token)) unlinkSync(file);
  } catch {
    // Already gone (the folder was removed): nothing to release.
  }
}

/** process.exit() skips close(); the exit event still runs, so the next start does not meet our lock. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [dir, token] of [...held]) release(dir, token);
  });
}

function errorCode(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

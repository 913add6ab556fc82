import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's PostgreSQL 15 tools when installed there, else PG_BIN, else whatever PATH finds. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of [process.env.PG_BIN, '/usr/lib/postgresql/15/bin']) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return name;
}

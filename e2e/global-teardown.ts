import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Removes the run's temporary DATA_DIR (only ever a folder under the OS temp dir). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.startsWith(tmpdir())) rmSync(dir, { recursive: true, force: true });
}

/** Test kit: a fresh temp folder for each test (or one for the whole file), removed after it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export function useTempDir(prefix: string, scope: 'test' | 'file' = 'test'): { readonly path: string } {
  let path = '';
  (scope === 'test' ? beforeEach : beforeAll)(async () => {
    path = await mkdtemp(join(tmpdir(), prefix));
  });
  (scope === 'test' ? afterEach : afterAll)(() => rm(path, { recursive: true, force: true }));
  return {
    get path() {
      return path;
    },
  };
}

/** Where the mock's demo data comes from: the deterministic generator in fixtures/ (same as the server's seed). */
import { generateDemoStore } from '#fixtures/generate';
import type { DemoStore } from '#server/core/seed';

let cached: DemoStore | undefined;

/** Generated once per process (the generator is deterministic); each reset gets its own copy. */
export function demoStore(): DemoStore {
  return structuredClone((cached ??= generateDemoStore()));
}

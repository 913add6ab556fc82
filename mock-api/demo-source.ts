/** Where the mock's demo data comes from: the tiny built-in seed until fixtures/generate.ts lands. */
import type { DemoStore } from '../server/core/seed';
import { tinyDemoStore } from '../server/store/tiny-seed';

let cached: DemoStore | undefined;

/** Generated once per process: the generator is deterministic, and resets should be cheap. */
export function demoStore(): DemoStore {
  return structuredClone((cached ??= tinyDemoStore()));
}

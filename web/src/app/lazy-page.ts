import { lazy, type ComponentType } from 'react';

/** Route-level code splitting: each screen is its own chunk, named export picked out. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

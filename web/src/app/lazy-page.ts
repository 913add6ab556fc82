import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec section 9: a screen's chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * The spec's ChunkLoadError (section 8): after a deploy an old page may ask for a chunk that no longer
 * exists, or the network drops mid-load. Every such failure is turned into this one error, which the
 * route error boundary recognises and answers with a friendly message and a reload button.
 */
export class ChunkLoadError extends Error {
  constructor(chunk: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed.`, options);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(
  load: () => Promise<T>,
  chunk: string,
  ms = CHUNK_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunk, { cause: new Error(`timed out after ${ms} ms`) })),
      ms,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof ChunkLoadError ? err : new ChunkLoadError(chunk, { cause: err }));
      },
    );
  });
}

/** Route-level code splitting: each screen is its own chunk, named export picked out. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await withChunkTimeout(load, String(name)))[name] as ComponentType }));
}

/**
 * Several screens, each its own chunk: the key is both the component's name and the named export its
 * module is loaded for, so the two cannot drift apart.
 */
export function lazyPages<L extends { [K in keyof L]: () => Promise<{ [P in K]: ComponentType }> }>(
  loaders: L,
): { [K in keyof L]: LazyExoticComponent<ComponentType> } {
  const pages = Object.entries(loaders).map(([name, load]) => [
    name,
    lazyPage(load as () => Promise<Record<string, ComponentType>>, name),
  ]);
  return Object.fromEntries(pages) as { [K in keyof L]: LazyExoticComponent<ComponentType> };
}

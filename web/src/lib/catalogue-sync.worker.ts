/// <reference lib="webworker" />
import { catalogueDb } from './db';
import { copyIfStale } from './catalogue-copy';

/**
 * The catalogue copy off the main thread (issue 29): the page posts `{ pageSize, maxAgeMs }`, the worker copies
 * the whole catalogue into the same IndexedDB (catalogue-copy.ts: the same writes and counter as the page's, so
 * the page's listing index sees it changed) and answers `{ meta }` or `{ error }`. With `maxAgeMs` it first
 * reads the meta row: a complete copy younger than that is answered as it is (`{ meta, fresh: true }`), without
 * copying; otherwise it says `{ started: true }` and copies. No pause between batches: nothing here competes
 * with input.
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<{ pageSize?: number; maxAgeMs?: number }>) => {
  copyIfStale(catalogueDb(), { ...event.data, onStart: () => self.postMessage({ started: true }) }).then(
    (answer) => self.postMessage(answer),
    (err: unknown) => self.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
};

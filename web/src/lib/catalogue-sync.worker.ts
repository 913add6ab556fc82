/// <reference lib="webworker" />
import { catalogueDb } from './db';
import { copyCatalogue } from './catalogue-copy';

/**
 * The catalogue copy off the main thread (issue 29): the page posts `{ pageSize }`, the worker copies the whole
 * catalogue into the same IndexedDB (catalogue-copy.ts: the same writes and counter as the page's, so the page's
 * listing index sees it changed) and answers `{ meta }` or `{ error }`. No pause between batches: nothing here
 * competes with input.
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<{ pageSize?: number }>) => {
  copyCatalogue(catalogueDb(), () => Promise.resolve(), event.data.pageSize).then(
    (meta) => self.postMessage({ meta }),
    (err: unknown) => self.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
};

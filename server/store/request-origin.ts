/**
 * The request a store write runs for (issue 30): the HTTP layer runs each request inside `runForRequest`,
 * and a table reads the id when a change is asked for (not when a batch writes it, which may be another
 * request's turn), so the mails that change causes keep the id of the request that caused them and the
 * sender's log lines for them carry it. The core knows nothing of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readRequestIdWith } from './table';

const origin = new AsyncLocalStorage<string>();
readRequestIdWith(() => origin.getStore());

export const runForRequest = <T>(requestId: string, fn: () => T): T => origin.run(requestId, fn);

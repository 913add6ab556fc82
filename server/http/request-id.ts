import { randomUUID } from 'node:crypto';

/** An id a caller (or a proxy in front) may choose: short, and nothing that could break a log line or a header. */
const KEEPABLE = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming X-Request-Id when it is keepable, otherwise a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && KEEPABLE.test(incoming) ? incoming : randomUUID();
}

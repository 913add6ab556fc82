/** What a use case can answer besides a plain body: another status, a download, a body serialised once. */
import { etagOf } from './etag';

/**
 * An answer with another status than its endpoint's usual one, in the endpoint's own response shape.
 * The countries service answers an unknown country with a 404 in its success shape (not the error
 * shape), so its use case says so with withStatus instead of api/handle.ts knowing about that endpoint.
 */
export class StatusReply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

export const withStatus = <T>(status: number, body: T): StatusReply<T> => new StatusReply(status, body);

/**
 * A download made of text chunks (the CSV exports): the transport streams them out as they come, so
 * a file of every order never sits whole in memory. `filename` names the download.
 */
export class TextStream {
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly chunks: Iterable<string> | AsyncIterable<string>,
  ) {}
}

/** An answer serialised once (the catalogue reads): its body, the JSON to send, and its ETag. */
export interface CachedAnswer {
  body: unknown;
  /** JSON.stringify(body), ready to send. */
  text: string;
  etag: string;
}

export function answerOf(body: unknown): CachedAnswer {
  const text = JSON.stringify(body);
  return { body, text, etag: etagOf(text) };
}

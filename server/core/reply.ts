/**
 * An answer with another status than its endpoint's usual one, in the endpoint's own response shape.
 * The countries service answers an unknown country with a 404 in its success shape (not the error
 * shape), so its use case says so with withStatus instead of api.ts knowing about that endpoint.
 */
export class StatusReply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

export const withStatus = <T>(status: number, body: T): StatusReply<T> => new StatusReply(status, body);

import { api } from '#web/lib/api-client';

/** Puts a failed mail back in the queue; the server answers with its new row. */
export function retryMail(id: number, token?: string) {
  return api('adminMailRetry', { params: { id }, token });
}

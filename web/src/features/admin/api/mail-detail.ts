import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

/** One mail with its HTML and text (both null for an account mail while mail is delivered over SMTP). */
export function useMail(id: number, token?: string) {
  return useQuery(['adminMail', id, token ?? null], (signal) =>
    api('adminMail', { params: { id }, signal, token }),
  );
}

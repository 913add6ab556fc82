/**
 * Users by e-mail (trimmed, lower-cased, the rule sign-in and sign-up compare with), built from the
 * table on first use and then kept current from its commits, so a sign-in or a sign-up looks one
 * e-mail up instead of scanning every account.
 */
import type { Table } from '../ports';
import type { StoredUser } from '../records';

export const emailKey = (email: string): string => email.trim().toLowerCase();

export function createUserIndex(users: Table<StoredUser>) {
  let byEmail: Map<string, StoredUser> | undefined;

  users.subscribe(({ put, removed }) => {
    if (!byEmail) return;
    for (const u of removed)
      if (byEmail.get(emailKey(u.email))?.id === u.id) byEmail.delete(emailKey(u.email));
    for (const u of put) byEmail.set(emailKey(u.email), u);
  });

  return {
    byEmail(email: string): StoredUser | undefined {
      if (!byEmail) {
        byEmail = new Map();
        // The first account of an e-mail wins, as the scan it replaces found it.
        for (const u of users.all()) if (!byEmail.has(emailKey(u.email))) byEmail.set(emailKey(u.email), u);
      }
      return byEmail.get(emailKey(email));
    },
  };
}

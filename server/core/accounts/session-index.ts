/**
 * Lookups the session paths need without scanning the sessions table: a bearer token's session (every
 * authenticated call), a user's sessions (the per-user cap, revoking on a password change) and the
 * sessions that have expired, oldest first (the sweep). Built from the table on first use, then kept
 * current from the table's commits, so a login costs what the user owns, not what the shop holds.
 */
import type { Table } from '../ports';
import type { StoredSession } from '../records';
import { SortedList } from '../structures/sorted-list';

interface Expiry {
  at: number;
  id: number;
}

/** An unreadable expiry sorts first, so the sweep removes it (authenticate refuses it anyway). */
const expiryOf = (s: StoredSession): number => {
  const at = Date.parse(s.expires_at);
  return Number.isNaN(at) ? 0 : at;
};

export function createSessionIndex(sessions: Table<StoredSession>) {
  let byHash: Map<string, StoredSession> | undefined;
  const byUser = new Map<number, Map<number, StoredSession>>();
  const expiries = new Map<number, Expiry>();
  const byExpiry = new SortedList<Expiry>((a, b) => a.at - b.at || a.id - b.id);

  const add = (s: StoredSession): void => {
    byHash!.set(s.token_hash, s);
    let mine = byUser.get(s.user_id);
    if (!mine) byUser.set(s.user_id, (mine = new Map()));
    mine.set(s.id, s);
    const e = { at: expiryOf(s), id: s.id };
    expiries.set(s.id, e);
    byExpiry.insert(e);
  };
  const drop = (s: StoredSession): void => {
    if (byHash!.get(s.token_hash)?.id === s.id) byHash!.delete(s.token_hash);
    const mine = byUser.get(s.user_id);
    mine?.delete(s.id);
    if (mine?.size === 0) byUser.delete(s.user_id);
    const e = expiries.get(s.id);
    if (e) byExpiry.delete(e);
    expiries.delete(s.id);
  };
  const ready = (): Map<string, StoredSession> => {
    if (byHash) return byHash;
    byHash = new Map();
    const all = sessions.all();
    for (const s of all) {
      byHash.set(s.token_hash, s);
      let mine = byUser.get(s.user_id);
      if (!mine) byUser.set(s.user_id, (mine = new Map()));
      mine.set(s.id, s);
      expiries.set(s.id, { at: expiryOf(s), id: s.id });
    }
    byExpiry.reset([...expiries.values()]);
    return byHash;
  };

  sessions.subscribe(({ put, removed }) => {
    if (!byHash) return;
    removed.forEach(drop);
    put.forEach(add);
  });

  return {
    byTokenHash(tokenHash: string): StoredSession | undefined {
      return ready().get(tokenHash);
    },
    /** The user's sessions, oldest (lowest id) first. */
    ofUser(userId: number): StoredSession[] {
      ready();
      return [...(byUser.get(userId)?.values() ?? [])].sort((a, b) => a.id - b.id);
    },
    /** Ids of up to `max` sessions expired at `now`, the longest-expired first. */
    expired(now: number, max: number): number[] {
      ready();
      const n = Math.min(
        max,
        byExpiry.countWhile((e) => e.at <= now),
      );
      return byExpiry.slice(0, n).map((e) => e.id);
    },
  };
}

export type SessionIndex = ReturnType<typeof createSessionIndex>;

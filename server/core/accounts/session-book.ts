/**
 * Sessions as rows: opening, finding, ending and revoking them, each a row-level change of the
 * sessions table (one journal line per login or logout on disk, never a rewrite of the whole file).
 *
 * - The sweep: at most once a minute, a login also removes up to SWEEP_MAX expired sessions, found
 *   through the index (oldest expiry first), in the same write as the new session.
 * - The cap: a user keeps at most MAX_SESSIONS_PER_USER sessions; opening one more removes their
 *   oldest in the same write, so a script logging in forever cannot grow the file.
 * - Revocation lives on the user row (`sessions_revoked_at`, `kept_session_id`), so a password
 *   change ends every other session in the one write that swaps the hash; the rows go afterwards.
 */
import type { CoreDeps } from '../ports';
import type { StoredSession, StoredUser } from '../records';
import { createSessionIndex } from './session-index';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_SESSIONS_PER_USER = 20;
export const SWEEP_EVERY_MS = 60_000;
const SWEEP_MAX = 500;

/** Whether a password change on the user row ended this session. Unreadable times count as ended. */
export function isRevoked(user: StoredUser, session: StoredSession): boolean {
  if (!user.sessions_revoked_at || session.id === user.kept_session_id) return false;
  return !(Date.parse(session.created_at) > Date.parse(user.sessions_revoked_at));
}

/**
 * When a session opened now counts as created: when its password was checked (`readAt`, the moment
 * the user row was read), but never at or before a revocation that row already carries. A sign-in
 * that checked the old password read a row without the new revocation, so it stays older than the
 * change and is ended by it; one that checked the new password read the revocation and is placed
 * after it, even within the same millisecond.
 */
function createdAtFor(user: StoredUser, readAt: Date): Date {
  const revokedAt = user.sessions_revoked_at ? Date.parse(user.sessions_revoked_at) : NaN;
  return revokedAt >= readAt.getTime() ? new Date(revokedAt + 1) : readAt;
}

export function createSessionBook(deps: Pick<CoreDeps, 'stores' | 'tokens' | 'clock' | 'sessionTtlMs'>) {
  const { stores, tokens, clock } = deps;
  const ttl = deps.sessionTtlMs ?? SESSION_TTL_MS;
  const index = createSessionIndex(stores.sessions);
  let lastSweep = -Infinity;

  return {
    /** A new session for `user`, the row as read at `readAt`, when its password was checked. */
    async open(user: StoredUser, readAt: Date): Promise<{ token: string; id: number }> {
      const createdAt = createdAtFor(user, readAt);
      const token = tokens.generate();
      const tokenHash = await tokens.hash(token);
      const now = clock.now().getTime();
      const sweepDue = now - lastSweep >= SWEEP_EVERY_MS;
      if (sweepDue) lastSweep = now;
      const expired = sweepDue ? index.expired(now, SWEEP_MAX) : [];
      const gone = new Set(expired);
      const mine = index.ofUser(user.id).filter((s) => !gone.has(s.id));
      const id = await stores.sessions.change((get, nextId) => {
        // Sessions removed by changes queued just before this one are no longer the user's.
        const live = mine.filter((s) => get(s.id));
        const over = Math.max(0, live.length + 1 - MAX_SESSIONS_PER_USER);
        const session: StoredSession = {
          id: nextId(),
          user_id: user.id,
          token_hash: tokenHash,
          created_at: createdAt.toISOString(),
          expires_at: new Date(now + ttl).toISOString(),
        };
        return {
          put: [session],
          remove: [...expired, ...live.slice(0, over).map((s) => s.id)],
          result: session.id,
        };
      });
      return { token, id };
    },

    /** The live session behind a token hash with its user, or null (unknown, expired or revoked). */
    find(tokenHash: string): { session: StoredSession; user: StoredUser } | null {
      const session = index.byTokenHash(tokenHash);
      if (!session || !(Date.parse(session.expires_at) > clock.now().getTime())) return null;
      const user = stores.users.get(session.user_id);
      if (!user || isRevoked(user, session)) return null;
      return { session, user };
    },

    async close(sessionId: number): Promise<void> {
      await stores.sessions.change(() => ({ remove: [sessionId], result: undefined }));
    },

    /**
     * Removes the rows of sessions the user row already revokes. Best effort: find() refuses them
     * whatever happens here, so a failed write only leaves rows for the sweep.
     */
    async dropRevoked(user: StoredUser): Promise<void> {
      const ids = index
        .ofUser(user.id)
        .filter((s) => isRevoked(user, s))
        .map((s) => s.id);
      if (!ids.length) return;
      await stores.sessions.change(() => ({ remove: ids, result: undefined })).catch(() => undefined);
    },
  };
}

export type SessionBook = ReturnType<typeof createSessionBook>;

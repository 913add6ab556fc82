import type {
  AuthResponse,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  User,
} from '../../contract/schemas/user';
import { DomainError } from './errors';
import { createLoginThrottle } from './login-throttle';
import type { CoreDeps } from './ports';
import type { StoredSession, StoredUser } from './records';
import { toPublicUser } from './records';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Principal {
  user: User;
  sessionId: number;
}

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createAuthUseCases(deps: CoreDeps) {
  const { stores, hasher, tokens, clock } = deps;
  const ttl = deps.sessionTtlMs ?? SESSION_TTL_MS;
  let dummyHash: Promise<string> | undefined;
  const throttle = createLoginThrottle(clock);
  // Token lookups happen on every authenticated call: index sessions by hash, rebuilt when the rows change.
  let sessionIndex: { rows: readonly StoredSession[]; byHash: Map<string, StoredSession> } | undefined;
  const sessionByHash = (hash: string): StoredSession | undefined => {
    const rows = stores.sessions.all();
    if (sessionIndex?.rows !== rows)
      sessionIndex = { rows, byHash: new Map(rows.map((s) => [s.token_hash, s])) };
    return sessionIndex.byHash.get(hash);
  };

  /** Opens a session; expired sessions are swept out on the same write so the file stays small. */
  async function openSession(user: StoredUser): Promise<AuthResponse> {
    const token = tokens.generate();
    const tokenHash = await tokens.hash(token);
    const now = clock.now();
    await stores.sessions.mutate((rows, nextId) => {
      const live = rows.filter((s) => new Date(s.expires_at) > now);
      const session: StoredSession = {
        id: nextId(),
        user_id: user.id,
        token_hash: tokenHash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttl).toISOString(),
      };
      return { rows: [...live, session], result: undefined };
    });
    return { token, user: toPublicUser(user) };
  }

  async function createUser(fields: {
    name: string;
    email: string;
    phone: string;
    password: string;
    isAdmin: boolean;
  }): Promise<StoredUser> {
    const passwordHash = await hasher.hash(fields.password);
    return stores.users.mutate((rows, nextId) => {
      if (rows.some((u) => sameEmail(u.email, fields.email))) {
        throw new DomainError('conflict', 'An account with this e-mail already exists', {
          email: 'E-mail already registered',
        });
      }
      const user: StoredUser = {
        id: nextId(),
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        is_admin: fields.isAdmin ? 1 : 0,
        password_hash: passwordHash,
        created_at: clock.now().toISOString(),
      };
      return { rows: [...rows, user], result: user };
    });
  }

  return {
    createUser,

    /** Register never creates an admin: the body schema strips is_admin and we set 0 here anyway. */
    async register(body: RegisterBody): Promise<AuthResponse> {
      const user = await createUser({ ...body, isAdmin: false });
      return openSession(user);
    },

    async login(body: LoginBody): Promise<AuthResponse> {
      throttle.check(body.email);
      const user = stores.users.all().find((u) => sameEmail(u.email, body.email));
      // Same message and the same hashing work either way, so neither answer nor timing reveals which e-mails exist.
      dummyHash ??= hasher.hash('not-a-real-password');
      const ok = await hasher.verify(body.password, user ? user.password_hash : await dummyHash);
      if (!user || !ok) {
        throttle.failed(body.email);
        throw new DomainError('unauthorized', 'Invalid email or password');
      }
      throttle.succeeded(body.email);
      return openSession(user);
    },

    /** The user behind a bearer token, or null when the token is unknown, revoked or expired. */
    async authenticate(token: string | undefined): Promise<Principal | null> {
      if (!token) return null;
      const tokenHash = await tokens.hash(token);
      const now = clock.now();
      const session = sessionByHash(tokenHash);
      if (!session || new Date(session.expires_at) <= now) return null;
      const user = stores.users.get(session.user_id);
      return user ? { user: toPublicUser(user), sessionId: session.id } : null;
    },

    async logout(principal: Principal): Promise<{ ok: true }> {
      await stores.sessions.mutate((rows) => ({
        rows: rows.filter((s) => s.id !== principal.sessionId),
        result: undefined,
      }));
      return { ok: true };
    },

    /**
     * Needs the current password (400 with a field message otherwise). Every other session of the
     * user ends; the caller's own session stays, so the person changing it is not logged out.
     */
    async changePassword(principal: Principal, body: ChangePasswordBody): Promise<{ message: string }> {
      const user = stores.users.get(principal.user.id);
      if (!user) throw new DomainError('unauthorized', 'Please log in again');
      if (!(await hasher.verify(body.oldPassword, user.password_hash))) {
        throw new DomainError('validation_failed', 'Current password is incorrect', {
          oldPassword: 'Current password is incorrect',
        });
      }
      const passwordHash = await hasher.hash(body.newPassword);
      await stores.users.mutate((rows) => ({
        rows: rows.map((u) => (u.id === user.id ? { ...u, password_hash: passwordHash } : u)),
        result: undefined,
      }));
      await stores.sessions.mutate((rows) => ({
        rows: rows.filter((s) => s.user_id !== user.id || s.id === principal.sessionId),
        result: undefined,
      }));
      return { message: 'Password changed' };
    },

    hasAdmin(): boolean {
      return stores.users.all().some((u) => u.is_admin === 1);
    },
  };
}

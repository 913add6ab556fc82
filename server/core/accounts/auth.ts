/**
 * The room `accounts/`: accounts, sign-in and sessions — users and their e-mail index, the session book
 * and its index, the sign-in brake (sign-in-throttle.ts).
 *
 * Accounts and sign-in. Sessions are handled row by row in accounts/session-book.ts; guessing is braked in
 * accounts/sign-in-throttle.ts before any hashing; every user-row write here is one row-level change.
 */
import type {
  AuthResponse,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  UpdateProfileInput,
  User,
} from '#contract/schemas/user';
import { DomainError } from '../api/errors';
import { createLoginThrottle } from './sign-in-throttle';
import type { CoreDeps, Principal, ThrottleStore } from '../ports';
import type { StoredUser } from '../records';
import { toPublicUser } from '../records';
import { createSessionBook } from './session-book';
import { createUserIndex, emailKey } from './user-index';
import type { Mailer } from '../mail/outbox';
import { passwordChanged, welcome } from '../mail/account-mails';
import { createPasswordReset } from './password-reset';

/** The address of a caller whose transport knows none (in-process callers: seeding, test kits). */
const NO_ADDRESS = 'local';

/**
 * Both hashers write `<kind>$<settings…>$<salt>$<hash>`, so the part before the salt names the
 * settings a hash was made with. A stored hash whose settings differ from a fresh one's is re-made at
 * the next sign-in (Django's rule: any difference, so a cost change applies both ways).
 */
const settingsOf = (stored: string): string => stored.split('$').slice(0, -2).join('$');

export function createAuthUseCases(deps: CoreDeps, throttles?: ThrottleStore, mailer?: Mailer) {
  const { stores, hasher, clock } = deps;
  const throttle = createLoginThrottle(clock, throttles);
  const sessions = createSessionBook(deps);
  const accounts = createUserIndex(stores.users);
  /** E-mails being signed up right now: a second sign-up of one waits for none, it is refused. */
  const claimed = new Set<string>();
  const taken = (): DomainError =>
    new DomainError('conflict', 'An account with this e-mail already exists', {
      email: 'E-mail already registered',
    });
  let dummyHash: Promise<string> | undefined;

  /** A hash made now: checked against for unknown e-mails, and the measure of current settings. */
  const currentHash = (): Promise<string> =>
    (dummyHash ??= hasher.hash('not-a-real-password').catch((e: unknown) => {
      // A refused or failed hash must not be remembered: the next sign-in tries again.
      dummyHash = undefined;
      throw e;
    }));

  const openSession = async (user: StoredUser, readAt: Date): Promise<AuthResponse> => {
    const { token, id } = await sessions.open(user, readAt);
    // A password change that landed while this sign-in checked the old password ends it too.
    if (stores.users.get(user.id)?.sessions_revoked_at !== user.sessions_revoked_at) {
      await sessions.close(id).catch(() => undefined);
      throw new DomainError('unauthorized', 'Invalid email or password');
    }
    return { token, user: toPublicUser(user) };
  };

  /** Re-makes a hash made with older settings; best effort, the sign-in succeeds either way. */
  async function rehashIfOld(user: StoredUser, password: string, current: string): Promise<void> {
    if (settingsOf(user.password_hash) === settingsOf(current)) return;
    try {
      const fresh = await hasher.hash(password);
      await stores.users.change((get) => {
        const u = get(user.id);
        // A password changed meanwhile wins: only the hash we checked is replaced.
        if (u?.password_hash !== user.password_hash) return { result: undefined };
        return { put: [{ ...u, password_hash: fresh }], result: undefined };
      });
    } catch {
      // Busy hasher or failed write: the old hash still verifies, and the next sign-in retries.
    }
  }

  async function createUser(fields: {
    name: string;
    email: string;
    phone: string;
    password: string;
    isAdmin: boolean;
    /** Register sends a welcome, in the same write as the account. */
    welcome?: boolean;
  }): Promise<StoredUser> {
    const passwordHash = await hasher.hash(fields.password);
    const key = emailKey(fields.email);
    if (claimed.has(key) || accounts.byEmail(key)) throw taken();
    claimed.add(key);
    try {
      return await stores.users.change((_get, nextId) => {
        if (accounts.byEmail(key)) throw taken();
        const user: StoredUser = {
          id: nextId(),
          name: fields.name.trim(),
          email: fields.email.trim(),
          phone: fields.phone.trim(),
          is_admin: fields.isAdmin ? 1 : 0,
          password_hash: passwordHash,
          created_at: clock.now().toISOString(),
        };
        const mail = fields.welcome
          ? mailer?.queue('welcome', [user.email], (s) => welcome(s, user.name))
          : [];
        return { put: [user], result: user, mail };
      });
    } finally {
      claimed.delete(key);
    }
  }

  return {
    createUser,

    /** Register never creates an admin: the body schema strips is_admin and we set 0 here anyway. */
    async register(body: RegisterBody): Promise<AuthResponse> {
      const user = await createUser({ ...body, isAdmin: false, welcome: true });
      return openSession(user, clock.now());
    },

    async login(body: LoginBody, clientAddress: string = NO_ADDRESS): Promise<AuthResponse> {
      // Booked before the hash runs, so concurrent guesses cannot all slip under the limit.
      const ticket = await throttle.reserve(body.email, clientAddress);
      const readAt = clock.now();
      const user = accounts.byEmail(body.email);
      let current: string;
      let ok: boolean;
      try {
        current = await currentHash();
        // Same message and the same hashing work either way: neither answer nor timing tells which e-mails exist.
        ok = await hasher.verify(body.password, user ? user.password_hash : current);
      } catch (e) {
        await ticket.cancel();
        throw e;
      }
      if (!user || !ok) {
        await ticket.failed();
        throw new DomainError('unauthorized', 'Invalid email or password');
      }
      await ticket.succeeded();
      await rehashIfOld(user, body.password, current);
      return openSession(user, readAt);
    },

    /** The user behind a bearer token, or null when the token is unknown, revoked or expired. */
    async authenticate(token: string | undefined): Promise<Principal | null> {
      if (!token) return null;
      const hash = await deps.tokens.hash(token);
      let found = sessions.find(hash);
      // Another instance may have opened the session a moment ago (a shared store): read its writes
      // once and look again. Refreshes of one table coalesce, so misses cannot pile up reads.
      if (!found && stores.sessions.refresh) {
        await Promise.all([stores.sessions.refresh(), stores.users.refresh?.()]);
        found = sessions.find(hash);
      }
      return found ? { user: toPublicUser(found.user), sessionId: found.session.id } : null;
    },

    async logout(principal: Principal): Promise<{ ok: true }> {
      await sessions.close(principal.sessionId);
      return { ok: true };
    },

    /**
     * Needs the current password (400 with a field message otherwise). Every other session of the
     * user ends; the caller's own session stays, so the person changing it is not logged out. The new
     * hash and the revocation are one user-row write: no moment where one holds without the other.
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
      const changed = await stores.users.change((get) => {
        const u = get(user.id);
        if (!u) throw new DomainError('unauthorized', 'Please log in again');
        const next: StoredUser = {
          ...u,
          password_hash: passwordHash,
          sessions_revoked_at: clock.now().toISOString(),
          kept_session_id: principal.sessionId,
        };
        const mail = mailer?.queue('password-changed', [u.email], (s) => passwordChanged(s, u.name));
        return { put: [next], result: next, mail };
      });
      await sessions.dropRevoked(changed);
      return { message: 'Password changed' };
    },

    /**
     * Issue 27: the caller's own name, phone and saved address, one user-row write. The row is the
     * principal's, found by id on the server: a body cannot name another account, a role or an e-mail.
     */
    async updateProfile(principal: Principal, body: UpdateProfileInput): Promise<User> {
      const changed = await stores.users.change((get) => {
        const u = get(principal.user.id);
        if (!u) throw new DomainError('unauthorized', 'Please log in again');
        const next: StoredUser = { ...u };
        if (body.name !== undefined) next.name = body.name;
        if (body.phone !== undefined) next.phone = body.phone;
        const address = body.saved_address;
        if (address && Object.values(address).some(Boolean)) next.saved_address = address;
        else if (address !== undefined) delete next.saved_address;
        return { put: [next], result: next };
      });
      return toPublicUser(changed);
    },

    ...createPasswordReset(deps, sessions, accounts, mailer),

    hasAdmin(): boolean {
      return stores.users.all().some((u) => u.is_admin === 1);
    },
  };
}

/**
 * Forgot password (issue 26). A request puts a fresh token's SHA-256 on the account (a newer request
 * replaces it, so older links stop working) and queues the reset mail in the same user-row write. The
 * token itself exists only in that mail. A reset needs the live, unexpired token, uses it up, sets the
 * new password, ends every session of the account and queues "Your password was changed", all in one
 * write; it does not sign in.
 */
import type { ForgotPasswordBody, ResetPasswordBody } from '#contract/schemas/mail';
import { FORGOT_PASSWORD_MESSAGE, RESET_PASSWORD_MESSAGE } from '#contract/schemas/mail';
import { DomainError } from '../api/errors';
import type { CoreDeps } from '../ports';
import type { StoredUser } from '../records';
import type { Mailer } from '../mail/outbox';
import { passwordChanged, passwordReset, RESET_MINUTES } from '../mail/account-mails';
import type { SessionBook } from './session-book';
import type { createUserIndex } from './user-index';

const HOUR = 3_600_000;
/** Reset mails an account may get in an hour: enough for a lost mail or two, too few to flood a mailbox. */
export const RESET_MAILS_PER_HOUR = 3;

const invalidToken = (): DomainError =>
  new DomainError('invalid_token', 'This link is invalid or has expired. Please ask for a new one.');

/** The account without its reset token and without a session kept from revocation. */
function withoutReset(u: StoredUser): StoredUser {
  const { reset_token_hash: _h, reset_expires_at: _e, kept_session_id: _k, ...rest } = u;
  return rest;
}

export function createPasswordReset(
  { stores, clock, tokens, hasher }: CoreDeps,
  sessions: SessionBook,
  accounts: ReturnType<typeof createUserIndex>,
  mailer?: Mailer,
) {
  let byHash: Map<string, number> | undefined;
  stores.users.subscribe(({ put, removed }) => {
    if (!byHash) return;
    for (const u of removed) if (u.reset_token_hash) byHash.delete(u.reset_token_hash);
    for (const u of put) if (u.reset_token_hash) byHash.set(u.reset_token_hash, u.id);
  });
  const ownerOf = (hash: string): number | undefined => {
    if (!byHash) {
      byHash = new Map();
      for (const u of stores.users.all()) if (u.reset_token_hash) byHash.set(u.reset_token_hash, u.id);
    }
    return byHash.get(hash);
  };
  const live = (u: StoredUser | undefined, hash: string, now: number): u is StoredUser =>
    !!u && u.reset_token_hash === hash && !!u.reset_expires_at && Date.parse(u.reset_expires_at) > now;

  async function sendReset(email: string): Promise<void> {
    const user = accounts.byEmail(email);
    if (!user || !mailer?.enabled) return;
    const token = tokens.generate();
    const hash = await tokens.hash(token);
    await stores.users.change((get) => {
      const u = get(user.id);
      if (!u) return { result: undefined };
      const now = clock.now().getTime();
      const recent = (u.reset_mails ?? []).filter((t) => now - Date.parse(t) < HOUR);
      if (recent.length >= RESET_MAILS_PER_HOUR) return { result: undefined };
      const next: StoredUser = {
        ...u,
        reset_token_hash: hash,
        reset_expires_at: new Date(now + RESET_MINUTES * 60_000).toISOString(),
        reset_mails: [...recent, new Date(now).toISOString()],
      };
      const mail = mailer.queue('password-reset', [u.email], (s) => passwordReset(s, u.name, token));
      return { put: [next], result: undefined, mail };
    });
  }

  return {
    /**
     * The same answer at once whether or not the account exists: the lookup, hashing and write run after
     * it, so neither the body nor the time tells which addresses have accounts.
     */
    forgotPassword(body: ForgotPasswordBody): { message: string } {
      void sendReset(body.email).catch((e: unknown) => {
        console.error('[mail] a password-reset request failed:', e instanceof Error ? e.message : e);
      });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    async resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
      const hash = await tokens.hash(body.token);
      const id = ownerOf(hash);
      // Checked before any password hashing, so only a live link costs a hash.
      if (id === undefined || !live(stores.users.get(id), hash, clock.now().getTime())) throw invalidToken();
      const passwordHash = await hasher.hash(body.password);
      const changed = await stores.users.change((get) => {
        const u = get(id);
        const now = clock.now();
        if (!live(u, hash, now.getTime())) throw invalidToken();
        const next: StoredUser = {
          ...withoutReset(u),
          password_hash: passwordHash,
          sessions_revoked_at: now.toISOString(),
        };
        const mail = mailer?.queue('password-changed', [u.email], (s) => passwordChanged(s, u.name));
        return { put: [next], result: next, mail };
      });
      await sessions.dropRevoked(changed);
      return { message: RESET_PASSWORD_MESSAGE };
    },
  };
}

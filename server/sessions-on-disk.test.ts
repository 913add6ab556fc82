/**
 * Sessions on disk through the auth use cases: a line per login and logout (no rewrite of
 * sessions.json), replay after a restart, the sweep, the per-user cap, and a password change that
 * revokes the other sessions in one users.json write.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskAuthKit, kitHasher } from './test/auth-kit';
import { MAX_SESSIONS_PER_USER } from './core/accounts/session-book';

let dir: string;
let writes: string[];
let failJournal: boolean;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-sessions-'));
  writes = [];
  failJournal = false;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const SHOPPER = { email: 'ann@shop.test', password: 'ann-secret-1' };
const beforeWrite = (file: string) => {
  if (failJournal && file.endsWith('sessions.journal')) throw new Error('EIO: simulated');
  writes.push(basename(file));
};

async function kit(opts: { sessionTtlMs?: number } = {}) {
  const k = await diskAuthKit(dir, { ...opts, beforeWrite });
  const user =
    k.stores.users.all()[0] ??
    (await k.auth.createUser({ name: 'Ann', phone: '', isAdmin: false, ...SHOPPER }));
  return { ...k, user, login: () => k.auth.login(SHOPPER, '192.0.2.1').then((r) => r.token) };
}

const journalLines = async () =>
  (await readFile(join(dir, 'sessions.journal'), 'utf8')).split('\n').filter(Boolean);
const fileState = async (name: string) => {
  const s = await stat(join(dir, name));
  return [s.size, s.mtimeMs];
};

describe('sessions on disk', () => {
  it('a login and a logout append one journal line each; sessions.json and users.json stay as they are', async () => {
    const k = await kit();
    const sessionsBefore = await fileState('sessions.json');
    const usersBefore = await fileState('users.json');
    writes = [];
    const token = await k.login();
    expect(await journalLines()).toHaveLength(1);
    const principal = (await k.auth.authenticate(token))!;
    await k.auth.logout(principal);
    const lines = await journalLines();
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toEqual({ del: principal.sessionId });
    expect(writes).toEqual(['sessions.journal', 'sessions.journal']);
    expect(await fileState('sessions.json')).toEqual(sessionsBefore);
    expect(await fileState('users.json')).toEqual(usersBefore);
    expect(await k.auth.authenticate(token)).toBeNull();
  });

  it('after a restart the journal is replayed: live tokens still work, ended ones do not', async () => {
    const k = await kit();
    const kept = await k.login();
    const ended = await k.login();
    await k.auth.logout((await k.auth.authenticate(ended))!);
    const again = await kit();
    expect((await again.auth.authenticate(kept))?.user.email).toBe(SHOPPER.email);
    expect(await again.auth.authenticate(ended)).toBeNull();
  });

  it('expired sessions are swept by a later login, found through the index', async () => {
    const k = await kit({ sessionTtlMs: 60 * 60 * 1000 });
    const other = await k.auth.createUser({
      name: 'Bo',
      email: 'bo@shop.test',
      phone: '',
      password: 'bo-secret-1',
      isAdmin: false,
    });
    await k.login();
    await k.auth.login({ email: 'bo@shop.test', password: 'bo-secret-1' }, '192.0.2.9');
    expect(k.stores.sessions.all()).toHaveLength(2);
    k.clock.advance(2 * 60 * 60 * 1000);
    await k.login();
    const rows = k.stores.sessions.all();
    expect(rows).toHaveLength(1);
    expect(rows.some((s) => s.user_id === other.id)).toBe(false);
    // The sweep rode on the login's own append: one line holding one put and two dels.
    const batch = JSON.parse((await journalLines()).at(-1)!) as object[];
    expect(batch.map((op) => Object.keys(op)[0]).sort()).toEqual(['del', 'del', 'put']);
  });

  it(`a user keeps at most ${MAX_SESSIONS_PER_USER} sessions: one more ends the oldest in the same write`, async () => {
    const k = await kit();
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_USER; i++) tokens.push(await k.login());
    expect(k.stores.sessions.all().filter((s) => s.user_id === k.user.id)).toHaveLength(
      MAX_SESSIONS_PER_USER,
    );
    expect(await k.auth.authenticate(tokens[0])).toBeNull();
    expect(await k.auth.authenticate(tokens[1])).not.toBeNull();
    expect(await k.auth.authenticate(tokens.at(-1))).not.toBeNull();
  });
});

describe('password change', () => {
  it('one users.journal append swaps the hash and ends the other sessions; the caller stays signed in', async () => {
    const k = await kit();
    const mine = await k.login();
    const other = await k.login();
    // The clock stands still on purpose: sessions from the very same millisecond are told apart.
    writes = [];
    const me = (await k.auth.authenticate(mine))!;
    await k.auth.changePassword(me, { oldPassword: SHOPPER.password, newPassword: 'brand-new-1' });
    expect(writes.filter((f) => f.startsWith('users.'))).toEqual(['users.journal']);
    expect(await k.auth.authenticate(other)).toBeNull();
    expect((await k.auth.authenticate(mine))?.sessionId).toBe(me.sessionId);
    // The follow-up removed the revoked row.
    expect(k.stores.sessions.all().map((s) => s.id)).toEqual([me.sessionId]);
    const fresh = await k.auth.login({ email: SHOPPER.email, password: 'brand-new-1' }, '192.0.2.1');
    expect(await k.auth.authenticate(fresh.token)).not.toBeNull();
  });

  it('the revocation holds even when removing the session rows fails, and after a restart', async () => {
    const k = await kit();
    const mine = await k.login();
    const other = await k.login();
    failJournal = true;
    await k.auth.changePassword((await k.auth.authenticate(mine))!, {
      oldPassword: SHOPPER.password,
      newPassword: 'brand-new-1',
    });
    expect(k.stores.sessions.all()).toHaveLength(2); // the rows are still there…
    expect(await k.auth.authenticate(other)).toBeNull(); // …but the user row ended the session
    failJournal = false;
    const again = await kit();
    expect(await again.auth.authenticate(other)).toBeNull();
    expect(await again.auth.authenticate(mine)).not.toBeNull();
  });

  it('a sign-in that checked the old password while the change landed is refused, not left open', async () => {
    let hold: Promise<void> | undefined;
    let release = (): void => undefined;
    const inner = kitHasher();
    const k = await diskAuthKit(dir, {
      beforeWrite,
      hasher: {
        hash: (p) => inner.hash(p),
        verify: async (p, stored) => {
          const wait = hold;
          hold = undefined;
          await wait;
          return inner.verify(p, stored);
        },
      },
    });
    await k.auth.createUser({ name: 'Ann', phone: '', isAdmin: false, ...SHOPPER });
    const mine = await k.auth.login(SHOPPER, '192.0.2.1');
    hold = new Promise<void>((r) => (release = r));
    const racing = k.auth.login(SHOPPER, '192.0.2.7').catch((e: unknown) => e);
    while (hold) await new Promise((r) => setTimeout(r, 1)); // the sign-in is now checking the old password
    await k.auth.changePassword((await k.auth.authenticate(mine.token))!, {
      oldPassword: SHOPPER.password,
      newPassword: 'brand-new-1',
    });
    release();
    expect(await racing).toMatchObject({ code: 'unauthorized' });
    expect(k.stores.sessions.all().map((s) => s.user_id)).toHaveLength(1);
  });
});

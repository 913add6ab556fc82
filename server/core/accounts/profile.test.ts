/**
 * Issue 27: the profile a shopper keeps, through the real auth use cases: name, phone and saved address
 * are one user-row write, answered by the login and the bearer's user alike, and a lowdb folder loads
 * them again at the next start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { updateProfileBodySchema } from '#contract/schemas/user';
import type { AuthKit } from '#server/test/auth-kit';
import { diskAuthKit, memoryAuthKit } from '#server/test/auth-kit';
import { ADDRESS } from '#tests/contract/client';

const ANN = { name: 'Ann Lee', email: 'ann@example.test', phone: '5550100001', password: 'secret-1' };

async function signUp(k: AuthKit) {
  return k.auth.register(ANN);
}

async function principalOf(k: AuthKit, token: string) {
  const p = await k.auth.authenticate(token);
  if (!p) throw new Error('no session');
  return p;
}

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('updateProfile', () => {
  it('saves name, phone and address; the login answer and the bearer carry them; a blank address forgets it', async () => {
    const k = memoryAuthKit();
    const { token } = await signUp(k);
    const body = updateProfileBodySchema.parse({
      name: ' Ann Smith ',
      phone: '5550109999',
      saved_address: ADDRESS,
    });
    const saved = await k.auth.updateProfile(await principalOf(k, token), body);
    expect(saved).toMatchObject({ name: 'Ann Smith', phone: '5550109999', email: ANN.email, is_admin: 0 });
    expect(saved.saved_address).toEqual(ADDRESS);
    expect((await k.auth.login({ email: ANN.email, password: ANN.password })).user).toEqual(saved);
    expect((await principalOf(k, token)).user).toEqual(saved);

    const blank = { address: '', street: '', city: '', country: '', province: '' };
    const cleared = await k.auth.updateProfile(await principalOf(k, token), { saved_address: blank });
    expect(cleared).not.toHaveProperty('saved_address');
    expect(k.stores.users.get(saved.id)).not.toHaveProperty('saved_address');
  });

  it('the body cannot reach a role, an e-mail or another account: those keys are stripped', () => {
    const parsed = updateProfileBodySchema.parse({
      name: 'Eve',
      is_admin: 1,
      email: 'x@example.test',
      id: 1,
    });
    expect(parsed).toEqual({ name: 'Eve' });
  });

  it('a lowdb folder loads the saved profile at the next start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'profile-'));
    dirs.push(dir);
    const k = await diskAuthKit(dir);
    const { token, user } = await signUp(k);
    await k.auth.updateProfile(await principalOf(k, token), { phone: '5550102222', saved_address: ADDRESS });
    const again = await diskAuthKit(dir);
    expect(again.stores.users.get(user.id)).toMatchObject({ phone: '5550102222', saved_address: ADDRESS });
    expect((await again.auth.login({ email: ANN.email, password: ANN.password })).user.saved_address).toEqual(
      ADDRESS,
    );
  });
});

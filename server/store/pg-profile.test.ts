/**
 * Issue 27 on PostgreSQL: a saved profile (name, phone and the saved address, which rides in the users
 * table's `extra` jsonb like any field without a column) comes back at the next start, and a cleared
 * address stays cleared.
 */
import { expect, it } from 'vitest';
import { ADDRESS } from '#tests/contract/client';
import { authKit } from '#server/test/auth-kit';
import { usePgStores } from '#server/test/use-pg-cluster';

const cluster = usePgStores();
const { openStores } = cluster;

it('a saved profile loads again after a restart; a cleared address stays cleared', async () => {
  const url = await cluster.createDatabase();
  const first = await openStores(url);
  const a = authKit(first);
  const { token, user } = await a.auth.register({
    name: 'Ann Lee',
    email: 'ann@example.test',
    phone: '5550100001',
    password: 'secret-1',
  });
  const principal = await a.auth.authenticate(token);
  if (!principal) throw new Error('no session');
  await a.auth.updateProfile(principal, { name: 'Ann Smith', phone: '5550109999', saved_address: ADDRESS });
  await first.close();

  const second = await openStores(url);
  const b = authKit(second);
  expect(b.stores.users.get(user.id)).toMatchObject({
    name: 'Ann Smith',
    phone: '5550109999',
    saved_address: ADDRESS,
  });
  const signedIn = await b.auth.login({ email: 'ann@example.test', password: 'secret-1' });
  expect(signedIn.user.saved_address).toEqual(ADDRESS);
  const again = await b.auth.authenticate(signedIn.token);
  if (!again) throw new Error('no session');
  await b.auth.updateProfile(again, { saved_address: null });
  await second.close();

  const c = await openStores(url);
  expect(c.users.get(user.id)).not.toHaveProperty('saved_address');
  expect(c.users.get(user.id)).toMatchObject({ name: 'Ann Smith' });
});

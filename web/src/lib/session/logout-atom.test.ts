import { describe, expect, it } from 'vitest';
import { mockBackend } from '#mock-api/mock-store';
import { createAppStore } from '../jotai';
import { signIn } from '#web/test/shop-session';
import { userAtom } from './auth-atoms';
import { logoutAtom } from './logout-atom';

describe('logout', () => {
  it('revokes the token on the server and forgets token and user locally', async () => {
    const auth = await signIn('shopper');
    const store = createAppStore();
    expect(store.get(userAtom)?.id).toBe(auth.user.id);
    await store.set(logoutAtom);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    const b = await mockBackend();
    expect(await b.core.auth.authenticate(auth.token)).toBeNull();
  });

  it('still signs out locally when the server cannot be reached', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 1, name: 'A', email: 'a@b.co', phone: '', is_admin: 0 }),
    );
    const store = createAppStore();
    await store.set(logoutAtom);
    expect(store.get(userAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

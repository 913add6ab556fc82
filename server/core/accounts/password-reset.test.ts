/** Reset tokens over memory tables with a hand-moved clock: 30 minutes, and 3 reset mails an hour per account. */
import { expect, it } from 'vitest';
import { createCore } from '#server/core/core';
import { createMemoryStores } from '#server/store/memory-store';
import { createMemoryImageStorage } from '#server/store/memory-image-storage';
import { createCountriesDataset } from '#server/store/countries-dataset';
import { createCsvCodec } from '#server/store/csv-codec';
import { createWebTokenService } from '#server/store/web-tokens';
import { fakeClock, kitHasher } from '#server/test/auth-kit';
import { testMailSettings, until } from '#server/test/mail-kit';

async function setup() {
  const clock = fakeClock();
  const core = createCore({
    stores: createMemoryStores(),
    hasher: kitHasher(),
    tokens: createWebTokenService(),
    images: createMemoryImageStorage(),
    sanitizer: { sanitize: (h) => h },
    clock,
    countries: createCountriesDataset(),
    csv: createCsvCodec(),
    mail: testMailSettings(),
  });
  const email = 'ann@example.test';
  await core.auth.register({ name: 'Ann', email, password: 'first-pass', phone: '5550100001' });
  const resets = () => core.deps.stores.mail!.all().filter((m) => m.kind === 'password-reset');
  /** Asks for a link and waits for its mail (the request answers before it writes). */
  const ask = async (expected: number) => {
    core.auth.forgotPassword({ email });
    await until(() => resets().length === expected, `${expected} reset mails`);
    return /#token=([0-9a-f]{64})/.exec(resets().at(-1)!.text)![1]!;
  };
  return { core, clock, email, resets, ask };
}

it('a link stops working after 30 minutes', async () => {
  const { core, clock, ask } = await setup();
  const token = await ask(1);
  clock.advance(30 * 60_000 + 1);
  await expect(core.auth.resetPassword({ token, password: 'second-pass' })).rejects.toMatchObject({
    code: 'invalid_token',
  });
});

it('a link works just before 30 minutes, and the stored token is only its SHA-256', async () => {
  const { core, clock, email, ask } = await setup();
  const token = await ask(1);
  const user = core.deps.stores.users.all().find((u) => u.email === email)!;
  expect(user.reset_token_hash).toBe(await createWebTokenService().hash(token));
  expect(JSON.stringify(user)).not.toContain(token);
  clock.advance(30 * 60_000 - 1);
  await expect(core.auth.resetPassword({ token, password: 'second-pass' })).resolves.toBeTruthy();
});

it('at most 3 reset mails an hour per account; the fourth request still answers alike and sends none', async () => {
  const { core, clock, email, resets, ask } = await setup();
  for (let i = 1; i <= 3; i++) await ask(i);
  expect(core.auth.forgotPassword({ email })).toEqual(core.auth.forgotPassword({ email: 'x@example.test' }));
  // Let the refused requests run to their end before counting.
  await new Promise((r) => setTimeout(r, 50));
  expect(resets()).toHaveLength(3);
  clock.advance(60 * 60_000 + 1);
  await ask(4);
});

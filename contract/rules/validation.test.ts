import { describe, expect, it } from 'vitest';
import { registerBodySchema, updateProfileBodySchema } from '#contract/schemas/user';
import { phoneError, phoneSchema, validateCheckout } from './validation';

/** The first message zod gives for a phone, as a form shows it; undefined when accepted. */
const schemaMessage = (raw: string): string | undefined => {
  const r = phoneSchema.safeParse(raw);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('one phone rule (issue 27)', () => {
  const samples = [
    '12',
    '',
    '   ',
    '0300-1234567',
    '+923001234567',
    '123456789',
    '1234567890',
    ' 03001234567 ',
    '123456789012345',
    '1234567890123456',
    '１２３４５６７８９０', // full-width digits are not \d
    '5550101234\n',
    '9'.repeat(41),
  ];

  it('the schema registration and the profile use answers exactly as checkout’s phoneError', () => {
    for (const raw of samples) expect(schemaMessage(raw), JSON.stringify(raw)).toBe(phoneError(raw));
  });

  it('registration and the profile refuse "12" with checkout’s message and keep the trimmed number', () => {
    const body = { name: 'Ann', email: 'ann@example.test', password: 'secret1' };
    const reg = registerBodySchema.safeParse({ ...body, phone: '12' });
    expect(reg.success || reg.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone', 'Invalid phone format'],
    ]);
    expect(registerBodySchema.parse({ ...body, phone: ' 03001234567 ' }).phone).toBe('03001234567');
    const profile = updateProfileBodySchema.safeParse({ phone: '12' });
    expect(profile.success).toBe(false);
    expect(profile.error?.issues[0]?.message).toBe('Invalid phone format');
  });
});

describe('checkout checks the address field it marks required (issue 27)', () => {
  const form = { name: 'Ann', street: '1 Main St', city: 'Springfield', province: 'IL', phone: '5550101234' };
  it('a blank address is refused beside it; a request without one is judged by the other rules', () => {
    expect(validateCheckout({ ...form, address: '  ' })).toEqual({ address: 'Address is required' });
    expect(validateCheckout({ ...form, address: 'Flat 2' })).toEqual({});
    expect(validateCheckout(form)).toEqual({});
  });
});

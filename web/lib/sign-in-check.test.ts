import { describe, expect, it } from 'vitest';
import { identitySchemas, LIMITS, type Say } from '../../common/validation';
import { makeSay, validate } from './forms';
import { i18n } from './i18n';
import { checkSignIn } from './sign-in-check';

// The sign-in form checks without zod; the shared schema is the reference it must match.
const say: Say = makeSay(i18n.t as never);
const reference = identitySchemas(say).signIn;

const SAMPLES: unknown[] = [
  { email: 'maya@example.com', password: 'sunny-demo-partner' },
  { email: '  Maya@Example.com  ', password: '  spaced  ' },
  { email: '', password: '' },
  { email: '   ', password: 'x' },
  { email: 'not an address', password: 'x' },
  { email: `${'a'.repeat(250)}@b.co`, password: 'x' },
  { email: 'a'.repeat(LIMITS.emailMax), password: 'x' },
  { email: 'a'.repeat(LIMITS.emailMax + 1), password: 'x' },
  { email: ` ${'a'.repeat(LIMITS.emailMax)} `, password: 'x' },
  { email: 'a@b.c', password: ' ' },
  { email: undefined, password: undefined },
  { email: null, password: null },
  { email: 42, password: 42 },
  { email: 'a@b.c', password: 'x', extra: 'dropped' },
  {},
];

describe('the sign-in check', () => {
  it.each(SAMPLES.map((sample) => [JSON.stringify(sample), sample]))(
    'judges %s as the shared schema does',
    (_label, sample) => {
      expect(checkSignIn(sample, say)).toEqual(validate(reference, sample));
    },
  );

  it('says the messages in the current language', async () => {
    const english = say('required');
    await i18n.changeLanguage('fr');
    const result = checkSignIn({ email: '', password: '' }, makeSay(i18n.t as never));
    expect(result).toEqual(
      validate(identitySchemas(makeSay(i18n.t as never)).signIn, { email: '', password: '' }),
    );
    expect(result.ok ? '' : result.errors.email).not.toBe(english);
  });
});

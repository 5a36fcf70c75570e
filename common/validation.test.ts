import { describe, expect, it } from 'vitest';
import { checkBirthDate, identitySchemas } from './validation';
import type { Say } from './validation';

const say: Say = (key, params) => (params?.n !== undefined ? `${key}:${params.n}` : key);
const today = new Date('2026-11-21T12:00:00Z');
const schemas = identitySchemas(say, { today: () => today, isCommonPassword: (p) => p === 'password123' });

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const validRegistration = {
  first_name: 'Léa',
  last_name: 'Tremblay',
  email: ' Lea@Example.com ',
  password: 'a-strong-passphrase',
  password_confirmation: 'a-strong-passphrase',
  promo_code: 'LEA2026',
  phone: '+1 514 555 0100',
  date_of_birth: '1990-02-28',
  country: 'CA',
  category_id: 2,
  instagram_url: 'https://instagram.com/lea',
  facebook_url: '',
  accepted_terms: true,
  locale: 'fr',
  altcha: 'solved-challenge',
};

describe('date of birth', () => {
  it.each([
    [{ day: 29, month: 2, year: 2023 }, 'february_28'],
    [{ day: 29, month: 2, year: 2000 }, null],
    [{ day: 31, month: 4, year: 1990 }, 'day_wrong_for_month'],
    [{ day: 10, month: 13, year: 1990 }, 'invalid_month'],
    [{ day: 0, month: 1, year: 1990 }, 'invalid_day'],
    [{ day: 32, month: 1, year: 1990 }, 'invalid_day'],
    [{ day: 1, month: 1, year: 1899 }, 'invalid_year'],
    [{ day: 1, month: 1, year: 2027 }, 'invalid_year'],
    [{ day: '1x', month: 1, year: 1990 }, 'invalid_day'],
    [{ day: 22, month: 11, year: 2008 }, 'age_18_or_over'],
    [{ day: 21, month: 11, year: 2008 }, null],
  ])('%o → %s', (parts, expected) => {
    expect(checkBirthDate(parts, today)?.key ?? null).toBe(expected);
  });
});

describe('the registration schema', () => {
  it('accepts a complete body and normalizes it', () => {
    const result = schemas.registration.safeParse(validRegistration);
    expect(errorsOf(result)).toEqual({});
    expect(result.data).toMatchObject({
      email: 'lea@example.com',
      facebook_url: null,
      youtube_url: null,
      locale: 'fr',
    });
  });

  it('says what is wrong at each field', () => {
    const result = schemas.registration.safeParse({
      ...validRegistration,
      first_name: '',
      last_name: 'x'.repeat(101),
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
      promo_code: 'AB C',
      date_of_birth: '2023-02-29',
      country: 'Canada',
      accepted_terms: false,
      altcha: '',
      category_id: 'two',
    });
    expect(errorsOf(result)).toEqual({
      first_name: 'required',
      last_name: 'max:100',
      email: 'email',
      password: 'min:8',
      promo_code: 'promo_code_format',
      date_of_birth: 'february_28',
      country: 'wrong_value',
      category_id: 'required',
      accepted_terms: 'age_18_or_more',
      altcha: 'verification',
    });
  });

  it('refuses a mismatched confirmation, a common password and an under-age partner', () => {
    expect(
      errorsOf(schemas.registration.safeParse({ ...validRegistration, password_confirmation: 'nope' })),
    ).toEqual({
      password_confirmation: 'password_mismatch',
    });
    expect(
      errorsOf(
        schemas.registration.safeParse({
          ...validRegistration,
          password: 'password123',
          password_confirmation: 'password123',
        }),
      ),
    ).toEqual({ password: 'password_common' });
    expect(
      errorsOf(schemas.registration.safeParse({ ...validRegistration, date_of_birth: '2010-01-01' })),
    ).toEqual({
      date_of_birth: 'age_18_or_over',
    });
  });

  it('reads a missing field as required and a wrong type as a wrong value', () => {
    const { email: _email, ...withoutEmail } = validRegistration;
    expect(errorsOf(schemas.registration.safeParse(withoutEmail)).email).toBe('required');
    expect(
      errorsOf(schemas.registration.safeParse({ ...validRegistration, first_name: 42 })).first_name,
    ).toBe('wrong_value');
  });
});

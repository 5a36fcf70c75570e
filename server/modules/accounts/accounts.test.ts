import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedAltcha } from '../../test/altcha';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { lastLinkToken, readOutbox } from '../../test/mailbox';
import { DEMO_PARTNER, DEMO_PROMO_CODE, DEMO_SUBPARTNER_SLUG, seedDemoProgram } from '../../seed/demo';
import { hashToken } from '../auth/tokens';

const CLIENT = 'accounts-test-public-client-token-00';
const client = { authorization: `Bearer ${CLIENT}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('partner accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: CLIENT, PUBLIC_URL: 'https://partners.example.test' },
      build: { rateLimits: { registration: 1000, challenge: 1000 } },
    });
    await seedDemoProgram(t.database.db);
  });
  afterAll(() => t.close());

  const count = async (table: 'partners' | 'promo_codes' | 'auth_tokens') =>
    Number((await t.database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  // Solving the proof of work takes about a second: bodies refused before the human check skip it.
  const registration = async (overrides: Record<string, unknown> = {}, solve = true) => ({
    first_name: 'Léa',
    last_name: 'Tremblay',
    email: `lea.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'gummies-for-breakfast',
    password_confirmation: 'gummies-for-breakfast',
    promo_code: `LEA${Math.floor(Math.random() * 1e6)}`,
    phone: '+1 514 555 0100',
    date_of_birth: '1992-07-14',
    country: 'CA',
    category_id: 2,
    instagram_url: 'https://instagram.com/lea',
    accepted_terms: true,
    locale: 'fr',
    altcha: solve ? await solvedAltcha(t.app, CLIENT) : 'not-solved',
    ...overrides,
  });
  const register = (body: Record<string, unknown>, headers: Record<string, string> = client) =>
    t.app.inject({ method: 'PUT', url: '/api/add', headers, payload: body });
  const signIn = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/get_token', headers: client, payload: { email, password } })).json().token as string;

  it('registers a partner with their code, mails the verification link, and the link verifies once', async () => {
    const body = await registration({ email: 'Lea.Register@Example.com', promo_code: 'leafit' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe('lea.register@example.com');

    const row = await t.database.db.selectFrom('partners').selectAll().where('email', '=', 'lea.register@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ verified: 0, accepted_terms: 1, locale: 'fr', country: 'CA', date_of_birth: '1992-07-14' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const code = await t.database.db.selectFrom('promo_codes').selectAll().where('partner_id', '=', row.id).executeTakeFirstOrThrow();
    expect(code).toMatchObject({ code: 'LEAFIT', value_bp: 1500, commission_rate_bp: 1000 });

    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes('lea.register@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirmez votre adresse e-mail');
    const token = await lastLinkToken(t.dataDir, 'lea.register@example.com', 'verify_email');
    expect(mails[0]!.links[0]).toBe(`https://partners.example.test/verify_email?token=${token}`);
    // Only the hash is stored.
    const stored = await t.database.db.selectFrom('one_time_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.some((s) => s.token_hash === hashToken(token))).toBe(true);

    const verify = (tok: string, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify_email', headers: { ...client, 'accept-language': lang }, payload: { token: tok } });
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.message).toBe('Your email was validated');
    const again = await verify(token, 'fr');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Lien incorrect');
    expect((await verify('forged-token')).json()).toEqual({ code: 404, message: 'Wrong link' });
    const verified = await t.database.db.selectFrom('partners').select('verified').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(verified.verified).toBe(1);

    // The new partner signs in and reads their code in the profile.
    const signedIn = await signIn('lea.register@example.com', 'gummies-for-breakfast');
    expect(signedIn).toBeTruthy();
  });

  it('refuses a replayed or forged human check and creates nothing', async () => {
    const body = await registration();
    expect((await register(body)).statusCode).toBe(201);
    const before = await count('partners');
    const replay = await register({ ...body, email: 'other.person@example.com', promo_code: 'OTHERCODE' });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ altcha: ['You need to pass the verification'] });
    const forged = await register({ ...body, email: 'third@example.com', promo_code: 'THIRDCODE', altcha: Buffer.from('{"challenge":{}}').toString('base64') });
    expect(forged.json().errors).toEqual({ altcha: ['You need to pass the verification'] });
    expect(await count('partners')).toBe(before);
  });

  it('answers every rule of spec point 5 at its field, in the visitor language, and changes nothing', async () => {
    const before = [await count('partners'), await count('promo_codes')];
    const cases: [Record<string, unknown>, string, string, 'en' | 'fr'][] = [
      [{ date_of_birth: '2023-02-29' }, 'date_of_birth', '28 days for entered year', 'en'],
      [{ date_of_birth: '2023-04-31' }, 'date_of_birth', 'Day is wrong for entered month', 'en'],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'You must be 18 years old or over', 'en'],
      [{ date_of_birth: '1990-13-01' }, 'date_of_birth', 'Invalid Month', 'en'],
      [{ date_of_birth: 'yesterday' }, 'date_of_birth', 'Wrong value', 'en'],
      [{ accepted_terms: false }, 'accepted_terms', 'You need to be 18 years old or more', 'en'],
      [{ email: 'not-an-email' }, 'email', 'This field must be a valid email', 'en'],
      [{ email: 'not-an-email' }, 'email', 'Ce champ doit être une adresse e-mail valide', 'fr'],
      [{ first_name: '' }, 'first_name', 'This field is required', 'en'],
      [{ first_name: undefined }, 'first_name', 'Ce champ est obligatoire', 'fr'],
      [{ first_name: 'x'.repeat(101) }, 'first_name', '100 characters maximum', 'en'],
      [{ password: 'short', password_confirmation: 'short' }, 'password', 'Min 8 characters required', 'en'],
      [{ password: 'password1', password_confirmation: 'password1' }, 'password', 'This password is too common: choose another one', 'en'],
      [{ password_confirmation: 'something-else' }, 'password_confirmation', 'Password and confirm password does not match', 'en'],
      [{ promo_code: 'no spaces!' }, 'promo_code', 'Use 4 to 20 letters or digits, without spaces', 'en'],
      [{ category_id: 'fitness' }, 'category_id', 'This field is required', 'en'],
      [{ category_id: 99 }, 'category_id', 'Choose a category from the list', 'en'],
      [{ altcha: '' }, 'altcha', 'You need to pass the verification', 'en'],
      [{}, 'altcha', 'You need to pass the verification', 'en'],
      [{ instagram_url: 'javascript:alert(1)' }, 'instagram_url', 'This field must be a valid link (https://…)', 'en'],
    ];
    for (const [overrides, field, message, lang] of cases) {
      const res = await register(await registration(overrides, false), { ...client, 'accept-language': lang });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors?.[field], JSON.stringify(overrides)).toEqual([message]);
    }
    expect([await count('partners'), await count('promo_codes')]).toEqual(before);
  });

  it('refuses an e-mail or a code already taken (ignoring case), and offers free variants', async () => {
    const dup = await register(await registration({ email: DEMO_PARTNER.email.toUpperCase() }));
    expect(dup.json().errors).toEqual({ email: ['An account already exists for this e-mail'] });
    const taken = await register(await registration({ promo_code: DEMO_PROMO_CODE.toLowerCase() }));
    expect(taken.json().errors).toEqual({ promo_code: ['This code is already taken'] });

    const availability = async (code: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/promo-codes/availability?code=${code}`, headers: client })).json().data;
    const answer = await availability('maya15');
    expect(answer).toMatchObject({ code: 'MAYA15', available: false });
    expect(answer.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of answer.suggestions) {
      expect(suggestion).toMatch(/^[A-Z0-9]{4,20}$/);
      expect((await availability(suggestion)).available).toBe(true);
    }
    expect(await availability('FRESHCODE1')).toEqual({ code: 'FRESHCODE1', available: true, suggestions: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/promo-codes/availability?code=X', headers: {} })).statusCode).toBe(401);
  });

  it('keeps the referrer of a /r/ link and the sub-partner of a white-label registration', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: `/r/${DEMO_PROMO_CODE.toLowerCase()}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/register?ref=${DEMO_PROMO_CODE}`);
    expect((await t.app.inject({ method: 'GET', url: '/r/NOBODY' })).headers.location).toBe('/register');

    const body = await registration({ referral_code: DEMO_PROMO_CODE, subpartner: DEMO_SUBPARTNER_SLUG });
    expect((await register(body)).statusCode).toBe(201);
    const row = await t.database.db.selectFrom('partners').selectAll().where('email', '=', body.email as string).executeTakeFirstOrThrow();
    const demo = await t.database.db.selectFrom('partners').select('id').where('email', '=', DEMO_PARTNER.email).executeTakeFirstOrThrow();
    const sub = await t.database.db.selectFrom('subpartners').select('id').executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(demo.id);
    expect(row.subpartner_id).toBe(sub.id);
  });

  it('lists the influencer categories in the visitor language', async () => {
    const fr = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { ...client, 'accept-language': 'fr' } });
    expect(fr.json().data).toContainEqual({ id: 2, name: 'Bien-être' });
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(401);
  });
});

describe('password recovery and change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    await seedDemoProgram(t.database.db);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = client) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const signIn = (email: string, password: string) => post('/api/auth/get_token', { email, password });

  it('answers the same for unknown and known addresses, and "already sent" on a repeat within 10 minutes', async () => {
    const unknown = await post('/api/password/forgot', { email: 'nobody@example.com' });
    const known = await post('/api/password/forgot', { email: DEMO_PARTNER.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().data.message).toBe('If an account exists for this e-mail, we have sent a link to reset its password.');
    for (const email of ['nobody@example.com', DEMO_PARTNER.email]) {
      const repeat = await post('/api/password/forgot', { email });
      expect(repeat.json().data.message).toBe('We have already sent you a link. Please check your inbox and your spam folder.');
    }
    const mails = await readOutbox(t.dataDir);
    expect(mails.filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
    expect(mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    expect((await post('/api/password/forgot', { email: 'bad' })).statusCode).toBe(422);
  });

  it('resets the password once with the mailed link, and every old session ends', async () => {
    const oldToken = (await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password)).json().token;
    const token = await lastLinkToken(t.dataDir, DEMO_PARTNER.email, 'reset_password');
    const mismatch = await post('/api/password/reset', { token, password: 'new-sunny-password', password_confirmation: 'other' });
    expect(mismatch.statusCode).toBe(422);
    const res = await post('/api/password/reset', { token, password: 'new-sunny-password', password_confirmation: 'new-sunny-password' });
    expect(res.json()).toEqual({ data: { message: 'Your password has been reset successfully.' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password)).statusCode).toBe(401);
    expect((await signIn(DEMO_PARTNER.email, 'new-sunny-password')).statusCode).toBe(200);
    const reuse = await post('/api/password/reset', { token, password: 'third-password-x', password_confirmation: 'third-password-x' });
    expect(reuse.json()).toEqual({ code: 404, message: 'Wrong link' });
  });

  it('answers 410 Recovery Token Expired for a link older than an hour', async () => {
    const partner = await t.database.db.selectFrom('partners').select('id').executeTakeFirstOrThrow();
    const { newToken } = await import('../auth/tokens');
    const { token, hash } = newToken();
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    await t.database.db
      .insertInto('one_time_tokens')
      .values({ purpose: 'reset_password', subject_id: partner.id, token_hash: hash, created_at: twoHoursAgo.toISOString(), expires_at: new Date(twoHoursAgo.getTime() + 3600 * 1000).toISOString() })
      .execute();
    const res = await post('/api/password/reset', { token, password: 'another-new-pass', password_confirmation: 'another-new-pass' });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Your reset token has expired. Please reset your password again by clicking');
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const password = 'new-sunny-password';
    const mine = (await signIn(DEMO_PARTNER.email, password)).json().token;
    const other = (await signIn(DEMO_PARTNER.email, password)).json().token;
    const wrong = await post('/api/change-password', { current_password: 'nope-nope', password: 'fresh-password-1', password_confirmation: 'fresh-password-1' }, bearer(mine));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is not correct'] });
    const ok = await post('/api/change-password', { current_password: password, password: 'fresh-password-1', password_confirmation: 'fresh-password-1' }, bearer(mine));
    expect(ok.json()).toEqual({ data: { message: 'Password changed successfully' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(mine) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(other) })).statusCode).toBe(401);
    expect((await post('/api/change-password', { current_password: 'x', password: 'y', password_confirmation: 'y' }, {})).statusCode).toBe(401);
  });

  it('saves the profile and answers the user payload; bad values change nothing', async () => {
    const token = (await signIn(DEMO_PARTNER.email, 'fresh-password-1')).json().token;
    const { decryptPayload } = await import('../partners/payload');
    const { resolveProgramSecrets } = await import('../settings/service');
    const key = (await resolveProgramSecrets(t.database.db, t.config)).userPayloadKey;
    const base = { first_name: 'Maya', last_name: 'Laurent' };
    const saved = await post('/api/update', { ...base, city: 'Québec', paypal_email: 'Maya.Pay@Example.com', locale: 'fr' }, bearer(token));
    expect(saved.statusCode).toBe(200);
    expect(decryptPayload(key, saved.json().data)).toMatchObject({ city: 'Québec', paypal_email: 'maya.pay@example.com', locale: 'fr' });
    const bad = await post('/api/update', { ...base, city: 'Nowhere', paypal_email: 'not-mail' }, bearer(token));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ paypal_email: ['This field must be a valid email'] });
    const row = await t.database.db.selectFrom('partners').select('city').where('email', '=', DEMO_PARTNER.email).executeTakeFirstOrThrow();
    expect(row.city).toBe('Québec');
  });

  it('resends the verification mail to an unverified partner, throttled', async () => {
    await t.database.db.updateTable('partners').set({ verified: 0 }).execute();
    const token = (await signIn(DEMO_PARTNER.email, 'fresh-password-1')).json().token;
    const resend = () => t.app.inject({ method: 'GET', url: '/api/auth/resend_verify_email', headers: bearer(token) });
    for (let i = 0; i < 3; i++) expect((await resend()).json().data).toEqual({ message: 'Email sent, please check your mailbox', verified: false });
    const throttled = await resend();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('Too many requests');
  });
});

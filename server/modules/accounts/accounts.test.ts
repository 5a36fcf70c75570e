import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedAltcha } from '../../test/altcha';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { lastLinkToken, readOutbox } from '../../test/mailbox';
import { DEMO_PARTNER, DEMO_PROMO_CODE, DEMO_SUBPARTNER_SLUG, seedDemoProgram } from '../../seed/demo';
import { hashToken } from '../../credentials/tokens';
import { verifyPassword } from '../../credentials/passwords';
import { createPartnerAccount } from '../partners/service';
import { clearAttempts } from '../throttle/service';
import { finishSignUp } from '../../test/sign-up';
import { ROUTES } from '../../../common/routes';

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

  const count = async (table: 'partners' | 'promo_codes' | 'auth_tokens' | 'pending_registrations') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pendingCount = () => count('pending_registrations');

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
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/get_token',
        headers: client,
        payload: { email, password },
      })
    ).json().token as string | undefined;

  it('signs up in two steps: the mailed link makes the account, verified and signed in, once', async () => {
    const body = await registration({ email: 'Lea.Register@Example.com', promo_code: 'leafit' });
    const res = await register(body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      data: {
        message:
          'Check your mailbox: we have sent a message to this address to finish your sign-up. Nothing after a few minutes? Look in your spam folder.',
      },
    });
    // No account until the address is confirmed.
    expect(
      await t.database.db
        .selectFrom('partners')
        .select('id')
        .where('email', '=', 'lea.register@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();

    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes('lea.register@example.com'));
    expect(mails).toHaveLength(1);
    // In the language of the sign-up, without the name typed in it.
    expect(mails[0]!.subject).toBe('Terminez votre inscription à Sunbite Partners');
    expect(mails[0]!.text).toMatch(/^Bonjour,/);
    expect(mails[0]!.text).not.toContain('Léa');
    const token = await lastLinkToken(t.dataDir, 'lea.register@example.com', 'verify_email');
    expect(mails[0]!.links[0]).toBe(`https://partners.example.test/verify_email?token=${token}`);
    // Only the hash is stored, and the password only hashed.
    const pending = await t.database.db
      .selectFrom('pending_registrations')
      .selectAll()
      .where('email', '=', 'lea.register@example.com')
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(pending)).not.toContain(token);
    expect(JSON.stringify(pending)).not.toContain('gummies-for-breakfast');

    const verify = (tok: string, lang = 'en', password: string | null = 'gummies-for-breakfast') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/verify_email',
        headers: { ...client, 'accept-language': lang },
        payload: { token: tok, ...(password === null ? {} : { password }) },
      });
    // The link asks for the password chosen at sign-up: without it, or with another, nothing is made or used up.
    const asked = await verify(token, 'en', null);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors).toEqual({ password: ['Enter the password you chose when you signed up'] });
    const wrong = await verify(token, 'en', 'someone-elses-password');
    expect(wrong.json().errors).toEqual({
      password: [
        'This is not the password chosen for this sign-up. If you did not sign up with it, sign up again.',
      ],
    });
    expect(
      await t.database.db
        .selectFrom('partners')
        .select('id')
        .where('email', '=', 'lea.register@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    const confirmed = first.json().data;
    expect(confirmed.message).toBe('Your e-mail address is confirmed. Welcome to the program!');
    // The product logs in after a successful sign-up (docs/product/errors-and-languages.md#the-api-conventions): the answer is that session.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(confirmed.token) })).statusCode,
    ).toBe(200);
    expect(Date.parse(confirmed.expired)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);

    const row = await t.database.db
      .selectFrom('partners')
      .selectAll()
      .where('email', '=', 'lea.register@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      verified: 1,
      accepted_terms: 1,
      locale: 'fr',
      country: 'CA',
      date_of_birth: '1992-07-14',
      first_name: 'Léa',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const code = await t.database.db
      .selectFrom('promo_codes')
      .selectAll()
      .where('partner_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(code).toMatchObject({ code: 'LEAFIT', value_bp: 1500, commission_rate_bp: 1000 });
    expect(
      await t.database.db
        .selectFrom('pending_registrations')
        .select('id')
        .where('email', '=', 'lea.register@example.com')
        .execute(),
    ).toEqual([]);

    // Followed again, the link says the address is verified (no session, nothing changes).
    const again = await verify(token, 'fr');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { message: 'Votre adresse e-mail est déjà vérifiée.' } });
    expect((await verify('forged-token')).json()).toEqual({
      code: 404,
      error: 'wrong_link',
      message: 'Wrong link',
    });

    // The new partner signs in with the password of the sign-up.
    const signedIn = await signIn('lea.register@example.com', 'gummies-for-breakfast');
    expect(signedIn).toBeTruthy();
  });

  it('refuses a replayed or forged human check and creates nothing', async () => {
    const body = await registration();
    expect((await register(body)).statusCode).toBe(202);
    const before = await count('partners');
    const replay = await register({ ...body, email: 'other.person@example.com', promo_code: 'OTHERCODE' });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ altcha: ['You need to pass the verification'] });
    const forged = await register({
      ...body,
      email: 'third@example.com',
      promo_code: 'THIRDCODE',
      altcha: Buffer.from('{"challenge":{}}').toString('base64'),
    });
    expect(forged.json().errors).toEqual({ altcha: ['You need to pass the verification'] });
    expect(await count('partners')).toBe(before);
  });

  it('answers every rule of docs/product/partners-and-accounts.md#registration at its field, in the visitor language, and changes nothing', async () => {
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
      [
        { password: 'password1', password_confirmation: 'password1' },
        'password',
        'This password is too common: choose another one',
        'en',
      ],
      [
        { password_confirmation: 'something-else' },
        'password_confirmation',
        'Password and confirm password does not match',
        'en',
      ],
      [{ promo_code: 'no spaces!' }, 'promo_code', 'Use 4 to 20 letters or digits, without spaces', 'en'],
      [{ category_id: 'fitness' }, 'category_id', 'This field is required', 'en'],
      [{ category_id: 99 }, 'category_id', 'Choose a category from the list', 'en'],
      [{ altcha: '' }, 'altcha', 'You need to pass the verification', 'en'],
      [{}, 'altcha', 'You need to pass the verification', 'en'],
      [
        { instagram_url: 'javascript:alert(1)' },
        'instagram_url',
        'Enter your Instagram username (@yourname) or the link to your Instagram profile',
        'en',
      ],
      [
        { instagram_url: 'https://www.tiktok.com/@lea' },
        'instagram_url',
        'Entrez votre nom d’utilisateur Instagram (@votrenom) ou le lien de votre profil Instagram',
        'fr',
      ],
      [
        { tiktok_url: 'lea glows' },
        'tiktok_url',
        'Enter your TikTok username (@yourname) or the link to your TikTok profile',
        'en',
      ],
      [
        { youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        'youtube_url',
        'Enter your YouTube handle (@yourname) or the link to your YouTube channel',
        'en',
      ],
      [
        { facebook_url: 'https://evil.example/facebook.com/lea' },
        'facebook_url',
        'Entrez votre nom d’utilisateur Facebook ou le lien de votre profil ou de votre page Facebook',
        'fr',
      ],
      [{ phone: '   ' }, 'phone', 'This field is required', 'en'],
      [{ country: '' }, 'country', 'Ce champ est obligatoire', 'fr'],
    ];
    for (const [overrides, field, message, lang] of cases) {
      const res = await register(await registration(overrides, false), {
        ...client,
        'accept-language': lang,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors?.[field], JSON.stringify(overrides)).toEqual([message]);
    }
    expect([await count('partners'), await count('promo_codes')]).toEqual(before);
  });

  it('answers a sign-up with an existing address exactly as a new one, and changes nothing of the account', async () => {
    const owner = await t.database.db
      .selectFrom('partners')
      .selectAll()
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    const [before, pendingBefore] = [await count('partners'), await pendingCount()];
    const headers = { ...client, 'accept-language': 'fr' };
    const fresh = await register(await registration({ email: `new.${Date.now()}@example.com` }), headers);
    const taken = await register(
      await registration({
        email: DEMO_PARTNER.email.toUpperCase(),
        password: 'an-intruder-password',
        password_confirmation: 'an-intruder-password',
      }),
      headers,
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json().data.message).toBe(
      'Consultez votre boîte de réception\u00a0: nous avons envoyé un message à cette adresse pour terminer votre inscription. Rien après quelques minutes\u202f? Vérifiez vos e-mails indésirables.',
    );

    // No second account, nothing waiting to become one, and the account as it was.
    expect(await count('partners')).toBe(before);
    expect(await pendingCount()).toBe(pendingBefore + 1);
    expect(
      await t.database.db
        .selectFrom('pending_registrations')
        .select('id')
        .where('email', '=', DEMO_PARTNER.email)
        .execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('partners')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(owner);
    expect(await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password)).toBeTruthy();
    expect(await signIn(DEMO_PARTNER.email, 'an-intruder-password')).toBeUndefined();

    // Its owner is told, in their language (English here, whatever the sign-up's), with the ways back in.
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(DEMO_PARTNER.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(mails[0]!.text).toMatch(/^Hi Maya,/);
    expect(mails[0]!.text).toContain('no new account was made and nothing in yours has changed');
    expect(mails[0]!.links).toEqual(
      expect.arrayContaining([
        'https://partners.example.test/login',
        'https://partners.example.test/login?forgot=1',
      ]),
    );
    expect(mails[0]!.text).not.toContain('verify_email');
    // The links open the sign-in page and its forgotten-password form (web/features/auth/ResetPasswordPage.tsx).
    expect(ROUTES.some((route) => route.path === '/login')).toBe(true);

    // A taken code is refused alike for both addresses, and says nothing of either.
    const codeFresh = await register(
      await registration({
        email: `other.${Date.now()}@example.com`,
        promo_code: DEMO_PROMO_CODE.toLowerCase(),
      }),
    );
    const codeOwner = await register(
      await registration({ email: DEMO_PARTNER.email, promo_code: DEMO_PROMO_CODE.toLowerCase() }),
    );
    expect(codeFresh.statusCode).toBe(422);
    expect(codeOwner.json()).toEqual(codeFresh.json());
    expect(codeOwner.json().errors).toEqual({ promo_code: ['This code is already taken'] });
  });

  it('mails an existing address once per 10 minutes however often it signs up, a suspended one too, in French for a French partner', async () => {
    const email = `celine.${Date.now()}@example.com`;
    const partner = await createPartnerAccount(t.database.db, {
      email,
      password: 'celine-own-password',
      first_name: 'Céline',
      last_name: 'Roy',
      locale: 'fr',
      verified: 1,
    });
    await t.database.db
      .updateTable('partners')
      .set({ status: 'suspended' })
      .where('id', '=', partner.id)
      .execute();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await register(await registration({ email }))).json());
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const mails = () => readOutbox(t.dataDir).then((all) => all.filter((m) => m.to.includes(email)));
    expect(await mails()).toHaveLength(1);
    const [mail] = await mails();
    expect(mail!.subject).toBe('Quelqu’un a tenté de s’inscrire avec votre adresse e-mail');
    expect(mail!.text).toMatch(/^Bonjour Céline,/);
    expect(mail!.text).toContain('Me connecter\u00a0: https://partners.example.test/login\n');
    expect(mail!.text).toContain(
      'Mot de passe oublié\u202f? En choisir un nouveau\u00a0: https://partners.example.test/login?forgot=1',
    );
    const row = await t.database.db
      .selectFrom('partners')
      .select(['status', 'password_hash'])
      .where('id', '=', partner.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('suspended');
    expect(await verifyPassword(row.password_hash!, 'celine-own-password')).toBe(true);

    // Once the window has passed (its count cleared), the next attempt mails again.
    await clearAttempts(t.database.db, `registration:email:${email}`);
    await register(await registration({ email }));
    expect(await mails()).toHaveLength(2);
  });

  it('mails a new address once per 10 minutes too; a later sign-up replaces the earlier link', async () => {
    const email = `twice.${Date.now()}@example.com`;
    const first = await register(await registration({ email, first_name: 'First' }));
    const second = await register(await registration({ email, first_name: 'Second' }));
    expect(second.json()).toEqual(first.json());
    const mails = () => readOutbox(t.dataDir).then((all) => all.filter((m) => m.to.includes(email)));
    expect(await mails()).toHaveLength(1);
    const firstLink = await lastLinkToken(t.dataDir, email, 'verify_email');

    await clearAttempts(t.database.db, `registration:email:${email}`);
    await register(await registration({ email, first_name: 'Third' }));
    expect(await mails()).toHaveLength(2);
    const verify = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/verify_email',
        headers: client,
        payload: { token, password: 'gummies-for-breakfast' },
      });
    expect((await verify(firstLink)).json()).toEqual({
      code: 404,
      error: 'wrong_link',
      message: 'Wrong link',
    });
    await finishSignUp(t.app, t.dataDir, email, CLIENT);
    const row = await t.database.db
      .selectFrom('partners')
      .select('first_name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Third');
  });

  it('refuses a sign-up link whose code was taken meanwhile, or that has expired, and makes nothing', async () => {
    const code = `RACE${Math.floor(Math.random() * 1e6)}`;
    const slow = `slow.${Date.now()}@example.com`;
    const quick = `quick.${Date.now()}@example.com`;
    await register(await registration({ email: slow, promo_code: code }));
    await register(await registration({ email: quick, promo_code: code }));
    const slowToken = await lastLinkToken(t.dataDir, slow, 'verify_email');
    await finishSignUp(t.app, t.dataDir, quick, CLIENT);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify_email',
      headers: client,
      payload: { token: slowToken, password: 'gummies-for-breakfast' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Someone else took your promo code in the meantime. Please sign up again with another code.',
    );
    expect(
      await t.database.db.selectFrom('partners').select('id').where('email', '=', slow).executeTakeFirst(),
    ).toBeUndefined();

    const late = `late.${Date.now()}@example.com`;
    await register(await registration({ email: late }));
    await t.database.db
      .updateTable('pending_registrations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', late)
      .execute();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify_email',
      headers: client,
      payload: {
        token: await lastLinkToken(t.dataDir, late, 'verify_email'),
        password: 'gummies-for-breakfast',
      },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('Link is expired');
    expect(
      await t.database.db.selectFrom('partners').select('id').where('email', '=', late).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('offers free variants of a taken code', async () => {
    const availability = async (code: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/promo-codes/availability?code=${code}`,
          headers: client,
        })
      ).json().data;
    const answer = await availability('maya15');
    expect(answer).toMatchObject({ code: 'MAYA15', available: false });
    expect(answer.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of answer.suggestions) {
      expect(suggestion).toMatch(/^[A-Z0-9]{4,20}$/);
      expect((await availability(suggestion)).available).toBe(true);
    }
    expect(await availability('FRESHCODE1')).toEqual({
      code: 'FRESHCODE1',
      available: true,
      suggestions: [],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/promo-codes/availability?code=X', headers: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps the referrer of a /r/ link and the sub-partner of a white-label registration', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: `/r/${DEMO_PROMO_CODE.toLowerCase()}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/register?ref=${DEMO_PROMO_CODE}`);
    expect((await t.app.inject({ method: 'GET', url: '/r/NOBODY' })).headers.location).toBe('/register');

    const body = await registration({ referral_code: DEMO_PROMO_CODE, subpartner: DEMO_SUBPARTNER_SLUG });
    expect((await register(body)).statusCode).toBe(202);
    await finishSignUp(t.app, t.dataDir, body.email as string, CLIENT);
    const row = await t.database.db
      .selectFrom('partners')
      .selectAll()
      .where('email', '=', body.email as string)
      .executeTakeFirstOrThrow();
    const demo = await t.database.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    const sub = await t.database.db.selectFrom('subpartners').select('id').executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(demo.id);
    expect(row.subpartner_id).toBe(sub.id);
  });

  it('stores the social profiles typed at sign-up and in settings as their addresses (docs/product/partners-and-accounts.md#social-profiles)', async () => {
    const email = `maya.glows.${Date.now()}@example.com`;
    const body = await registration({
      email,
      instagram_url: '@Maya.Glows',
      tiktok_url: 'tiktok.com/@maya.glows/',
      youtube_url: 'https://m.youtube.com/@maya.glows/videos?app=desktop',
      facebook_url: 'www.facebook.com/maya.glows?mibextid=ZbWKwL',
    });
    expect((await register(body)).statusCode).toBe(202);
    const { token } = await finishSignUp(t.app, t.dataDir, email, CLIENT);
    const social = () =>
      t.database.db
        .selectFrom('partners')
        .select(['instagram_url', 'facebook_url', 'youtube_url', 'tiktok_url', 'phone', 'country'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    expect(await social()).toEqual({
      instagram_url: 'https://www.instagram.com/maya.glows/',
      facebook_url: 'https://www.facebook.com/maya.glows',
      youtube_url: 'https://www.youtube.com/@maya.glows',
      tiktok_url: 'https://www.tiktok.com/@maya.glows',
      phone: '+1 514 555 0100',
      country: 'CA',
    });

    const update = (payload: Record<string, unknown>, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/update',
        headers: { ...bearer(token), 'accept-language': lang },
        payload: { first_name: 'Maya', last_name: 'Glows', ...payload },
      });
    const saved = await update({
      phone: '+1 514 555 0199',
      country: 'CA',
      instagram_url: 'https://instagram.com/maya.moves?igsh=abc',
      facebook_url: 'https://www.facebook.com/profile.php?id=100012345678901&sk=about',
      youtube_url: '',
      tiktok_url: '@Maya.Moves',
    });
    expect(saved.statusCode).toBe(200);
    expect(await social()).toEqual({
      instagram_url: 'https://www.instagram.com/maya.moves/',
      facebook_url: 'https://www.facebook.com/profile.php?id=100012345678901',
      youtube_url: null,
      tiktok_url: 'https://www.tiktok.com/@maya.moves',
      phone: '+1 514 555 0199',
      country: 'CA',
    });

    // Another site's address, or a handle the network does not allow: refused at its field, nothing saved.
    const before = await social();
    const refused = await update(
      { instagram_url: 'https://www.tiktok.com/@maya.glows', tiktok_url: 'maya glows' },
      'fr',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'form_invalid',
      errors: {
        instagram_url: [
          'Entrez votre nom d’utilisateur Instagram (@votrenom) ou le lien de votre profil Instagram',
        ],
        tiktok_url: ['Entrez votre nom d’utilisateur TikTok (@votrenom) ou le lien de votre profil TikTok'],
      },
    });
    expect(await social()).toEqual(before);
  });

  it('never lets settings empty the phone or the country asked at sign-up, in both languages; left out, they stay', async () => {
    const email = `phone.kept.${Date.now()}@example.com`;
    expect((await register(await registration({ email }))).statusCode).toBe(202);
    const { token } = await finishSignUp(t.app, t.dataDir, email, CLIENT);
    const update = (payload: Record<string, unknown>, lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update',
        headers: { ...bearer(token), 'accept-language': lang },
        payload: { first_name: 'Léa', last_name: 'Tremblay', ...payload },
      });
    const row = () =>
      t.database.db
        .selectFrom('partners')
        .select(['phone', 'country', 'city'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    for (const [payload, field, message, lang] of [
      [{ phone: '' }, 'phone', 'This field is required', 'en'],
      [{ phone: '  ' }, 'phone', 'Ce champ est obligatoire', 'fr'],
      [{ phone: null }, 'phone', 'This field is required', 'en'],
      [{ phone: 'call me' }, 'phone', 'Valeur incorrecte', 'fr'],
      [{ country: '' }, 'country', 'Ce champ est obligatoire', 'fr'],
      [{ country: null }, 'country', 'This field is required', 'en'],
    ] as const) {
      const res = await update({ ...payload, city: 'Nowhere' }, lang);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual({ [field]: [message] });
    }
    expect(await row()).toEqual({ phone: '+1 514 555 0100', country: 'CA', city: null });
    // Left out (a client that does not show them), they stay as they are.
    const kept = await update({ city: 'Québec' }, 'en');
    expect(kept.statusCode).toBe(200);
    expect(await row()).toEqual({ phone: '+1 514 555 0100', country: 'CA', city: 'Québec' });
  });

  it('lists the influencer categories in the visitor language', async () => {
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { ...client, 'accept-language': 'fr' },
    });
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
    expect(known.json().data.message).toBe(
      'If an account exists for this e-mail, we have sent a link to reset its password.',
    );
    for (const email of ['nobody@example.com', DEMO_PARTNER.email]) {
      const repeat = await post('/api/password/forgot', { email });
      expect(repeat.json().data.message).toBe(
        'We have already sent you a link. Please check your inbox and your spam folder.',
      );
    }
    const mails = await readOutbox(t.dataDir);
    expect(mails.filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
    expect(mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    expect((await post('/api/password/forgot', { email: 'bad' })).statusCode).toBe(422);
  });

  it('resets the password once with the mailed link, and every old session ends', async () => {
    const oldToken = (await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password)).json().token;
    const token = await lastLinkToken(t.dataDir, DEMO_PARTNER.email, 'reset_password');
    // Opened: the page hears the link is good, and asking twice uses nothing up.
    for (let i = 0; i < 2; i++)
      expect((await post('/api/password/reset/check', { token })).json()).toEqual({
        data: { message: 'Choose your new password.' },
      });
    const mismatch = await post('/api/password/reset', {
      token,
      password: 'new-sunny-password',
      password_confirmation: 'other',
    });
    expect(mismatch.statusCode).toBe(422);
    const res = await post('/api/password/reset', {
      token,
      password: 'new-sunny-password',
      password_confirmation: 'new-sunny-password',
    });
    expect(res.json()).toEqual({ data: { message: 'Your password has been reset successfully.' } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    expect((await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password)).statusCode).toBe(401);
    expect((await signIn(DEMO_PARTNER.email, 'new-sunny-password')).statusCode).toBe(200);
    const reuse = await post('/api/password/reset', {
      token,
      password: 'third-password-x',
      password_confirmation: 'third-password-x',
    });
    expect(reuse.json()).toEqual({
      code: 410,
      error: 'reset_used',
      message:
        'This reset link has already been used. Ask for a new one if you still need to change your password.',
    });
    // The page asks as it opens: a used link is refused before a password is typed, nothing used up.
    expect((await post('/api/password/reset/check', { token })).json()).toMatchObject({
      code: 410,
      error: 'reset_used',
    });
    expect((await post('/api/password/reset/check', { token: 'forged' })).json()).toMatchObject({
      code: 404,
      error: 'wrong_link',
    });
  });

  it('answers 410 Recovery Token Expired for a link older than an hour', async () => {
    const partner = await t.database.db.selectFrom('partners').select('id').executeTakeFirstOrThrow();
    const { newToken } = await import('../../credentials/tokens');
    const { token, hash } = newToken();
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    await t.database.db
      .insertInto('one_time_tokens')
      .values({
        purpose: 'reset_password',
        subject_id: partner.id,
        token_hash: hash,
        created_at: twoHoursAgo.toISOString(),
        expires_at: new Date(twoHoursAgo.getTime() + 3600 * 1000).toISOString(),
      })
      .execute();
    const res = await post('/api/password/reset', {
      token,
      password: 'another-new-pass',
      password_confirmation: 'another-new-pass',
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(
      'Your reset token has expired. Please reset your password again by clicking',
    );
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const password = 'new-sunny-password';
    const mine = (await signIn(DEMO_PARTNER.email, password)).json().token;
    const other = (await signIn(DEMO_PARTNER.email, password)).json().token;
    const wrong = await post(
      '/api/change-password',
      {
        current_password: 'nope-nope',
        password: 'fresh-password-1',
        password_confirmation: 'fresh-password-1',
      },
      bearer(mine),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is not correct'] });
    const ok = await post(
      '/api/change-password',
      { current_password: password, password: 'fresh-password-1', password_confirmation: 'fresh-password-1' },
      bearer(mine),
    );
    expect(ok.json()).toEqual({ data: { message: 'Password changed successfully' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(mine) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    expect(
      (
        await post(
          '/api/change-password',
          { current_password: 'x', password: 'y', password_confirmation: 'y' },
          {},
        )
      ).statusCode,
    ).toBe(401);
  });

  it('saves the profile and answers the user payload; bad values change nothing', async () => {
    const token = (await signIn(DEMO_PARTNER.email, 'fresh-password-1')).json().token;
    const { decryptPayload } = await import('../partners/service');
    const { resolveProgramSecrets } = await import('../settings/service');
    const key = (await resolveProgramSecrets(t.database.db, t.config)).userPayloadKey;
    const base = { first_name: 'Maya', last_name: 'Laurent' };
    const saved = await post(
      '/api/update',
      {
        ...base,
        city: 'Québec',
        paypal_email: 'Maya.Pay@Example.com',
        current_password: 'fresh-password-1',
        locale: 'fr',
      },
      bearer(token),
    );
    expect(saved.statusCode).toBe(200);
    expect(decryptPayload(key, saved.json().data)).toMatchObject({
      city: 'Québec',
      paypal_email: 'maya.pay@example.com',
      locale: 'fr',
    });
    const bad = await post(
      '/api/update',
      { ...base, city: 'Nowhere', paypal_email: 'not-mail' },
      bearer(token),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ paypal_email: ['This field must be a valid email'] });
    const row = await t.database.db
      .selectFrom('partners')
      .select('city')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    expect(row.city).toBe('Québec');
  });

  it('resends the verification mail to an unverified partner, throttled', async () => {
    await t.database.db.updateTable('partners').set({ verified: 0 }).execute();
    const token = (await signIn(DEMO_PARTNER.email, 'fresh-password-1')).json().token;
    const resend = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/resend_verify_email', headers: bearer(token) });
    for (let i = 0; i < 3; i++)
      expect((await resend()).json().data).toEqual({
        message: 'Email sent, please check your mailbox',
        verified: false,
      });
    const throttled = await resend();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('Too many requests');
  });
});

// Sub-partners in the back office (issue 13, docs/product/partners-and-accounts.md#white-label-sub-partners, docs/product/back-office.md#staff-roles): every staff role reads, managers
// and admins create and change; every field is validated with the spec's words (the slug's format,
// the portal's own words and taken slugs refused, any case, also when two requests race for one);
// each change is audited, before and after, in the change's transaction; the list is paged and
// searched with each sub-partner's partner count; a new slug takes over the public pages at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../../common/subpartners';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';

const CLIENT = 'subpartners-test-public-client-token';
const client = { authorization: `Bearer ${CLIENT}` };

let t: TestApp;
let admin: FixtureStaff;
let manager: FixtureStaff;
let reviewer: FixtureStaff;
let partnerToken: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT }, build: { rateLimits: { api: 100_000 } } });
  admin = await createStaffWithToken(t.database.db, 'admin');
  manager = await createStaffWithToken(t.database.db, 'manager');
  reviewer = await createStaffWithToken(t.database.db, 'reviewer');
  const partner = await createPartnerAccount(t.database.db, {
    email: 'pat@example.test',
    password: 'partner-password',
    first_name: 'Pat',
    last_name: 'Partner',
  });
  partnerToken = (await issueToken(t.database.db, 'partner', partner.id)).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('throttle_events').execute();
});

const db = () => t.database.db;
const base = '/api/manager/subpartners';
type Payload = Record<string, unknown>;
const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${base}${query}`, headers: bearer(token) });
const read = (token: string, id: number | string) =>
  t.app.inject({ method: 'GET', url: `${base}/${id}`, headers: bearer(token) });
const create = (token: string, payload: Payload, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: base, headers: { ...bearer(token), ...headers }, payload });
const patch = (token: string, id: number | string, payload: Payload, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: `${base}/${id}`, headers: { ...bearer(token), ...headers }, payload });
const publicPage = (slug: string) =>
  t.app.inject({ method: 'GET', url: `/api/subpartners/${slug}`, headers: client });

/** A complete, valid creation body with a slug of its own. */
function fields(overrides: Payload = {}): Payload {
  serial += 1;
  return {
    slug: `agency-${serial}`,
    name: `Agency ${serial}`,
    primary_color: '#0f766e',
    accent_color: '#f59e0b',
    welcome_en: 'Welcome, creators of our agency.',
    welcome_fr: 'Bienvenue, créateurs de notre agence.',
    ...overrides,
  };
}

async function created(overrides: Payload = {}, token = manager.token) {
  const res = await create(token, fields(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; slug: string; updated_at: string } & Record<string, unknown>;
}

/** Everything a sub-partner change may write, to show a refused one wrote nothing. */
async function state() {
  const subpartners = await db().selectFrom('subpartners').selectAll().orderBy('id').execute();
  const audit = await db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'subpartner')
    .orderBy('id')
    .execute();
  return { subpartners, audit };
}
const auditOf = (id: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'subpartner')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();
const parsed = (text: string | null) => (text === null ? null : JSON.parse(text));

describe('rights', () => {
  it('lets every staff role read, and only managers and admins change: 403 for reviewers, 401 for partners and strangers', async () => {
    const agency = await created();
    expect((await list(reviewer.token)).statusCode).toBe(200);
    expect((await read(reviewer.token, agency.id)).statusCode).toBe(200);
    const before = await state();
    const refused = await create(reviewer.token, fields());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, error: 'forbidden', message: 'Forbidden' });
    expect((await patch(reviewer.token, agency.id, { name: 'Taken over' })).statusCode).toBe(403);
    const logo = await t.app.inject({
      method: 'POST',
      url: `${base}/${agency.id}/logo`,
      headers: { ...bearer(reviewer.token), 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });
    expect(logo.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${base}/${agency.id}/logo`,
          headers: bearer(reviewer.token),
        })
      ).statusCode,
    ).toBe(403);
    for (const token of [partnerToken, 'not-a-token']) {
      expect((await list(token)).statusCode).toBe(401);
      expect((await read(token, agency.id)).statusCode).toBe(401);
      expect((await create(token, fields())).json()).toEqual({
        code: 401,
        error: 'not_authorized',
        message: 'Not Authorized',
      });
      expect((await patch(token, agency.id, { name: 'x' })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect(await state()).toEqual(before);

    for (const who of [manager, admin]) {
      const made = await created({}, who.token);
      expect((await patch(who.token, made.id, { name: `Renamed by ${who.role}` })).statusCode).toBe(200);
      expect((await auditOf(made.id)).map((line) => [line.action, line.staff_id])).toEqual([
        ['subpartner.create', who.id],
        ['subpartner.update', who.id],
      ]);
    }
  });
});

describe('creating', () => {
  it('creates a sub-partner, writes it lower-case and trimmed, audits it, and its public pages show it', async () => {
    const res = await create(admin.token, {
      slug: '  Glow-Studio ',
      name: '  Glow Studio  ',
      primary_color: '#7C3AED',
      accent_color: ' #F59E0B',
      welcome_en: ' Glow creators: welcome! ',
      welcome_fr: 'Créateurs Glow : bienvenue !',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json().data;
    expect(row).toMatchObject({
      slug: 'glow-studio',
      name: 'Glow Studio',
      logo_url: null,
      primary_color: '#7c3aed',
      accent_color: '#f59e0b',
      welcome_en: 'Glow creators: welcome!',
      welcome_fr: 'Créateurs Glow : bienvenue !',
      active: true,
      partners_count: 0,
    });
    expect(row.updated_at).toBe(row.created_at);
    const audit = await auditOf(row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'subpartner.create',
      staff_id: admin.id,
      before: null,
      created_at: row.created_at,
    });
    expect(parsed(audit[0]!.after)).toEqual({
      slug: 'glow-studio',
      name: 'Glow Studio',
      logo_url: null,
      primary_color: '#7c3aed',
      accent_color: '#f59e0b',
      welcome: { en: 'Glow creators: welcome!', fr: 'Créateurs Glow : bienvenue !' },
      active: true,
    });
    const page = await publicPage('Glow-Studio');
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toEqual({
      slug: 'glow-studio',
      name: 'Glow Studio',
      logo_url: null,
      primary_color: '#7c3aed',
      accent_color: '#f59e0b',
      welcome: { en: 'Glow creators: welcome!', fr: 'Créateurs Glow : bienvenue !' },
    });
    expect((await read(reviewer.token, row.id)).json().data).toEqual(row);
  });

  it('takes a sub-partner without a welcome, or created inactive (its pages then answer 404)', async () => {
    const quiet = await created({ welcome_en: undefined, welcome_fr: undefined });
    expect(quiet).toMatchObject({ welcome_en: '', welcome_fr: '', active: true });
    const hidden = await created({ active: false });
    expect(hidden.active).toBe(false);
    expect((await publicPage(hidden.slug)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  const cases: [string, Payload, Record<string, string[]>][] = [
    [
      'nothing',
      {},
      {
        slug: ['This field is required'],
        name: ['This field is required'],
        primary_color: ['This field is required'],
        accent_color: ['This field is required'],
      },
    ],
    [
      'a blank slug and name',
      { slug: '   ', name: '  ' },
      { slug: ['This field is required'], name: ['This field is required'] },
    ],
    [
      'spaces in the slug',
      { slug: 'glow studio' },
      {
        slug: [
          'Use 1 to 50 lower-case letters, digits or hyphens, starting and ending with a letter or a digit',
        ],
      },
    ],
    [
      'a slug starting with a hyphen',
      { slug: '-glow' },
      {
        slug: [
          'Use 1 to 50 lower-case letters, digits or hyphens, starting and ending with a letter or a digit',
        ],
      },
    ],
    [
      'a slug ending with a hyphen',
      { slug: 'glow-' },
      {
        slug: [
          'Use 1 to 50 lower-case letters, digits or hyphens, starting and ending with a letter or a digit',
        ],
      },
    ],
    [
      'accents and dots',
      { slug: 'éclat.co' },
      {
        slug: [
          'Use 1 to 50 lower-case letters, digits or hyphens, starting and ending with a letter or a digit',
        ],
      },
    ],
    [
      'a slug of 51 characters',
      { slug: 'a'.repeat(51) },
      {
        slug: [
          'Use 1 to 50 lower-case letters, digits or hyphens, starting and ending with a letter or a digit',
        ],
      },
    ],
    ['a slug that is not text', { slug: 42 }, { slug: ['Wrong value'] }],
    [
      'a reserved word',
      { slug: 'login' },
      { slug: ['This word is one of the portal’s own pages: choose another address'] },
    ],
    [
      'a reserved word in capitals',
      { slug: 'Manager' },
      { slug: ['This word is one of the portal’s own pages: choose another address'] },
    ],
    ['a name of 201 characters', { name: 'n'.repeat(201) }, { name: ['200 characters maximum'] }],
    ['a NUL in the name', { name: 'Glow\u0000' }, { name: ['Wrong value'] }],
    [
      'a colour by name',
      { primary_color: 'purple' },
      { primary_color: ['Write the colour as #rrggbb, for example #7c3aed'] },
    ],
    [
      'a short colour',
      { accent_color: '#fff' },
      { accent_color: ['Write the colour as #rrggbb, for example #7c3aed'] },
    ],
    [
      'a colour that is not hexadecimal',
      { accent_color: '#12345g' },
      { accent_color: ['Write the colour as #rrggbb, for example #7c3aed'] },
    ],
    ['a colour that is not text', { primary_color: 0x7c3aed }, { primary_color: ['Wrong value'] }],
    [
      'a welcome of 501 characters',
      { welcome_en: 'w'.repeat(501) },
      { welcome_en: ['500 characters maximum'] },
    ],
    [
      'a welcome in English only',
      { welcome_fr: '' },
      { welcome_fr: ['Write the welcome in both languages, or leave both empty'] },
    ],
    [
      'a welcome in French only',
      { welcome_en: '  ' },
      { welcome_en: ['Write the welcome in both languages, or leave both empty'] },
    ],
    ['an active that is not a boolean', { active: 'yes' }, { active: ['Wrong value'] }],
  ];
  for (const [what, change, errors] of cases) {
    it(`refuses ${what} with 422 and the field's message, writing nothing`, async () => {
      const before = await state();
      const body = what === 'nothing' ? {} : fields(change);
      const res = await create(manager.token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        code: 422,
        error: 'form_invalid',
        message: 'Form data is invalid',
        errors,
      });
      expect(await state()).toEqual(before);
    });
  }

  it('refuses every reserved word, whatever its case', async () => {
    for (const word of RESERVED_SLUGS) {
      const res = await create(manager.token, fields({ slug: word.toUpperCase() }));
      expect(res.statusCode, word).toBe(422);
      // Words that are not slugs at all (`socket.io`) are refused by their format.
      expect(res.json().errors.slug[0], word).toMatch(/portal’s own pages|lower-case letters/);
    }
  });

  it('answers the messages in French for a French visitor', async () => {
    const res = await create(
      manager.token,
      fields({ slug: 'register', primary_color: 'violet', welcome_fr: '' }),
      { 'accept-language': 'fr' },
    );
    expect(res.json()).toEqual({
      code: 422,
      error: 'form_invalid',
      message: 'Les données du formulaire sont invalides',
      errors: {
        slug: ['Ce mot est une page du portail lui-même\u00a0: choisissez une autre adresse'],
        primary_color: ['Écrivez la couleur sous la forme #rrggbb, par exemple #7c3aed'],
      },
    });
    // The pairing of the welcomes is the service's rule, checked once the fields are well formed.
    const pair = await create(manager.token, fields({ welcome_fr: '' }), { 'accept-language': 'fr' });
    expect(pair.json().errors).toEqual({
      welcome_fr: ['Écrivez le mot d’accueil dans les deux langues, ou laissez les deux vides'],
    });
  });
});

describe('taken slugs', () => {
  it('refuses a slug another sub-partner has, in any case, with 422 on the field', async () => {
    const first = await created({ slug: 'sunny-side' });
    const before = await state();
    for (const slug of ['sunny-side', 'Sunny-Side', ' SUNNY-SIDE ']) {
      const res = await create(manager.token, fields({ slug }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ slug: ['Another sub-partner already has this address'] });
    }
    // A deactivated one keeps its slug.
    await patch(manager.token, first.id, { active: false });
    expect((await create(manager.token, fields({ slug: 'sunny-side' }))).statusCode).toBe(422);
    expect((await state()).subpartners).toHaveLength(before.subpartners.length);
  });

  it('lets one of two creations racing for a slug through; the other hears the slug is taken', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(i % 2 ? admin.token : manager.token, fields({ slug: 'race-to-me' })),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    for (const answer of answers.filter((a) => a.statusCode === 422))
      expect(answer.json().errors).toEqual({ slug: ['Another sub-partner already has this address'] });
    const rows = await db().selectFrom('subpartners').select('id').where('slug', '=', 'race-to-me').execute();
    expect(rows).toHaveLength(1);
    expect(await auditOf(rows[0]!.id)).toHaveLength(1);
  });

  it('refuses renaming to a taken slug, also when two renames race for one', async () => {
    const owner = await created({ slug: 'owned-slug' });
    const other = await created();
    const res = await patch(manager.token, other.id, { slug: 'OWNED-SLUG' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ slug: ['Another sub-partner already has this address'] });
    // Its own slug again, in capitals, is no change at all.
    const same = await patch(manager.token, owner.id, { slug: 'Owned-Slug' });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(owner.id)).toHaveLength(1);

    const a = await created();
    const b = await created();
    const answers = await Promise.all([
      patch(manager.token, a.id, { slug: 'wanted-by-two' }),
      patch(admin.token, b.id, { slug: 'wanted-by-two' }),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 422]);
    expect(
      await db().selectFrom('subpartners').select('id').where('slug', '=', 'wanted-by-two').execute(),
    ).toHaveLength(1);
  });
});

describe('changing', () => {
  it('changes any field, audits before and after, and answers the sub-partner as it now is', async () => {
    const agency = await created({ slug: 'before-co' });
    const res = await patch(manager.token, agency.id, {
      name: 'After Co',
      primary_color: '#112233',
      accent_color: '#AABBCC',
      welcome_en: 'New welcome.',
      welcome_fr: 'Nouveau mot d’accueil.',
      base_updated_at: agency.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      slug: 'before-co',
      name: 'After Co',
      primary_color: '#112233',
      accent_color: '#aabbcc',
      welcome_en: 'New welcome.',
      welcome_fr: 'Nouveau mot d’accueil.',
    });
    expect(row.updated_at > agency.updated_at).toBe(true);
    const audit = await auditOf(agency.id);
    expect(audit.map((line) => line.action)).toEqual(['subpartner.create', 'subpartner.update']);
    expect(parsed(audit[1]!.before)).toMatchObject({
      name: agency.name,
      primary_color: '#0f766e',
      welcome: { en: 'Welcome, creators of our agency.' },
    });
    expect(parsed(audit[1]!.after)).toMatchObject({
      name: 'After Co',
      primary_color: '#112233',
      accent_color: '#aabbcc',
      welcome: { en: 'New welcome.', fr: 'Nouveau mot d’accueil.' },
    });
    expect(audit[1]!.created_at).toBe(row.updated_at);
    expect((await publicPage('before-co')).json().data.name).toBe('After Co');
  });

  it('moves the public pages to a new slug at once: the old one answers 404; its partners stay with it', async () => {
    const agency = await created({ slug: 'old-address' });
    await createPartnerAccount(db(), {
      email: `moving.${serial}@example.test`,
      password: 'partner-password',
      first_name: 'Mo',
      last_name: 'Ving',
      subpartner_id: agency.id,
    });
    expect((await publicPage('old-address')).statusCode).toBe(200);
    const res = await patch(admin.token, agency.id, { slug: 'New-Address' });
    expect(res.json().data).toMatchObject({ slug: 'new-address', partners_count: 1 });
    expect((await publicPage('old-address')).statusCode).toBe(404);
    expect((await publicPage('new-address')).statusCode).toBe(200);
    const audit = await auditOf(agency.id);
    expect(parsed(audit.at(-1)!.before).slug).toBe('old-address');
    expect(parsed(audit.at(-1)!.after).slug).toBe('new-address');
    // The partners list finds them under the new slug, and the old one names nothing.
    const partners = await t.app.inject({
      method: 'GET',
      url: '/api/manager/partners?subpartner=new-address',
      headers: bearer(reviewer.token),
    });
    expect(partners.json().data.map((p: { first_name: string }) => p.first_name)).toEqual(['Mo']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/manager/partners?subpartner=old-address',
          headers: bearer(reviewer.token),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('audits a change of `active` alone as a deactivation or a reactivation; the pages follow', async () => {
    const agency = await created();
    const off = await patch(manager.token, agency.id, { active: false });
    expect(off.json().data.active).toBe(false);
    expect((await publicPage(agency.slug)).statusCode).toBe(404);
    const on = await patch(manager.token, agency.id, { active: true });
    expect(on.json().data.active).toBe(true);
    expect((await publicPage(agency.slug)).statusCode).toBe(200);
    const audit = await auditOf(agency.id);
    expect(audit.map((line) => line.action)).toEqual([
      'subpartner.create',
      'subpartner.deactivate',
      'subpartner.reactivate',
    ]);
    expect([parsed(audit[1]!.before).active, parsed(audit[1]!.after).active]).toEqual([true, false]);
    // Deactivating and renaming at once is one change.
    await patch(manager.token, agency.id, { active: false, name: 'Paused Agency' });
    expect((await auditOf(agency.id)).at(-1)!.action).toBe('subpartner.update');
  });

  it('writes nothing for a change that changes nothing, and refuses an empty one', async () => {
    const agency = await created();
    const before = await state();
    const same = await patch(manager.token, agency.id, {
      name: ` ${String(agency.name)} `,
      primary_color: '#0F766E',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.updated_at).toBe(agency.updated_at);
    const empty = await patch(manager.token, agency.id, {});
    expect(empty.json()).toEqual({
      code: 422,
      error: 'subpartners.nothing_to_change',
      message: 'Say what to change: the address, name, colours, welcome or status',
    });
    const onlyBase = await patch(manager.token, agency.id, { base_updated_at: agency.updated_at });
    expect(onlyBase.statusCode).toBe(422);
    expect(await state()).toEqual(before);
  });

  it('validates a change as a creation, and pairs the welcomes with what is stored', async () => {
    const agency = await created();
    const before = await state();
    const bad = await patch(manager.token, agency.id, {
      slug: 'api',
      name: '',
      accent_color: 'blue',
      welcome_fr: 'x'.repeat(501),
    });
    expect(bad.json().errors).toEqual({
      slug: ['This word is one of the portal’s own pages: choose another address'],
      name: ['This field is required'],
      accent_color: ['Write the colour as #rrggbb, for example #7c3aed'],
      welcome_fr: ['500 characters maximum'],
    });
    // The stored French stays: emptying the English alone leaves a French-only welcome.
    const half = await patch(manager.token, agency.id, { welcome_en: '' });
    expect(half.json().errors).toEqual({
      welcome_en: ['Write the welcome in both languages, or leave both empty'],
    });
    expect(await state()).toEqual(before);
    // Both emptied at once is no welcome at all.
    expect(
      (await patch(manager.token, agency.id, { welcome_en: '', welcome_fr: '' })).json().data,
    ).toMatchObject({ welcome_en: '', welcome_fr: '' });
  });

  it('refuses with 409 a change made from an older screen, changing nothing', async () => {
    const agency = await created();
    const first = await patch(manager.token, agency.id, {
      name: 'First Edit',
      base_updated_at: agency.updated_at,
    });
    expect(first.statusCode).toBe(200);
    const before = await state();
    const stale = await patch(admin.token, agency.id, {
      accent_color: '#000000',
      base_updated_at: agency.updated_at,
    });
    expect(stale.json()).toEqual({
      code: 409,
      error: 'subpartners.stale',
      message: 'This sub-partner was changed by someone else: reload to see it',
    });
    expect(await state()).toEqual(before);
    const fresh = await patch(admin.token, agency.id, {
      accent_color: '#000000',
      base_updated_at: first.json().data.updated_at,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 404 for an unknown sub-partner and 422 for an id that is none', async () => {
    expect((await read(reviewer.token, 999_999)).json()).toEqual({
      code: 404,
      error: 'subpartners.not_found',
      message: 'No sub-partner has this id',
    });
    expect((await patch(manager.token, 999_999, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await read(reviewer.token, 'abc')).statusCode).toBe(422);
    expect((await patch(manager.token, 0, { name: 'Nobody' })).statusCode).toBe(422);
  });
});

describe('the audit line shares the change’s transaction', () => {
  // A trigger makes the audit line's insert fail, on either database: the change goes with it.
  async function auditRefused(run: () => Promise<void>) {
    const postgres = t.database.dialect === 'postgres';
    if (postgres) {
      await sql`create or replace function pp_test_refuse() returns trigger as $$ begin raise exception 'refused by the test'; end $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger pp_test_refuse before insert on audit_log for each row execute function pp_test_refuse()`.execute(
        db(),
      );
    } else {
      await sql`create trigger pp_test_refuse before insert on audit_log begin select raise(abort, 'refused by the test'); end`.execute(
        db(),
      );
    }
    try {
      await run();
    } finally {
      await sql`drop trigger pp_test_refuse${postgres ? sql` on audit_log` : sql``}`.execute(db());
    }
  }

  it('a creation or a change whose audit line fails leaves neither', async () => {
    const agency = await created();
    const before = await state();
    await auditRefused(async () => {
      expect((await create(manager.token, fields({ slug: 'never-made' }))).statusCode).toBe(500);
      expect(
        (await patch(manager.token, agency.id, { name: 'Never Renamed', slug: 'never-moved' })).statusCode,
      ).toBe(500);
      expect((await patch(manager.token, agency.id, { active: false })).statusCode).toBe(500);
    });
    expect(await state()).toEqual(before);
    expect((await publicPage(agency.slug)).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('pages sub-partners by name with their partner counts, searches name and slug, and filters by state', async () => {
    // A list of its own: the other tests' sub-partners go first.
    await db().deleteFrom('audit_log').where('entity', '=', 'subpartner').execute();
    await db().updateTable('partners').set({ subpartner_id: null }).execute();
    await db().deleteFrom('subpartners').execute();
    const zest = await created({ slug: 'zest-media', name: 'Zest Media' });
    const aurora = await created({ slug: 'aurora', name: 'aurora Creators' });
    const bloom = await created({ slug: 'bloom-100', name: 'Bloom 100% Studio' });
    const quiet = await created({ slug: 'quiet-co', name: 'Quiet Co', active: false });
    for (const [agency, n] of [
      [zest, 3],
      [bloom, 1],
    ] as const) {
      for (let i = 0; i < n; i++)
        await createPartnerAccount(db(), {
          email: `p${agency.id}.${i}@example.test`,
          password: 'partner-password',
          first_name: 'P',
          last_name: String(i),
          subpartner_id: agency.id,
        });
    }

    const first = await list(reviewer.token, '?length=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 2, last_page: 2, total: 4 });
    // By name, any case: aurora, Bloom, Quiet, Zest.
    expect(body.data.map((r: { slug: string }) => r.slug)).toEqual(['aurora', 'bloom-100']);
    expect(body.data[0].id).toBe(aurora.id);
    expect(body.data.map((r: { partners_count: number }) => r.partners_count)).toEqual([0, 1]);
    const second = (await list(reviewer.token, '?length=2&page=2')).json();
    expect(
      second.data.map((r: { slug: string; partners_count: number; active: boolean }) => [
        r.slug,
        r.partners_count,
        r.active,
      ]),
    ).toEqual([
      ['quiet-co', 0, false],
      ['zest-media', 3, true],
    ]);
    expect(second.data[1]).toMatchObject({
      id: zest.id,
      name: 'Zest Media',
      primary_color: '#0f766e',
      logo_url: null,
    });

    const slugs = async (query: string) =>
      (await list(manager.token, query)).json().data.map((r: { slug: string }) => r.slug);
    expect(await slugs('?q=MEDIA')).toEqual(['zest-media']);
    expect(await slugs('?q=Creat')).toEqual(['aurora']);
    expect(await slugs('?q=bloom-1')).toEqual(['bloom-100']);
    // `%` and `_` are letters in a search, not patterns.
    expect(await slugs('?q=100%25')).toEqual(['bloom-100']);
    expect(await slugs('?q=_')).toEqual([]);
    expect(await slugs('?active=false')).toEqual(['quiet-co']);
    expect(await slugs('?active=true&q=o')).toEqual(['aurora', 'bloom-100']);
    expect(await slugs('?q=nothing-like-it')).toEqual([]);
    expect((await list(manager.token, '?active=maybe')).json().errors).toEqual({ active: ['Wrong value'] });
    expect((await list(manager.token, '?length=101')).statusCode).toBe(422);
    expect(quiet.active).toBe(false);

    // The partners list's filter offers every one of them, active or not.
    const choices = await t.app.inject({
      method: 'GET',
      url: '/api/manager/partners/filters',
      headers: bearer(reviewer.token),
    });
    expect(choices.json().data.subpartners).toEqual([
      { slug: 'aurora', name: 'aurora Creators', active: true },
      { slug: 'bloom-100', name: 'Bloom 100% Studio', active: true },
      { slug: 'quiet-co', name: 'Quiet Co', active: false },
      { slug: 'zest-media', name: 'Zest Media', active: true },
    ]);
    expect((await read(reviewer.token, zest.id)).json().data.partners_count).toBe(3);
  });
});

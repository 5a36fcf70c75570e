// Announcements and custom notifications (docs/product/engagement.md#notifications): per-language copies, the bell and its
// custom count, read-marking, edits and deletes reaching every copy, the audit log, live push,
// authorization both ways, and bad input answering 4xx with nothing changed.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedAltcha } from '../../test/altcha';
import { createTestApp, type TestApp } from '../../test/app';
import { finishSignUp } from '../../test/sign-up';
import { bearer, createStaffWithToken, type FixtureStaff } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const CLIENT = 'messages-test-public-client-token-00';

interface Reader {
  id: number;
  uuid: string;
  token: string;
  /** The language of the portal the partner reads in (their profile's, in these tests). */
  locale: 'en' | 'fr';
}

describe('announcements and custom notifications', () => {
  let t: TestApp;
  let en: Reader;
  let fr: Reader;
  let manager: FixtureStaff;
  let reviewer: FixtureStaff;
  const get = (url: string, token: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const announcements = async (r: Reader) =>
    (await get('/api/getNotifications/announcement', r.token, r.locale)).json().data as {
      id: number;
      title: string;
      body: string;
      read: boolean;
    }[];
  const customs = async (r: Reader) =>
    (await get('/api/getNotifications/notification', r.token, r.locale)).json().data as {
      id: number;
      title: string;
      read: boolean;
    }[];
  const bell = async (r: Reader) =>
    (await get('/api/getBellNotifications', r.token, r.locale)).json().data as {
      count: number;
      custom_unread: number;
      items: { kind: string; title: string }[];
    };
  const tableCounts = async () => ({
    messages: Number(
      (
        await t.database.db
          .selectFrom('staff_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    copies: Number(
      (
        await t.database.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  const reader = async (email: string, locale: 'en' | 'fr', code: string): Promise<Reader> => {
    const p = await createPartnerAccount(t.database.db, {
      email,
      password: `${code}-password-1`,
      first_name: code,
      last_name: 'Reader',
      locale,
    });
    await createPromoCode(t.database.db, p.id, code);
    return {
      id: p.id,
      uuid: p.uuid,
      locale,
      token: (await issueToken(t.database.db, 'partner', p.id)).token,
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    en = await reader('english@example.com', 'en', 'ENGLISH15');
    fr = await reader('francais@example.com', 'fr', 'FRANCAIS15');
    manager = await createStaffWithToken(t.database.db, 'manager');
    reviewer = await createStaffWithToken(t.database.db, 'reviewer');
  });
  afterAll(() => t.close());

  it('gives each partner the announcement in their language, in the list and the bell', async () => {
    const made = await send('POST', '/api/manager/announcements', manager.token, {
      content: {
        en: { title: 'New flavour', body: 'Matcha Mind is here.' },
        fr: { title: 'Nouvelle saveur', body: 'Matcha Mind est arrivé.' },
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ recipients: 2, read: 0, author: manager.name, partner: null });

    expect(await announcements(en)).toMatchObject([
      { title: 'New flavour', body: 'Matcha Mind is here.', read: false },
    ]);
    expect(await announcements(fr)).toMatchObject([{ title: 'Nouvelle saveur', read: false }]);
    expect(await bell(fr)).toMatchObject({
      count: 1,
      custom_unread: 0,
      items: [{ kind: 'announcement', title: 'Nouvelle saveur' }],
    });
    // The portal follows the language it is read in, not the mail language of the profile
    // (docs/decisions/069-notification-words.md): each reader switching sees the other version.
    expect(await announcements({ ...en, locale: 'fr' })).toMatchObject([
      { title: 'Nouvelle saveur', body: 'Matcha Mind est arrivé.' },
    ]);
    expect((await bell({ ...fr, locale: 'en' })).items[0]).toMatchObject({ title: 'New flavour' });
    const feed = await get('/api/newsfeed', en.token, 'fr');
    expect(feed.statusCode).toBe(200);
    expect(feed.json().data.map((item: { title: string | null }) => item.title)).toContain('Nouvelle saveur');
  });

  it('sends an announcement written in one language only to its readers, and reaches the others when the language is added', async () => {
    const made = (
      await send('POST', '/api/manager/announcements', manager.token, {
        content: { fr: { title: 'Pour le Québec', body: 'Livraison gratuite.' } },
      })
    ).json().data;
    expect(made.recipients).toBe(1);
    expect((await announcements(en)).some((a) => a.id && a.title === 'Pour le Québec')).toBe(false);
    expect((await announcements(fr))[0]).toMatchObject({ title: 'Pour le Québec' });

    const edited = await send('PATCH', `/api/manager/announcements/${made.id}`, manager.token, {
      content: {
        fr: { title: 'Pour tout le monde', body: 'Livraison gratuite.' },
        en: { title: 'For everyone', body: 'Free shipping.' },
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.recipients).toBe(2);
    expect((await announcements(en))[0]).toMatchObject({ title: 'For everyone' });
    expect((await announcements(fr))[0]).toMatchObject({ title: 'Pour tout le monde' });

    // Removing the English version takes it back from English readers only.
    await send('PATCH', `/api/manager/announcements/${made.id}`, manager.token, {
      content: { fr: { title: 'Pour tout le monde', body: 'Livraison gratuite.' } },
    });
    expect((await announcements(en)).some((a) => a.title === 'For everyone')).toBe(false);
    expect((await announcements(fr))[0]).toMatchObject({ title: 'Pour tout le monde' });
  });

  it('keeps read marks through an edit, and counts reads for staff', async () => {
    const [latest] = await announcements(fr);
    const read = await send('POST', '/api/notifications/read', fr.token, { ids: [latest!.id] });
    expect(read.json().data).toMatchObject({ custom_unread: 0 });
    const list = (await get('/api/manager/announcements', manager.token)).json();
    expect(list).toMatchObject({ total: 2, current_page: 1 });
    const row = list.data.find(
      (m: { content: { fr?: { title: string } } }) => m.content.fr?.title === 'Pour tout le monde',
    );
    expect(row).toMatchObject({ recipients: 1, read: 1 });
    await send('PATCH', `/api/manager/announcements/${row.id}`, manager.token, {
      content: { fr: { title: 'Pour tout le monde !', body: 'Livraison gratuite.' } },
    });
    expect((await announcements(fr))[0]).toMatchObject({ title: 'Pour tout le monde !', read: true });
  });

  it('sends a custom notification to one partner found by e-mail or code, lighting their dot only', async () => {
    const byCode = await send('POST', '/api/manager/notifications', manager.token, {
      partner: 'english15',
      content: { en: { title: 'Your sample box', body: 'It ships Monday.' } },
    });
    expect(byCode.statusCode).toBe(201);
    expect(byCode.json().data).toMatchObject({
      recipients: 1,
      partner: { uuid: en.uuid, email: 'english@example.com', name: 'ENGLISH15 Reader' },
    });
    expect(await customs(en)).toMatchObject([{ title: 'Your sample box', read: false }]);
    expect(await customs(fr)).toEqual([]);
    expect((await bell(en)).custom_unread).toBe(1);
    expect((await bell(fr)).custom_unread).toBe(0);

    // Written in English only, a message to a French reader still reaches them.
    await send('POST', '/api/manager/notifications', manager.token, {
      partner: 'FRANCAIS@example.com',
      content: { en: { title: 'Welcome', body: 'Glad to have you.' } },
    });
    expect(await customs(fr)).toMatchObject([{ title: 'Welcome' }]);
    const marked = await send('POST', '/api/notifications/read', fr.token, {});
    expect(marked.json().data).toEqual({ count: 0, custom_unread: 0 });
  });

  it('sends a custom notification to every partner in their language, and deletes it from every portal', async () => {
    const all = (
      await send('POST', '/api/manager/notifications', manager.token, {
        partner: null,
        content: { en: { title: 'Survey', body: 'Tell us.' }, fr: { title: 'Sondage', body: 'Dites-nous.' } },
      })
    ).json().data;
    expect(all).toMatchObject({ recipients: 2, partner: null });
    expect((await customs(en))[0]).toMatchObject({ title: 'Survey' });
    expect((await customs(fr))[0]).toMatchObject({ title: 'Sondage' });
    const gone = await send('DELETE', `/api/manager/notifications/${all.id}`, manager.token);
    expect(gone.json()).toEqual({ data: { id: all.id } });
    expect((await customs(en)).some((n) => n.title === 'Survey')).toBe(false);
    expect((await customs(fr)).some((n) => n.title === 'Sondage')).toBe(false);
    expect((await send('DELETE', `/api/manager/notifications/${all.id}`, manager.token)).statusCode).toBe(
      404,
    );
    // An announcement's id is not a custom notification's.
    const [announcement] = (await get('/api/manager/announcements', manager.token)).json().data;
    expect(
      (await send('DELETE', `/api/manager/notifications/${announcement.id}`, manager.token)).statusCode,
    ).toBe(404);
  });

  it('writes every staff change to the audit log, with before and after', async () => {
    const rows = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual([
      'announcement.create',
      'announcement.create',
      'announcement.update',
      'announcement.update',
      'announcement.update',
      'custom.create',
      'custom.create',
      'custom.create',
      'custom.delete',
    ]);
    expect(rows.every((r) => r.staff_id === manager.id)).toBe(true);
    const update = rows[2]!;
    expect(JSON.parse(update.before!)).toEqual({
      content: { fr: { title: 'Pour le Québec', body: 'Livraison gratuite.' } },
    });
    expect(JSON.parse(update.after!).content.en).toEqual({ title: 'For everyone', body: 'Free shipping.' });
    expect(rows.at(-1)!.after).toBeNull();
  });

  it('gives a partner who registers the announcements of the last weeks, in their language', async () => {
    const body = {
      first_name: 'Léa',
      last_name: 'Tard',
      email: 'late@example.com',
      password: 'gummies-for-breakfast',
      password_confirmation: 'gummies-for-breakfast',
      promo_code: 'LATECOMER1',
      phone: '+1 514 555 0100',
      date_of_birth: '1992-07-14',
      country: 'CA',
      category_id: 2,
      accepted_terms: true,
      locale: 'fr',
      altcha: await solvedAltcha(t.app, CLIENT),
    };
    const registered = await t.app.inject({
      method: 'PUT',
      url: '/api/add',
      headers: bearer(CLIENT),
      payload: body,
    });
    expect(registered.statusCode).toBe(202);
    // The account is made, and greeted, when the mailed link is followed; that answers its session.
    const { token } = await finishSignUp(t.app, t.dataDir, body.email, CLIENT);
    const { uuid } = await t.database.db
      .selectFrom('partners')
      .select('uuid')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    const late: Reader = { id: 0, uuid, token, locale: 'fr' };
    expect((await announcements(late)).map((a) => a.title)).toEqual([
      'Pour tout le monde !',
      'Nouvelle saveur',
    ]);
    expect((await bell(late)).count).toBe(2);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await tableCounts();
    const cases: [string, unknown, string][] = [
      ['/api/manager/announcements', {}, 'content'],
      ['/api/manager/announcements', { content: {} }, 'content'],
      ['/api/manager/announcements', { content: { en: { title: '  ', body: 'x' } } }, 'content.en.title'],
      [
        '/api/manager/announcements',
        { content: { en: { title: 'x'.repeat(121), body: 'x' } } },
        'content.en.title',
      ],
      [
        '/api/manager/announcements',
        { content: { fr: { title: 'ok', body: 'x'.repeat(2001) } } },
        'content.fr.body',
      ],
      [
        '/api/manager/announcements',
        { content: { en: { title: 'nul\u0000', body: 'x' } } },
        'content.en.title',
      ],
      ['/api/manager/announcements', { content: { en: { title: 7, body: 'x' } } }, 'content.en.title'],
      [
        '/api/manager/notifications',
        { partner: 'nobody@example.com', content: { en: { title: 'x', body: 'y' } } },
        'partner',
      ],
      [
        '/api/manager/notifications',
        { partner: 'nul\u0000@example.com', content: { en: { title: 'x', body: 'y' } } },
        'partner',
      ],
    ];
    for (const [url, payload, field] of cases) {
      const answer = await send('POST', url, manager.token, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(answer.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const french = await send('POST', '/api/manager/announcements', manager.token, { content: {} }, 'fr');
    expect(french.json().errors.content).toEqual(['Rédigez-le dans au moins une langue']);
    expect(
      (
        await send('PATCH', '/api/manager/announcements/abc', manager.token, {
          content: { en: { title: 'a', body: 'b' } },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await send('PATCH', '/api/manager/announcements/999999', manager.token, {
          content: { en: { title: 'a', body: 'b' } },
        })
      ).statusCode,
    ).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });

  it('opens the staff routes to managers only, and the partner lists to partners only', async () => {
    const payload = { content: { en: { title: 'x', body: 'y' } } };
    for (const path of ['announcements', 'notifications']) {
      expect((await get(`/api/manager/${path}`, reviewer.token)).statusCode).toBe(403);
      expect((await send('POST', `/api/manager/${path}`, reviewer.token, payload)).statusCode).toBe(403);
      expect((await get(`/api/manager/${path}`, en.token)).statusCode).toBe(401);
      expect((await send('POST', `/api/manager/${path}`, en.token, payload)).statusCode).toBe(401);
    }
    expect((await get('/api/getNotifications/announcement', manager.token)).statusCode).toBe(401);
    // A partner cannot mark another's copy read.
    const [theirs] = await customs(en);
    await send('POST', '/api/notifications/read', fr.token, { ids: [theirs!.id] });
    expect((await customs(en))[0]!.read).toBe(false);
  });
});

describe('live push of staff messages', () => {
  it('reaches every open portal with an announcement, and only the recipient with a custom notification', async () => {
    const t = await createTestApp();
    const sockets: Socket[] = [];
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const manager = await createStaffWithToken(t.database.db, 'manager');
      const open = async (email: string, code: string) => {
        const p = await createPartnerAccount(t.database.db, {
          email,
          password: `${code}-password-1`,
          first_name: code,
          last_name: 'Live',
        });
        await createPromoCode(t.database.db, p.id, code);
        const socket = connect(url, {
          auth: { token: (await issueToken(t.database.db, 'partner', p.id)).token },
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.on('connect', () => resolve());
          socket.on('connect_error', reject);
        });
        const events: string[] = [];
        socket.onAny((event: string) => events.push(event));
        return events;
      };
      const first = await open('first-live@example.com', 'FIRSTLIVE');
      const second = await open('second-live@example.com', 'SECONDLIVE');
      const post = (path: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/manager/${path}`,
          headers: bearer(manager.token),
          payload,
        });

      await post('announcements', { content: { en: { title: 'Hello', body: 'All of you' } } });
      await post('notifications', {
        partner: 'secondlive',
        content: { en: { title: 'Just you', body: 'Hi' } },
      });
      await expect
        .poll(() => [first.join(), second.join()])
        .toEqual(['announcement', 'announcement,notification']);
    } finally {
      for (const socket of sockets) socket.close();
      await t.close();
    }
  });
});

describe('test notification', () => {
  it('makes a notification in the partner’s bell, pushed live, at most 5 a minute', async () => {
    const t = await createTestApp();
    try {
      const p = await createPartnerAccount(t.database.db, {
        email: 'tester@example.com',
        password: 'tester-password-1',
        first_name: 'Tess',
        last_name: 'Ter',
        locale: 'fr',
      });
      const token = (await issueToken(t.database.db, 'partner', p.id)).token;
      const other = await createPartnerAccount(t.database.db, {
        email: 'other-tester@example.com',
        password: 'tester-password-1',
        first_name: 'O',
        last_name: 'T',
      });
      const otherToken = (await issueToken(t.database.db, 'partner', other.id)).token;
      const send = (tok: string) =>
        t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: bearer(tok), payload: {} });
      const first = await send(token);
      expect(first.statusCode).toBe(201);
      const bellIn = async (lang: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/getBellNotifications',
            headers: { ...bearer(token), 'accept-language': lang },
          })
        ).json().data;
      expect(await bellIn('fr')).toMatchObject({
        count: 1,
        custom_unread: 0,
        items: [{ id: first.json().data.id, kind: 'test', title: 'Notification d’essai' }],
      });
      // The portal says it in the language it is read in; the mail digest, in the mail language.
      expect((await bellIn('en')).items[0].title).toBe('Test notification');
      const stored = await t.database.db
        .selectFrom('notifications')
        .select('title')
        .where('id', '=', first.json().data.id)
        .executeTakeFirstOrThrow();
      expect(stored.title).toBe('Notification d’essai');
      for (let i = 0; i < 4; i++) expect((await send(token)).statusCode).toBe(201);
      expect((await send(token)).statusCode).toBe(429);
      // Another partner's allowance is their own.
      expect((await send(otherToken)).statusCode).toBe(201);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/notifications/test', payload: {} })).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  });
});

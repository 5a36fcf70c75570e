// A fake of the staff bilingual APIs (/api/manager/<kind>: announcements, notifications,
// promotions, challenges) that keeps what it is sent, so a test sees the list refetched after a
// change, not a page patched by hand.
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { storeManagerToken } from '../lib/session';
import type {
  MessageContent,
  MessageKind,
  StaffNotification,
} from '../features/manager/messages/messages-api';
import type { FakeApi } from './fake-api';
import { payoutQueue } from './payouts-fixtures';
import { jsonResponse } from './render-app';

export function signInStaff(fake: FakeApi, role: string): void {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 4, email: `${role}@sunbite.example`, name: 'Mia Manager', role } }),
  );
  // The payouts queue, a section every role opens (tests start there).
  fake.on('GET /api/manager/payouts', () => jsonResponse(200, payoutQueue()));
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
}

/** A sent message; a notification's fields too, which an announcement's screen ignores. */
export function message(id: number, overrides: Partial<StaffNotification> = {}): StaffNotification {
  return {
    id,
    content: {
      en: { title: `Summer news ${id}`, body: `New flavours arrive in June (${id}).` },
      fr: { title: `Nouvelles d’été ${id}`, body: `De nouvelles saveurs arrivent en juin (${id}).` },
    },
    created_at: '2026-03-02T15:00:00Z',
    updated_at: '2026-03-02T15:00:00Z',
    author: 'Mia Manager',
    recipients: 40,
    read: 12,
    partner: null,
    ...overrides,
  };
}

/** The page of `rows` a list's URL asks for (?page&length), as the staff lists answer. */
export function pageOf(rows: unknown[], url: URL): Response {
  const page = Number(url.searchParams.get('page') ?? 1);
  const length = Number(url.searchParams.get('length') ?? 20);
  return jsonResponse(200, {
    data: rows.slice((page - 1) * length, page * length),
    current_page: page,
    per_page: length,
    last_page: Math.max(1, Math.ceil(rows.length / length)),
    total: rows.length,
  });
}

/**
 * Serves `items` (newest first) at `path` in pages of the length asked, takes POST, PATCH and
 * DELETE on them (`create` and `update` make the answers from the body sent), and answers a
 * change with `refuse` when one is set (a 422, a 409, a 500).
 */
export function serveItems<Item extends { id: number }>(
  fake: FakeApi,
  path: string,
  items: Item[],
  make: { create: (id: number, body: never) => Item; update: (item: Item, body: never) => Item },
) {
  const state = { items: [...items], refuse: null as null | (() => Response), nextId: 900 };
  /** A change the fake refuses when told to, else makes. */
  const change =
    (made: (body: never) => Response) =>
    ({ body }: { body: unknown }) =>
      state.refuse?.() ?? made(body as never);
  fake.on(`GET ${path}`, ({ url }) => pageOf(state.items, url));
  fake.on(
    `POST ${path}`,
    change((body) => {
      const created = make.create(state.nextId++, body);
      state.items.unshift(created);
      return jsonResponse(201, { data: created });
    }),
  );
  for (const item of items) {
    fake.on(`GET ${path}/${item.id}`, () => {
      const found = state.items.find((each) => each.id === item.id);
      return found
        ? jsonResponse(200, { data: found })
        : jsonResponse(404, { code: 404, message: 'Not Found' });
    });
    fake.on(
      `PATCH ${path}/${item.id}`,
      change((body) => {
        const index = state.items.findIndex((each) => each.id === item.id);
        const changed = make.update(state.items[index]!, body);
        state.items[index] = changed;
        return jsonResponse(200, { data: changed });
      }),
    );
    fake.on(
      `DELETE ${path}/${item.id}`,
      change(() => {
        state.items = state.items.filter((each) => each.id !== item.id);
        return jsonResponse(200, { data: { id: item.id } });
      }),
    );
  }
  return state;
}

/** An announcements or notifications API keeping what it is sent. */
export const serveMessages = (fake: FakeApi, kind: MessageKind, items: StaffNotification[]) =>
  serveItems(fake, `/api/manager/${kind}`, items, {
    create: (id, body: { content: MessageContent }) => message(id, { content: body.content, read: 0 }),
    update: (item, body: { content: MessageContent }) => ({ ...item, content: body.content }),
  });

/** A 422 in the error contract. */
export const invalid = (errors: Record<string, string[]>, message = 'The given data was invalid.') =>
  jsonResponse(422, { code: 422, message, errors });

/** The bodies sent to "METHOD /path", in order. */
export const sentBodies = (fake: FakeApi, route: string) =>
  fake.fetch.mock.calls
    .filter(([input, init]) => {
      const method = (init as RequestInit | undefined)?.method ?? 'GET';
      return `${method} ${new URL(String(input), 'http://localhost').pathname}` === route;
    })
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

/** A field of the message form in `scope` (the compose card, the edit dialog), by language. */
export const field = (scope: HTMLElement, language: 'English' | 'French', name: 'Title' | 'Message') =>
  within(within(scope).getByRole('group', { name: language })).getByRole('textbox', { name });

/** Types one language's title and message into the form in `scope`. */
export async function write(
  user: UserEvent,
  scope: HTMLElement,
  language: 'English' | 'French',
  text: { title: string; body: string },
) {
  await user.type(field(scope, language, 'Title'), text.title);
  await user.type(field(scope, language, 'Message'), text.body);
}

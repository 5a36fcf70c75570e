// A fake of the staff survey APIs: the answers with their counts, and the free-product claims,
// filtered by ?status= as the server does and changed by PATCH (a 409 when the status the
// screen showed is not the claim's any more, or when `refuse` says so).
import type { Claim, SurveyAnswer, SurveyCounts } from '../features/manager/survey/survey-api';
import type { FakeApi } from './fake-api';
import { pageOf } from './messages-fixtures';
import { jsonResponse } from './render-app';

const PARTNER = (id: number) => ({
  uuid: `partner-${id}`,
  name: `Partner ${id}`,
  email: `partner${id}@example.com`,
});

export function answer(id: number, overrides: Partial<SurveyAnswer> = {}): SurveyAnswer {
  return { id, partner: PARTNER(id), choice: 'loved_it', answered_at: '2026-03-02T15:00:00Z', ...overrides };
}

export function claim(id: number, overrides: Partial<Claim> = {}): Claim {
  return {
    id,
    partner: PARTNER(id),
    status: 'open',
    address: {
      address_1: `${id} Maple Street`,
      address_2: null,
      city: 'Toronto',
      state: 'ON',
      postal: 'M5V 2T6',
      country: 'CA',
    },
    note: null,
    created_at: '2026-03-02T15:00:00Z',
    updated_at: '2026-03-02T15:00:00Z',
    handled_by: null,
    ...overrides,
  };
}

export function serveSurvey(fake: FakeApi, answers: SurveyAnswer[], counts: SurveyCounts): void {
  fake.on('GET /api/manager/survey', ({ url }) => {
    const page = pageOf(answers, url);
    return page.json().then((body: object) => jsonResponse(200, { ...body, counts }));
  });
}

export function serveClaims(fake: FakeApi, claims: Claim[]) {
  const state = { claims: [...claims], refuse: null as null | (() => Response) };
  fake.on('GET /api/manager/claims', ({ url }) => {
    const status = url.searchParams.get('status');
    return pageOf(status ? state.claims.filter((each) => each.status === status) : state.claims, url);
  });
  for (const item of claims)
    fake.on(`PATCH /api/manager/claims/${item.id}`, ({ body }) => {
      const refused = state.refuse?.();
      if (refused) return refused;
      const change = body as { status: Claim['status']; note?: string | null; expected_status: string };
      const index = state.claims.findIndex((each) => each.id === item.id);
      const current = state.claims[index]!;
      if (current.status !== change.expected_status)
        return jsonResponse(409, { code: 409, message: 'This request was handled meanwhile.' });
      const changed: Claim = {
        ...current,
        status: change.status,
        note: change.note === undefined ? current.note : change.note,
        handled_by: change.status === 'open' ? null : 'Mia Manager',
        updated_at: '2026-03-05T10:00:00Z',
      };
      state.claims[index] = changed;
      return jsonResponse(200, { data: changed });
    });
  return state;
}

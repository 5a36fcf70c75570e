import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertContent } from './alert-store';
import {
  api,
  ApiError,
  askEarly,
  earlyAnswer,
  describeAuthError,
  handleDataError,
  PUBLIC_CLIENT_META,
  PUBLIC_CLIENT_PLACEHOLDER,
  readPublicClientCredential,
} from './api';
import { i18n } from './i18n';
import { storeToken } from './session';
import { HEALTH_POLL_MS, isUpdating } from './updating-store';
import { jsonResponse } from '../test/render-app';

const t = i18n.t;

describe('describeAuthError (docs/product/errors-and-languages.md#how-the-portal-shows-errors, sign-in and registration)', () => {
  it('shows each message of the errors map', () => {
    const error = new ApiError(422, 'Unprocessable Entity', {
      code: 422,
      message: 'Form data is invalid',
      errors: {
        email: ['This field must be a valid email'],
        password: ['Min 8 characters required', 'Wrong value'],
      },
    });
    expect(describeAuthError(error, t)).toEqual({
      title: 'Error',
      messages: ['This field must be a valid email', 'Min 8 characters required', 'Wrong value'],
    });
  });

  it('falls back to body.message titled Error', () => {
    const error = new ApiError(401, 'Unauthorized', {
      code: 401,
      message: 'You have entered an invalid username or password',
    });
    expect(describeAuthError(error, t)).toEqual({
      title: 'Error',
      messages: ['You have entered an invalid username or password'],
    });
  });

  it('then to a non-empty text body titled Error', () => {
    expect(describeAuthError(new ApiError(502, 'Bad Gateway', 'upstream down'), t)).toEqual({
      title: 'Error',
      messages: ['upstream down'],
    });
  });

  it('then to the status text titled ERROR {status}', () => {
    expect(describeAuthError(new ApiError(500, 'Internal Server Error', '  '), t)).toEqual({
      title: 'ERROR 500',
      messages: ['Internal Server Error'],
    });
    expect(describeAuthError(new ApiError(429, 'Too Many Requests', {}), t).title).toBe('ERROR 429');
  });

  it('otherwise the raw error titled ERROR', () => {
    expect(describeAuthError(new TypeError('Failed to fetch'), t)).toEqual({
      title: 'ERROR',
      messages: ['Failed to fetch'],
    });
    expect(describeAuthError(new ApiError(500, '', null), t).title).toBe('ERROR');
  });

  it('is translated', async () => {
    await i18n.changeLanguage('fr');
    expect(describeAuthError(new ApiError(500, 'Internal Server Error', null), i18n.t).title).toBe(
      'ERREUR 500',
    );
  });
});

describe('handleDataError (docs/product/errors-and-languages.md#how-the-portal-shows-errors, data errors)', () => {
  function deps(alertOpen = false) {
    const shown: AlertContent[] = [];
    return {
      shown,
      value: {
        t,
        isAlertOpen: () => alertOpen,
        showAlert: (content: AlertContent) => {
          shown.push(content);
          return true;
        },
        endSession: vi.fn(),
      },
    };
  }

  it('ends the session on code 401 and says the session expired', () => {
    const d = deps();
    handleDataError(new ApiError(401, 'Unauthorized', { code: 401, message: 'Not Authorized' }), d.value);
    expect(d.value.endSession).toHaveBeenCalledTimes(1);
    expect(d.shown).toEqual([
      {
        title: 'Session Expired',
        message: 'Your session has expired. Please log in again to continue.',
        type: 'error',
      },
    ]);
  });

  it('titles the alert with the error id when there is one', () => {
    const d = deps();
    handleDataError(
      new ApiError(500, 'Internal Server Error', {
        code: 500,
        message: 'Whoops, looks like something went wrong',
        id: 'e-42',
      }),
      d.value,
    );
    expect(d.value.endSession).not.toHaveBeenCalled();
    expect(d.shown).toEqual([
      { title: 'Error ID: e-42', message: 'Whoops, looks like something went wrong', type: 'error' },
    ]);
  });

  it('titles it Error without an id, and shows a text body as the message', () => {
    const d = deps();
    handleDataError(new ApiError(400, 'Bad Request', { code: 400, message: 'Wrong value' }), d.value);
    handleDataError(new ApiError(502, 'Bad Gateway', 'Proxy error'), d.value);
    expect(d.shown.map((alert) => [alert.title, alert.message])).toEqual([
      ['Error', 'Wrong value'],
      ['Error', 'Proxy error'],
    ]);
  });

  it('shows nothing when an alert is already open', () => {
    const d = deps(true);
    handleDataError(
      new ApiError(500, 'Internal Server Error', { code: 500, message: 'boom', id: 'x' }),
      d.value,
    );
    expect(d.shown).toEqual([]);
  });
});

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    document.head.querySelector(`meta[name="${PUBLIC_CLIENT_META}"]`)?.remove();
    vi.useRealTimers();
  });

  function addMeta(content: string) {
    const meta = document.createElement('meta');
    meta.name = PUBLIC_CLIENT_META;
    meta.content = content;
    document.head.append(meta);
  }

  function sentHeaders(call = 0): Headers {
    const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
    return new Headers(init.headers);
  }

  it('reads the public client credential from the meta tag, not the placeholder', () => {
    addMeta(PUBLIC_CLIENT_PLACEHOLDER);
    expect(readPublicClientCredential()).toBeNull();
    document.head.querySelector(`meta[name="${PUBLIC_CLIENT_META}"]`)?.setAttribute('content', 'pub-123');
    expect(readPublicClientCredential()).toBe('pub-123');
  });

  it('sends the public credential on public calls and the partner token on account calls', async () => {
    addMeta('pub-123');
    storeToken({ token: 'partner-token', expired: new Date(Date.now() + 60_000).toISOString() });
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: { ok: true } }));
    await api.post('/api/auth/get_token', { email: 'a@b.c', password: 'x' }, { auth: 'public' });
    await api.get('/api/get_badges');
    expect(sentHeaders(0).get('Authorization')).toBe('Bearer pub-123');
    expect(sentHeaders(0).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(sentHeaders(1).get('Authorization')).toBe('Bearer partner-token');
  });

  it('sends no bearer for an expired token', async () => {
    storeToken({ token: 'old', expired: '2000-01-01T00:00:00Z' });
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [] }));
    await api.get('/api/getTotals', { query: { page: 2, length: 5 } });
    expect(sentHeaders().get('Authorization')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/getTotals?page=2&length=5');
  });

  it('throws an ApiError carrying the status and the parsed error contract', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, { code: 422, message: 'Form data is invalid' }, 'Unprocessable'),
    );
    const error = await api.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      statusText: 'Unprocessable',
      body: { code: 422, message: 'Form data is invalid' },
    });
  });

  it('on 503 shows the updating overlay and polls /api/health every 5 s until it answers 200', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { code: 503, message: 'Updating' }));
    await expect(api.get('/api/getTotals')).rejects.toBeInstanceOf(ApiError);
    expect(isUpdating()).toBe(true);

    fetchMock.mockResolvedValueOnce(jsonResponse(503, null));
    await vi.advanceTimersByTimeAsync(HEALTH_POLL_MS);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/health', expect.anything());
    expect(isUpdating()).toBe(true);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { status: 'ok' } }));
    await vi.advanceTimersByTimeAsync(HEALTH_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(isUpdating()).toBe(false);
  });
});

describe('answers asked for early (askEarly)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    storeToken({ token: 'partner-token', expired: new Date(Date.now() + 60_000).toISOString() });
  });
  afterEach(() => vi.useRealTimers());

  it("the page's first read of the same URL takes the early request; later reads ask afresh", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: { n: fetchMock.mock.calls.length } }));
    askEarly('/api/pages/faq', { locale: 'en' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pages/faq?locale=en');
    expect(new Headers((fetchMock.mock.calls[0]?.[1] as RequestInit).headers).get('Authorization')).toBe(
      'Bearer partner-token',
    );
    // Another URL, and another language of the same page, are not it.
    await api.get('/api/pages/faq', { query: { locale: 'fr' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await api.get('/api/pages/faq', { query: { locale: 'en' } })).toEqual({ data: { n: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(earlyAnswer('/api/pages/faq', { locale: 'en' })?.value).toEqual({ data: { n: 1 } });
    expect(await api.get('/api/pages/faq', { query: { locale: 'en' } })).toEqual({ data: { n: 3 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("another session's reader (a sign-in link, a sign-out since) does not take it", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: fetchMock.mock.calls.length }));
    askEarly('/api/products/acv', { locale: 'en' });
    storeToken({ token: 'other-partner', expired: new Date(Date.now() + 60_000).toISOString() });
    expect(earlyAnswer('/api/products/acv', { locale: 'en' })).toBeUndefined();
    expect(await api.get('/api/products/acv', { query: { locale: 'en' } })).toEqual({ data: 2 });
    expect(new Headers((fetchMock.mock.calls[1]?.[1] as RequestInit).headers).get('Authorization')).toBe(
      'Bearer other-partner',
    );
  });

  it('a failed early request is forgotten: the reader asks again', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 500, message: 'boom' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: 'fresh' }));
    askEarly('/api/pages/terms', { locale: 'en' });
    await expect(earlyAnswer('/api/pages/terms', { locale: 'en' })?.answer).rejects.toBeInstanceOf(ApiError);
    await Promise.resolve();
    expect(await api.get('/api/pages/terms', { query: { locale: 'en' } })).toEqual({ data: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early answer older than 30 s is not handed out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: fetchMock.mock.calls.length }));
    askEarly('/api/pages/policy', { locale: 'en' });
    vi.setSystemTime(Date.now() + 31_000);
    expect(await api.get('/api/pages/policy', { query: { locale: 'en' } })).toEqual({ data: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

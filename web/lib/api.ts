// The JSON API client of the SPA. Account calls carry the partner's token, public calls
// (sign-in, registration, password, sub-partner lookup) the public client credential that the
// server writes into <meta name="portal-client"> (docs/product/partners-and-accounts.md#public-client-credential, docs/product/errors-and-languages.md#the-error-contract). Non-2xx answers
// throw an ApiError carrying the status and the parsed error contract
// `{code, error, message, errors?, id?}`; the display rules of docs/product/errors-and-languages.md#how-the-portal-shows-errors are the two pure functions below.
import type { TFunction } from 'i18next';
import type { AlertContent } from './alert-store';
import { currentLocale } from './i18n';
import { getValidManagerToken, getValidToken } from './session';
import { startUpdating } from './updating-store';

export const PUBLIC_CLIENT_META = 'portal-client';
/** What the built index.html holds until the server substitutes the real credential. */
export const PUBLIC_CLIENT_PLACEHOLDER = '__PORTAL_CLIENT__';

export interface ApiErrorBody {
  code?: number;
  /** The message's stable key (`not_found`, `content.upload_type`): what code decides on (docs/decisions/064-errors-by-key.md). */
  error?: string;
  /** The message in the visitor's language: what a person reads. */
  message?: string;
  errors?: Record<string, string[] | string>;
  id?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, the raw text when it was not JSON, or null when empty. */
  readonly body: ApiErrorBody | string | null;

  constructor(status: number, statusText: string, body: ApiErrorBody | string | null) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/**
 * `user`: the partner's token; `manager`: the staff token (a separate session, docs/product/back-office.md#staff-accounts);
 * `public`: the public client credential; `none`: no header.
 */
export type ApiAuth = 'user' | 'manager' | 'public' | 'none';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData and a Blob (file uploads) are sent as they are. */
  body?: unknown;
  auth?: ApiAuth;
  query?: Record<string, string | number | undefined>;
  /** Headers of this request alone (an OAuth flow's nonce, web/lib/flow-binding.ts). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function readPublicClientCredential(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_CLIENT_META}"]`)?.content?.trim();
  if (content && content !== PUBLIC_CLIENT_PLACEHOLDER) return content;
  // The Vite dev server serves index.html untouched: allow the credential from the environment.
  const fromEnv: unknown = import.meta.env.VITE_PORTAL_CLIENT;
  return typeof fromEnv === 'string' && fromEnv ? fromEnv : null;
}

function bearerFor(auth: ApiAuth): string | null {
  if (auth === 'user') return getValidToken();
  if (auth === 'manager') return getValidManagerToken();
  if (auth === 'public') return readPublicClientCredential();
  return null;
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asErrorBody(value: unknown): ApiErrorBody | string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return value as ApiErrorBody;
  return null;
}

/**
 * A partner's answer asked for ahead of the code that reads it (`askEarly`), by its URL: the
 * request, when it was made, whether a reader has taken it, and the answer once it is in.
 */
interface EarlyAnswer {
  answer: Promise<unknown>;
  /** The partner's token it was asked with: another session (a sign-in link's) never takes it. */
  bearer: string | null;
  askedAt: number;
  taken: boolean;
  value?: unknown;
}
const earlyAnswers = new Map<string, EarlyAnswer>();
/** Past this age an early answer is not handed to a reader: it asks afresh. */
const EARLY_ANSWER_MS = 30_000;

/**
 * Asks for a partner's GET now, ahead of the code that reads it. The entry does this on a visit
 * that opens a page whose largest paint is an answer (a document's lead), while the full app's
 * code is still on its way (app/account/first-answers.ts). The first `apiRequest` of the same URL
 * within 30 s then takes this request instead of making its own, once: later reads ask afresh.
 * Only with the same partner token (a sign-in link or a sign-out since then: the reader asks
 * afresh). A failed early request is forgotten, so the reader asks again.
 */
export function askEarly(path: string, query?: ApiRequestOptions['query']): void {
  const url = withQuery(path, query);
  if (earlyAnswers.has(url)) return;
  const early: EarlyAnswer = {
    answer: apiRequest(url),
    bearer: bearerFor('user'),
    askedAt: Date.now(),
    taken: false,
  };
  earlyAnswers.set(url, early);
  early.answer.then(
    (value) => (early.value = value),
    () => {
      // The reader that took it handles the failure; one that comes later asks afresh.
      if (earlyAnswers.get(url) === early) earlyAnswers.delete(url);
    },
  );
}

/**
 * An early answer's request, for what shows it before its reader's code arrives (the entry's
 * skeleton); its value at once when it is already in. Taking it does not end this.
 */
export function earlyAnswer<T>(
  path: string,
  query?: ApiRequestOptions['query'],
): { answer: Promise<T>; value: T | undefined } | undefined {
  const early = earlyAnswers.get(withQuery(path, query));
  if (!early || early.bearer !== bearerFor('user')) return undefined;
  return { answer: early.answer as Promise<T>, value: early.value as T | undefined };
}

function takeEarly(url: string): Promise<unknown> | undefined {
  const early = earlyAnswers.get(url);
  if (!early || early.taken || Date.now() - early.askedAt > EARLY_ANSWER_MS) return undefined;
  if (early.bearer !== bearerFor('user')) return undefined;
  early.taken = true;
  return early.answer;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'user', query, signal, headers: extra } = options;
  if (method === 'GET' && auth === 'user' && earlyAnswers.size > 0) {
    const early = takeEarly(withQuery(path, query));
    if (early) return early as Promise<T>;
  }
  // The server answers its messages in the visitor's language (docs/product/errors-and-languages.md#the-api-conventions).
  const headers = new Headers({ ...extra, Accept: 'application/json', 'Accept-Language': currentLocale() });
  const bearer = bearerFor(auth);
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body instanceof Blob) {
    // A file's own bytes (an image upload): the server judges them, whatever the type says.
    if (!headers.has('Content-Type')) headers.set('Content-Type', body.type || 'application/octet-stream');
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const response = await fetch(withQuery(path, query), { method, headers, body: payload, signal });
  const parsed = await readBody(response);
  if (!response.ok) {
    // 503 means the platform is being updated: show the overlay until /api/health recovers.
    if (response.status === 503) startUpdating();
    throw new ApiError(response.status, response.statusText, asErrorBody(parsed));
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Sends a file's bytes as the request's body (not a multipart form), as the server's upload
 * routes read them: they judge the bytes by their content. `type` is the Content-Type they go as,
 * by default the file's own (application/octet-stream when it has none).
 */
export function upload<T>(
  path: string,
  file: Blob,
  options: Omit<ApiRequestOptions, 'method' | 'body'> & { method?: 'POST' | 'PUT'; type?: string } = {},
): Promise<T> {
  const { method = 'POST', type, headers, ...rest } = options;
  return apiRequest<T>(path, {
    ...rest,
    method,
    body: file,
    headers: { ...headers, 'Content-Type': type ?? (file.type || 'application/octet-stream') },
  });
}

/** One page of a paged list, as every paged endpoint answers it. */
export interface Paged<Row> {
  data: Row[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

/** The server's message of an error answer, when it sent one. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

export interface ErrorDescription {
  title: string;
  messages: string[];
}

function errorsMapMessages(errors: ApiErrorBody['errors']): string[] {
  if (!errors || typeof errors !== 'object') return [];
  return Object.values(errors)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((message): message is string => typeof message === 'string' && message.trim() !== '');
}

function rawMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/**
 * Sign-in and registration errors (docs/product/errors-and-languages.md#how-the-portal-shows-errors): the errors map's messages; else
 * body.message titled 'Error'; else non-empty body text titled 'Error'; else the status text
 * titled 'ERROR {status}'; otherwise the raw error titled 'ERROR'.
 */
export function describeAuthError(error: unknown, t: TFunction): ErrorDescription {
  if (error instanceof ApiError) {
    const { body } = error;
    if (body && typeof body === 'object') {
      const fieldMessages = errorsMapMessages(body.errors);
      if (fieldMessages.length > 0) return { title: t('errors.error'), messages: fieldMessages };
      if (typeof body.message === 'string' && body.message.trim() !== '')
        return { title: t('errors.error'), messages: [body.message] };
    }
    if (typeof body === 'string' && body.trim() !== '') return { title: t('errors.error'), messages: [body] };
    if (error.statusText)
      return { title: t('errors.error_status', { status: error.status }), messages: [error.statusText] };
  }
  return { title: t('errors.error_plain'), messages: [rawMessage(error)] };
}

export interface DataErrorDeps {
  t: TFunction;
  isAlertOpen: () => boolean;
  showAlert: (content: AlertContent) => boolean;
  /** Clears the stored session and the cached data, then goes to /login. */
  endSession: () => void;
}

export function isUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const code = typeof error.body === 'object' && error.body ? error.body.code : undefined;
  return code === 401 || error.status === 401;
}

/**
 * Data errors (docs/product/errors-and-languages.md#how-the-portal-shows-errors): a 401 ends the session and says so; anything else shows
 * body.message (or the body) titled 'Error ID: {id}' or 'Error', only when no alert is open.
 */
export function handleDataError(error: unknown, deps: DataErrorDeps): void {
  const { t } = deps;
  if (isUnauthorized(error)) {
    deps.endSession();
    if (!deps.isAlertOpen())
      deps.showAlert({
        title: t('errors.session_expired_title'),
        message: t('errors.session_expired_message'),
        type: 'error',
      });
    return;
  }
  if (deps.isAlertOpen()) return;
  const body = error instanceof ApiError ? error.body : null;
  let message = rawMessage(error);
  let id: string | undefined;
  if (body && typeof body === 'object') {
    id = typeof body.id === 'string' && body.id ? body.id : undefined;
    message = typeof body.message === 'string' && body.message ? body.message : JSON.stringify(body);
  } else if (typeof body === 'string' && body.trim() !== '') {
    message = body;
  } else if (error instanceof TypeError) {
    // fetch rejects with a TypeError when the server cannot be reached at all.
    message = t('errors.network');
  }
  deps.showAlert({ title: id ? t('errors.error_id', { id }) : t('errors.error'), message, type: 'error' });
}

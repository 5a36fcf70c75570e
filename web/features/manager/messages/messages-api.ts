// What staff write to partners, in English and French: announcements (to every partner, each
// reading their language's version), custom notifications (to one partner or to all), monthly
// promotions and challenges. The sections share this API shape under /api/manager/<kind>
// (`content` plus a kind's own fields); queries live under ['manager', <kind>] so signing out
// forgets them. The pages show errors themselves (a staff 401 must not end the
// partner's session), hence `handlesErrors` everywhere.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { api, ApiError, apiRequest } from '../../../lib/api';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';

export type MessageKind = 'announcements' | 'notifications' | 'promotions' | 'challenges';

export interface MessageText {
  title: string;
  body: string;
}

/** A language left out is not written (announcements: not sent to that language's partners). */
export type MessageContent = Partial<Record<Locale, MessageText>>;

/** What every kind has: its texts and who wrote them. */
export interface StaffItem {
  id: number;
  content: MessageContent;
  created_at: string;
  updated_at: string;
  /** The staff member's name; null when they are gone. */
  author: string | null;
}

export interface StaffMessage extends StaffItem {
  recipients: number;
  read: number;
}

export interface NotificationPartner {
  uuid: string;
  name: string;
  email: string;
}

/** A custom notification; `partner` null means every partner. */
export interface StaffNotification extends StaffMessage {
  partner: NotificationPartner | null;
}

/** A page of a staff list (also a challenge's partners). */
export interface MessagePage<Item = StaffMessage> {
  data: Item[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

/** The server's limits, counted on the trimmed text. */
export const LIMITS = { title: 120, body: 2000 } as const;
export const MESSAGES_LENGTH = 20;

export const messageKeys = {
  all: (kind: MessageKind) => ['manager', kind] as const,
  lists: (kind: MessageKind) => ['manager', kind, 'list'] as const,
  list: (kind: MessageKind, page: number) => ['manager', kind, 'list', page] as const,
};

const base = (kind: MessageKind) => `/api/manager/${kind}`;

export function useMessageList<Item extends StaffItem>(kind: MessageKind, page: number) {
  return useQuery({
    queryKey: messageKeys.list(kind, page),
    queryFn: ({ signal }) =>
      api.get<MessagePage<Item>>(base(kind), {
        auth: 'manager',
        signal,
        query: { page, length: MESSAGES_LENGTH },
      }),
    // The read counts move as partners open their portal.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/**
 * Every change refreshes the kind's queries: a new item goes first and shifts the pages. A 409
 * (the item can no longer change, a challenge's reward paid) does too, so the screen shows why.
 */
function useListChange<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  kind: MessageKind,
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all(kind) });
  return useMutation({
    mutationFn,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
    meta: { handlesErrors: true },
  });
}

/** What a kind sends besides `content` (a recipient, dates, a reward). */
export type ExtraBody = Record<string, unknown>;

/** Sends a new one; `extra` carries what only one kind has (a notification's `partner`). */
export function useSendMessage(kind: MessageKind) {
  return useListChange(
    async ({ content, extra }: { content: MessageContent; extra?: ExtraBody }) =>
      (await api.post<{ data: StaffItem }>(base(kind), { content, ...extra }, { auth: 'manager' })).data,
    kind,
  );
}

/** Saves a change; `extra` as when sending (kinds whose PATCH takes the whole body). */
export function useEditMessage(kind: MessageKind) {
  return useListChange(
    async ({ id, content, extra }: { id: number; content: MessageContent; extra?: ExtraBody }) =>
      (
        await apiRequest<{ data: StaffItem }>(`${base(kind)}/${id}`, {
          method: 'PATCH',
          body: { content, ...extra },
          auth: 'manager',
        })
      ).data,
    kind,
  );
}

export function useDeleteMessage(kind: MessageKind) {
  return useListChange(
    async (id: number) =>
      (await api.delete<{ data: { id: number } }>(`${base(kind)}/${id}`, { auth: 'manager' })).data,
    kind,
  );
}

// ---------------------------------------------------------------------------------------------
// Drafts

export type MessageDraft = Record<Locale, MessageText>;

export function draftOf(content: MessageContent = {}): MessageDraft {
  const draft = {} as MessageDraft;
  for (const locale of LOCALES)
    draft[locale] = { title: content[locale]?.title ?? '', body: content[locale]?.body ?? '' };
  return draft;
}

/** The content to send: trimmed, a language with neither title nor body left out. */
export function contentOf(draft: MessageDraft): MessageContent {
  const content: MessageContent = {};
  for (const locale of LOCALES) {
    const title = draft[locale].title.trim();
    const body = draft[locale].body.trim();
    if (title || body) content[locale] = { title, body };
  }
  return content;
}

/** Problem keys under `manager.messages.errors`, by the server's field names. */
export type DraftProblem = 'title_missing' | 'body_missing' | 'too_long' | 'no_language';

export function checkDraft(draft: MessageDraft): Record<string, DraftProblem> {
  const problems: Record<string, DraftProblem> = {};
  const content = contentOf(draft);
  if (Object.keys(content).length === 0) problems.content = 'no_language';
  for (const [locale, text] of Object.entries(content)) {
    for (const field of ['title', 'body'] as const) {
      if (!text[field]) problems[`content.${locale}.${field}`] = `${field}_missing`;
      else if (text[field].length > LIMITS[field]) problems[`content.${locale}.${field}`] = 'too_long';
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** A 422's first message per field ("content.en.title", "partner", "reward.amount"). */
export const fieldErrors = (error: unknown): Record<string, string> => serverFieldErrors(error) ?? {};

/** What to say when a change failed without naming a field. */
export function failureText(error: unknown, t: (key: 'errors.error' | 'errors.network') => string): string {
  return apiMessage(error) ?? (error instanceof ApiError ? t('errors.error') : t('errors.network'));
}

// What staff write to partners, in English and French: announcements (to every partner, each
// reading their language's version), custom notifications (to one partner or to all), monthly
// promotions and challenges. The sections share this API shape under /api/manager/<kind>
// (`content` plus a kind's own fields); queries live under ['manager', <kind>] so signing out
// forgets them. The pages show errors themselves (a staff 401 must not end the
// partner's session), hence `handlesErrors` everywhere.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  messageContent,
  messageDeletedAnswer,
  staffItem,
  staffMessage,
} from '../../../../common/contracts/notifications';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { api, ApiError, apiRequest, type Paged } from '../../../lib/api';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';

export type MessageKind = 'announcements' | 'notifications' | 'promotions' | 'challenges';

// The answers' types are the server's schemas (common/contracts/notifications.ts, which the
// promos' and challenges' contracts share), so a page or a fixture that drifts does not compile.

/** A language left out is not written (announcements: not sent to that language's partners). */
export type MessageContent = z.infer<typeof messageContent>;
export type MessageText = NonNullable<MessageContent[Locale]>;

/** What every kind has: its texts and who wrote them (`author` null when they are gone). */
export type StaffItem = z.infer<typeof staffItem>;

/** An announcement or a custom notification; `partner` null means every partner (always for an announcement). */
export type StaffMessage = z.infer<typeof staffMessage>;
export type NotificationPartner = NonNullable<StaffMessage['partner']>;
/** A custom notification: the same answer as an announcement. */
export type StaffNotification = StaffMessage;

/** A page of a staff list (also a challenge's partners). */
export type MessagePage<Item = StaffMessage> = Paged<Item>;

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
      (await api.delete<z.infer<typeof messageDeletedAnswer>>(`${base(kind)}/${id}`, { auth: 'manager' }))
        .data,
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

// The page both sections are: a compose card on top, then what was sent, newest first, paged in
// the URL (?page=) so a reload or a shared link shows the same page. A section brings only what
// is its own: fields above the languages (a notification's recipient) and a recipient line.
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/form';
import { isUnauthorized } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { PageHeading } from '../../pages/PageHeading';
import { useFormatters } from '../../sales/format';
import { EmptyState, Pager, Skeleton } from '../../sales/ui';
import { Glyph } from '../content/editor-ui';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../ManagerPages';
import { useDateTime, useWideLayout } from '../payouts/ui';
import { DeleteDialog, EditDialog } from './MessageDialogs';
import { MessageForm } from './MessageForm';
import { useMessageList, useSendMessage, type MessageKind, type StaffMessage } from './messages-api';

/** Each kind's mark, on its send button and its empty list (the navigation's icons too). */
const KIND_ICON = { announcements: 'megaphone', notifications: 'bell' } as const;

/** What a section adds to the compose form. */
export interface ComposeExtra {
  /** The fields, given the last failed attempt (for the server's messages about them). */
  field: (error: unknown) => ReactNode;
  /** Checks them before sending; false stops it. */
  valid: () => boolean;
  /** What they add to the request's body. */
  body: () => Record<string, unknown>;
  /** Back to their first state once sent. */
  reset: () => void;
}

function ComposeCard({ kind, extra }: { kind: MessageKind; extra?: ComposeExtra }) {
  const { t } = useTranslation();
  const formId = useId();
  const send = useSendMessage(kind);
  const signOut = useManagerSignOut();
  // A new form once sent: empty fields, no leftover messages.
  const [round, setRound] = useState(0);
  return (
    <section className="card p-4 sm:p-6" aria-labelledby={`${formId}-heading`} data-testid="compose">
      <h2 id={`${formId}-heading`} className="mb-4 text-lg font-semibold tracking-tight">
        {t(`manager.${kind}.compose_title`)}
      </h2>
      <MessageForm
        key={round}
        id={formId}
        kind={kind}
        error={send.error}
        extraValid={extra?.valid}
        onSubmit={(content) =>
          send.mutate(
            { content, extra: extra?.body() },
            {
              onSuccess: () => {
                notifySuccess(t(`manager.${kind}.sent`));
                send.reset();
                extra?.reset();
                setRound((count) => count + 1);
              },
              onError: (error) => {
                if (isUnauthorized(error)) signOut();
              },
            },
          )
        }
      >
        {extra?.field(send.error)}
      </MessageForm>
      <div className="mt-5 flex justify-end border-t border-stone-200 pt-4 dark:border-stone-800">
        <button
          type="submit"
          form={formId}
          className="btn-primary"
          disabled={send.isPending}
          aria-busy={send.isPending || undefined}
          data-testid="compose-send"
        >
          {send.isPending ? <Spinner /> : <Icon name={KIND_ICON[kind]} width={18} height={18} />}
          {send.isPending ? t('manager.messages.sending') : t(`manager.${kind}.send`)}
        </button>
      </div>
    </section>
  );
}

/** Both languages of a message, each marked; a language not written says what partners get. */
function MessageTexts({ kind, item }: { kind: MessageKind; item: StaffMessage }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      {LOCALES.map((locale) => {
        const text = item.content[locale];
        return (
          <div key={locale} className="flex min-w-0 gap-2.5" data-testid={`text-${locale}`}>
            <span
              className="mt-0.5 inline-flex h-5 shrink-0 items-center rounded bg-stone-100 px-1.5 text-[11px] font-bold tracking-wide text-stone-600 dark:bg-stone-800 dark:text-stone-300"
              title={t(`manager.messages.locales.${locale}`)}
            >
              <span aria-hidden="true">{locale.toUpperCase()}</span>
              <span className="sr-only">{t(`manager.messages.locales.${locale}`)}</span>
            </span>
            {text ? (
              <div className="min-w-0" lang={locale}>
                <p className="font-semibold break-words text-stone-900 dark:text-white">{text.title}</p>
                <p className="mt-0.5 line-clamp-3 text-sm break-words whitespace-pre-line text-stone-700 dark:text-stone-300">
                  {text.body}
                </p>
              </div>
            ) : (
              <p className="text-sm text-stone-500 italic dark:text-stone-400">
                {t(`manager.${kind}.missing_language`, {
                  language: t(`manager.messages.language_names.${locale}`),
                })}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

function SentLine({ item }: { item: StaffMessage }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <span className="block text-xs leading-relaxed text-stone-600 dark:text-stone-400">
      <span className="block text-stone-800 dark:text-stone-200">{dateTime(item.created_at)}</span>
      {t('manager.messages.by', { name: item.author ?? t('manager.messages.unknown_author') })}
      {item.updated_at !== item.created_at ? (
        <span className="block">{t('manager.messages.edited', { date: dateTime(item.updated_at) })}</span>
      ) : null}
    </span>
  );
}

function ReadCount({ item }: { item: StaffMessage }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const share = item.recipients > 0 ? Math.min(1, item.read / item.recipients) : 0;
  return (
    <span className="block min-w-28" data-testid="read-count">
      <span className="block text-sm text-stone-700 dark:text-stone-300">
        {t('manager.messages.read', {
          count: item.recipients,
          read: f.number(item.read),
          recipients: f.number(item.recipients),
        })}
      </span>
      <span
        className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
        aria-hidden="true"
      >
        <span
          className="block h-full rounded-full bg-brand-600 dark:bg-brand-400"
          style={{ width: `${share * 100}%` }}
        />
      </span>
    </span>
  );
}

/** The first title written, to name a message in its buttons' labels. */
const nameOf = (item: StaffMessage, preferred: string) =>
  item.content[preferred as Locale]?.title ??
  LOCALES.map((locale) => item.content[locale]?.title).find(Boolean) ??
  '';

function Actions({
  item,
  onEdit,
  onDelete,
}: {
  item: StaffMessage;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title = nameOf(item, i18n.language);
  const button =
    'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors';
  return (
    <span className="flex flex-wrap gap-2 md:justify-end">
      <button
        type="button"
        onClick={onEdit}
        className={`${button} border-stone-300 text-stone-800 hover:border-brand-600 hover:text-brand-800 dark:border-stone-700 dark:text-stone-100 dark:hover:border-brand-400 dark:hover:text-brand-200`}
        aria-label={t('manager.messages.edit_label', { title })}
        data-testid="message-edit-open"
      >
        <Icon name="pen" width={15} height={15} />
        {t('manager.messages.edit')}
      </button>
      <button
        type="button"
        onClick={onDelete}
        className={`${button} border-stone-300 text-red-700 hover:border-red-600 hover:bg-red-50 dark:border-stone-700 dark:text-red-300 dark:hover:border-red-400 dark:hover:bg-red-950/40`}
        aria-label={t('manager.messages.delete_label', { title })}
        data-testid="message-delete-open"
      >
        <Glyph name="trash" width={15} height={15} />
        {t('manager.messages.delete')}
      </button>
    </span>
  );
}

interface ListProps<Item extends StaffMessage> {
  kind: MessageKind;
  rows: Item[];
  recipientOf?: (item: Item) => ReactNode;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}

function SentTable<Item extends StaffMessage>({
  kind,
  rows,
  recipientOf,
  onEdit,
  onDelete,
}: ListProps<Item>) {
  const { t } = useTranslation();
  const th =
    'border-b border-stone-200 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase first:pl-5 last:pr-5 dark:border-stone-800 dark:text-stone-400';
  const td = 'border-b border-stone-100 px-3 py-4 align-top first:pl-5 last:pr-5 dark:border-stone-800/70';
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid="messages-table">
      <caption className="sr-only">{t(`manager.${kind}.list_title`)}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>
            {t('manager.messages.columns.message')}
          </th>
          {recipientOf ? (
            <th scope="col" className={th}>
              {t('manager.messages.columns.recipient')}
            </th>
          ) : null}
          <th scope="col" className={th}>
            {t('manager.messages.columns.sent')}
          </th>
          <th scope="col" className={th}>
            {t('manager.messages.columns.read')}
          </th>
          <th scope="col" className={th}>
            <span className="sr-only">{t('manager.messages.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={item.id} data-testid="message-row">
            <td className={`${td} w-full max-w-0 min-w-64`}>
              <MessageTexts kind={kind} item={item} />
            </td>
            {recipientOf ? <td className={`${td} min-w-40`}>{recipientOf(item)}</td> : null}
            <td className={`${td} whitespace-nowrap`}>
              <SentLine item={item} />
            </td>
            <td className={td}>
              <ReadCount item={item} />
            </td>
            <td className={td}>
              <Actions item={item} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SentCards<Item extends StaffMessage>({
  kind,
  rows,
  recipientOf,
  onEdit,
  onDelete,
}: ListProps<Item>) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" aria-label={t(`manager.${kind}.list_title`)}>
      {rows.map((item) => (
        <li key={item.id} className="card p-4" data-testid="message-row">
          <MessageTexts kind={kind} item={item} />
          {recipientOf ? (
            <div className="mt-3 border-t border-stone-100 pt-3 dark:border-stone-800">
              {recipientOf(item)}
            </div>
          ) : null}
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-stone-100 pt-3 dark:border-stone-800">
            <SentLine item={item} />
            <ReadCount item={item} />
          </div>
          <div className="mt-3">
            <Actions item={item} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="card space-y-5 p-5" data-testid="messages-loading">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 4 }, (_, row) => (
        <div key={row} className="grid gap-4 md:grid-cols-[1fr_8rem_8rem]">
          <div className="space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3.5 w-5/6" />
          </div>
          <Skeleton className="hidden h-4 md:block" />
          <Skeleton className="hidden h-4 md:block" />
        </div>
      ))}
    </div>
  );
}

function SentList<Item extends StaffMessage>({
  kind,
  recipientOf,
}: {
  kind: MessageKind;
  recipientOf?: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const wide = useWideLayout();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useMessageList<Item>(kind, page);
  useSignOutOnUnauthorized(query.error);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const goTo = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const data = query.data;
  // A page beyond the last (the list shrank since the link was made, or its last one was deleted).
  const beyond =
    data && data.data.length === 0 && data.total > 0 && page > data.last_page ? data.last_page : null;
  useEffect(() => {
    if (beyond) goTo(beyond);
  }, [beyond, goTo]);

  let results;
  if (query.isPending) results = <ListSkeleton />;
  else if (query.isError && !data)
    results = (
      <div className="card">
        <EmptyState icon="alert" title={t(`manager.${kind}.load_failed`)} testId="messages-error">
          <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
            {t('manager.shell.retry')}
          </button>
        </EmptyState>
      </div>
    );
  else if (!data || data.data.length === 0)
    results = (
      <div className="card">
        <EmptyState
          icon={KIND_ICON[kind]}
          title={t(`manager.${kind}.empty_title`)}
          body={t(`manager.${kind}.empty_body`)}
          testId="messages-empty"
        />
      </div>
    );
  else {
    const props = { kind, rows: data.data, recipientOf, onEdit: setEditing, onDelete: setDeleting };
    results = (
      <div className={`transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {wide ? (
          <div className="card overflow-x-auto">
            <SentTable {...props} />
          </div>
        ) : (
          <SentCards {...props} />
        )}
      </div>
    );
  }

  return (
    <section className="mt-10" aria-labelledby={`${kind}-list-heading`} aria-busy={query.isFetching}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${kind}-list-heading`} className="text-lg font-semibold tracking-tight">
          {t(`manager.${kind}.list_title`)}
        </h2>
        {data ? (
          <p
            className="text-sm text-stone-600 dark:text-stone-400"
            aria-live="polite"
            data-testid="messages-total"
          >
            {t(`manager.${kind}.results`, { count: data.total, formatted: f.number(data.total) })}
          </p>
        ) : null}
      </div>
      {results}
      {data && data.last_page > 1 ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          onPage={goTo}
          busy={query.isPlaceholderData}
          label={t('manager.messages.pages_label')}
          testPrefix="messages-pager"
        />
      ) : null}
      {editing ? (
        <EditDialog
          kind={kind}
          item={editing}
          recipient={recipientOf?.(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteDialog kind={kind} item={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

export function MessagesPage<Item extends StaffMessage>({
  kind,
  extra,
  recipientOf,
}: {
  kind: MessageKind;
  extra?: ComposeExtra;
  recipientOf?: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`titles.manager_${kind}`);
  useDocumentTitle(title);
  return (
    <>
      <PageHeading title={title} lead={t(`manager.${kind}.lead`)} />
      <ComposeCard kind={kind} extra={extra} />
      <SentList kind={kind} recipientOf={recipientOf} />
    </>
  );
}

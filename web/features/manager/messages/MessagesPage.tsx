// The page every bilingual section is: a compose card on top, then what was written, newest
// first, paged in the URL (?page=) so a reload or a shared link shows the same page. A section
// brings only what is its own: its fields (FormFields: a recipient, dates, a reward) and how its
// rows look (ListView: the cells after the texts, a picture, a lock, a link).
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/form';
import { isUnauthorized } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters, useDateTime } from '../../../lib/format';
import { DeleteDialog, EditDialog } from './MessageDialogs';
import { MessageForm, type FormFields } from './MessageForm';
import {
  useMessageList,
  useSendMessage,
  type MessageKind,
  type StaffItem,
  type StaffMessage,
} from './messages-api';
import { Skeleton } from '../../../components/skeleton';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';
import { Glyph } from '../../../components/staff/fields';

/** Each kind's mark, on its send button and its empty list (the navigation's icons too). */
const KIND_ICON = {
  announcements: 'megaphone',
  notifications: 'bell',
  promotions: 'gift',
  challenges: 'target',
} as const;

/** A kind's own fields: a new item's (no argument) or those of the item being edited. */
export type FieldsFor<Item, Values> = (item?: Item) => FormFields<Values> | undefined;

/** One cell after the texts: a column of the table from `md` up, a block of the card below. */
export interface Column<Item> {
  key: string;
  header: string;
  cell: (item: Item) => ReactNode;
  /** The cell takes the card's whole width (a recipient); the table's cell classes. */
  wide?: boolean;
  className?: string;
}

/** How a kind's rows look, besides both languages' texts and the Edit and Delete buttons. */
export interface ListView<Item> {
  columns: readonly Column<Item>[];
  /** The texts' column header ("Message" unless said). */
  textsHeader?: string;
  /** A picture beside the texts. */
  media?: (item: Item) => ReactNode;
  /** Why Edit and Delete are off for this item (a challenge's reward paid), or null. */
  locked?: (item: Item) => string | null;
  /** Before Edit (a link to the item's own page). */
  actions?: (item: Item) => ReactNode;
  /** Above the edit form: what an edit does not change (a notification's recipient). */
  editContext?: (item: Item) => ReactNode;
}

function ComposeCard<Values>({ kind, fields }: { kind: MessageKind; fields?: FormFields<Values> }) {
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
        fields={fields}
        onSubmit={(content, extra) =>
          send.mutate(
            { content, extra },
            {
              onSuccess: () => {
                notifySuccess(t(`manager.${kind}.sent`));
                send.reset();
                setRound((count) => count + 1);
              },
              onError: (error) => {
                if (isUnauthorized(error)) signOut();
              },
            },
          )
        }
      />
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

/** Both languages of an item, each marked; a language not written says what partners get. */
export function MessageTexts({ kind, item }: { kind: MessageKind; item: StaffItem }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 flex-1 space-y-3">
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

/** When it was written, by whom, and when last edited. */
export function SentLine({ item }: { item: StaffItem }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <span className="block text-xs leading-relaxed text-muted">
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

/** The first title written, to name an item in its buttons' labels and its page's title. */
export const nameOf = (item: StaffItem, preferred: string) =>
  item.content[preferred as Locale]?.title ??
  LOCALES.map((locale) => item.content[locale]?.title).find(Boolean) ??
  '';

/** The rows' small outlined buttons (Edit, Delete, a section's own link). */
export const rowButton =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-45';

function Actions<Item extends StaffItem>({
  item,
  view,
  onEdit,
  onDelete,
}: {
  item: Item;
  view: ListView<Item>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title = nameOf(item, i18n.language);
  const locked = view.locked?.(item) ?? null;
  const lockId = `locked-${item.id}`;
  return (
    // Stacked in the table, so the column is as narrow as its widest button.
    <span className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
      {view.actions?.(item)}
      <button
        type="button"
        onClick={onEdit}
        disabled={locked !== null}
        aria-describedby={locked ? lockId : undefined}
        className={`${rowButton} border-stone-300 text-stone-800 hover:border-brand-600 hover:text-brand-800 dark:border-stone-700 dark:text-stone-100 dark:hover:border-brand-400 dark:hover:text-brand-200`}
        aria-label={t('manager.messages.edit_label', { title })}
        data-testid="message-edit-open"
      >
        <Icon name="pen" width={15} height={15} />
        {t('manager.messages.edit')}
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={locked !== null}
        aria-describedby={locked ? lockId : undefined}
        className={`${rowButton} border-stone-300 text-red-700 hover:border-red-600 hover:bg-red-50 dark:border-stone-700 dark:text-red-300 dark:hover:border-red-400 dark:hover:bg-red-950/40`}
        aria-label={t('manager.messages.delete_label', { title })}
        data-testid="message-delete-open"
      >
        <Glyph name="trash" width={15} height={15} />
        {t('manager.messages.delete')}
      </button>
      {locked ? (
        <span
          id={lockId}
          className="block w-full max-w-56 text-xs text-stone-600 md:text-right dark:text-stone-400"
          data-testid="locked-hint"
        >
          {locked}
        </span>
      ) : null}
    </span>
  );
}

/** The texts, beside the item's picture when its kind has one. */
function ItemTexts<Item extends StaffItem>({
  kind,
  item,
  view,
}: {
  kind: MessageKind;
  item: Item;
  view: ListView<Item>;
}) {
  return (
    <div className="flex min-w-0 gap-3">
      {view.media ? <div className="shrink-0">{view.media(item)}</div> : null}
      <MessageTexts kind={kind} item={item} />
    </div>
  );
}

interface ListProps<Item extends StaffItem> {
  kind: MessageKind;
  rows: Item[];
  view: ListView<Item>;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}

function SentTable<Item extends StaffItem>({ kind, rows, view, onEdit, onDelete }: ListProps<Item>) {
  const { t } = useTranslation();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t(`manager.${kind}.list_title`)}
      testId="messages-table"
      columns={[
        { key: 'texts', header: view.textsHeader ?? t('manager.messages.columns.message') },
        ...view.columns,
        {
          key: 'actions',
          header: <span className="sr-only">{t('manager.messages.columns.actions')}</span>,
        },
      ]}
    >
      {rows.map((item) => (
        <tr key={item.id} data-testid="message-row">
          <td className={`${td} w-full max-w-0 min-w-48`}>
            <ItemTexts kind={kind} item={item} view={view} />
          </td>
          {view.columns.map((column) => (
            <td key={column.key} className={`${td} ${column.className ?? ''}`}>
              {column.cell(item)}
            </td>
          ))}
          <td className={td}>
            <Actions item={item} view={view} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function SentCards<Item extends StaffItem>({ kind, rows, view, onEdit, onDelete }: ListProps<Item>) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" aria-label={t(`manager.${kind}.list_title`)}>
      {rows.map((item) => (
        <li key={item.id} className="card p-4" data-testid="message-row">
          <ItemTexts kind={kind} item={item} view={view} />
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-stone-100 pt-3 dark:border-stone-800">
            {view.columns.map((column) => (
              <div key={column.key} className={`min-w-0 ${column.wide ? 'col-span-2' : ''}`}>
                {column.cell(item)}
              </div>
            ))}
          </div>
          <div className="mt-3">
            <Actions item={item} view={view} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
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

/** What announcements and notifications show after their texts: when sent, and who read it. */
export function useMessageColumns(): Column<StaffMessage>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'sent',
      header: t('manager.messages.columns.sent'),
      cell: (item) => <SentLine item={item} />,
      className: 'whitespace-nowrap',
    },
    { key: 'read', header: t('manager.messages.columns.read'), cell: (item) => <ReadCount item={item} /> },
  ];
}

interface SectionProps<Item, Values> {
  kind: MessageKind;
  view: ListView<Item>;
  fieldsFor?: FieldsFor<Item, Values>;
}

function SentList<Item extends StaffItem, Values>({ kind, view, fieldsFor }: SectionProps<Item, Values>) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { page, goTo } = usePageParam();
  const query = useMessageList<Item>(kind, page);
  useSignOutOnUnauthorized(query.error);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const data = query.data;
  useBackInRange(data, page, goTo);

  const results = (
    <ListResults
      query={query}
      testPrefix="messages"
      loading={<ListSkeleton />}
      failedTitle={t(`manager.${kind}.load_failed`)}
      empty={{
        icon: KIND_ICON[kind],
        title: t(`manager.${kind}.empty_title`),
        body: t(`manager.${kind}.empty_body`),
      }}
      rows={(rows) => {
        const props = { kind, rows, view, onEdit: setEditing, onDelete: setDeleting };
        return { table: <SentTable {...props} />, cards: <SentCards {...props} /> };
      }}
    />
  );

  return (
    <PagedSection
      id={`${kind}-list-heading`}
      title={t(`manager.${kind}.list_title`)}
      total={
        data ? t(`manager.${kind}.results`, { count: data.total, formatted: f.number(data.total) }) : null
      }
      page={data ? { current: data.current_page, last: data.last_page } : null}
      onPage={goTo}
      busy={query.isFetching}
      placeholder={query.isPlaceholderData}
      pagerLabel={t('manager.messages.pages_label')}
      testPrefix="messages"
    >
      {results}
      {editing ? (
        <EditDialog
          kind={kind}
          item={editing}
          context={view.editContext?.(editing)}
          fields={fieldsFor?.(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteDialog kind={kind} item={deleting} onClose={() => setDeleting(null)} /> : null}
    </PagedSection>
  );
}

export function MessagesPage<Item extends StaffItem, Values = never>(props: SectionProps<Item, Values>) {
  const { t } = useTranslation();
  const { kind, fieldsFor } = props;
  const title = t(`titles.manager_${kind}`);
  useDocumentTitle(title);
  return (
    <>
      <PageHeading title={title} lead={t(`manager.${kind}.lead`)} />
      <ComposeCard kind={kind} fields={fieldsFor?.()} />
      <SentList {...props} />
    </>
  );
}

// The bilingual form every kind writes with: a title and a text per language, side by side
// from `md` up, checked here first (a language half written, too long, none at all) and then by
// the server, whose 422 messages land under the fields they name. A kind's own fields (a
// recipient, dates, a reward) are kept here too, so they are checked, reset and shown with the
// server's messages the same way. The buttons are the caller's (a card's footer, a dialog's),
// tied to the form by its id.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../common/i18n';
import {
  checkDraft,
  contentOf,
  draftOf,
  failureText,
  fieldErrors,
  LIMITS,
  type ExtraBody,
  type MessageContent,
  type MessageDraft,
  type MessageKind,
} from './messages-api';
import { ErrorText, Notice, TextArea, TextInput } from '../../../components/staff/fields';

/** What a kind's own fields get to draw themselves. */
export interface FieldsContext<Values> {
  values: Values;
  /** Changes values; `fields` are the server's names whose messages the change settles. */
  change: (patch: Partial<Values>, ...fields: string[]) => void;
  /** The message under a field (the form's check first, then the server's), or null. */
  error: (field: string) => string | null;
}

/** The fields a kind adds to the texts, described once for the compose card and the edit dialog. */
export interface FormFields<Values> {
  /** A new item's values, or those of the item being edited. */
  initial: Values;
  /** Above the languages (a recipient, a month). */
  before?: (context: FieldsContext<Values>) => ReactNode;
  /** Below them (dates, a goal and its reward). */
  after?: (context: FieldsContext<Values>) => ReactNode;
  /** Problems found before sending, in words, by the server's field names. */
  check?: (values: Values) => Record<string, string>;
  /** What they add to the request's body. */
  body: (values: Values) => ExtraBody;
}

function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={`text-xs tabular-nums ${length > max ? 'font-semibold text-red-700 dark:text-red-300' : 'text-stone-500 dark:text-stone-400'}`}
    >
      {t('manager.messages.counter', { length, max })}
    </span>
  );
}

export function MessageForm<Values>({
  id,
  kind,
  initial,
  error,
  onSubmit,
  fields,
}: {
  id: string;
  kind: MessageKind;
  initial?: MessageContent;
  /** The last failed attempt (the mutation's error). */
  error: unknown;
  onSubmit: (content: MessageContent, extra: ExtraBody | undefined) => void;
  fields?: FormFields<Values>;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<MessageDraft>(() => draftOf(initial));
  const [values, setValues] = useState(() => fields?.initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  // The server's messages stand until their field is changed, and come back with a new answer.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    setEdited(new Set());
  }
  const server = fieldErrors(error);
  const messageFor = (field: string) =>
    problems[field] ?? (edited.has(field) ? undefined : server[field]) ?? null;
  const unnamed = error && Object.keys(server).length === 0 ? failureText(error, t) : null;

  // After a refused attempt, the first field to fix gets the focus.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 && !error) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, error]);

  /** The form's and the server's messages about `keys` are settled by a change. */
  const settle = (keys: string[]) => {
    setProblems((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))),
    );
    setEdited((current) => new Set([...current, ...keys]));
  };
  const change = (locale: Locale, field: 'title' | 'body', value: string) => {
    setDraft((current) => ({ ...current, [locale]: { ...current[locale], [field]: value } }));
    settle([`content.${locale}.${field}`, `content.${locale}`, 'content']);
  };
  const context: FieldsContext<Values> | null =
    fields && values !== undefined
      ? {
          values,
          change: (patch, ...keys) => {
            setValues((current) => ({ ...(current as Values), ...patch }));
            settle(keys);
          },
          error: messageFor,
        }
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      Object.entries(checkDraft(draft)).map(([field, problem]) => [
        field,
        t(`manager.messages.errors.${problem}`, {
          count: field.endsWith('.title') ? LIMITS.title : LIMITS.body,
        }),
      ]),
    );
    if (fields?.check && values !== undefined) Object.assign(found, fields.check(values));
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    onSubmit(contentOf(draft), fields && values !== undefined ? fields.body(values) : undefined);
  };

  const contentError = messageFor('content');
  return (
    <form id={id} ref={formRef} onSubmit={submit} noValidate data-testid={`${kind}-form`}>
      {context ? fields?.before?.(context) : null}
      <p className="text-sm text-muted" id={`${id}-hint`}>
        {t(`manager.${kind}.languages_hint`)}
      </p>
      {contentError ? (
        <div role="alert" data-testid="content-error">
          <ErrorText message={contentError} />
        </div>
      ) : null}
      <div className="mt-4 grid gap-5 md:grid-cols-2">
        {LOCALES.map((locale) => (
          <fieldset
            key={locale}
            className="min-w-0 rounded-xl border border-stone-200 p-4 dark:border-stone-800"
            data-testid={`message-${locale}`}
          >
            <legend className="px-1.5 text-sm font-semibold text-stone-800 dark:text-stone-200">
              {t(`manager.messages.locales.${locale}`)}
            </legend>
            <div className="space-y-4">
              <TextInput
                label={t('manager.messages.title')}
                value={draft[locale].title}
                onValue={(value) => change(locale, 'title', value)}
                error={messageFor(`content.${locale}.title`)}
                aside={<Counter length={draft[locale].title.trim().length} max={LIMITS.title} />}
                autoComplete="off"
                lang={locale}
                data-testid={`message-${locale}-title`}
              />
              <TextArea
                label={t('manager.messages.body')}
                value={draft[locale].body}
                onValue={(value) => change(locale, 'body', value)}
                error={messageFor(`content.${locale}.body`)}
                aside={<Counter length={draft[locale].body.trim().length} max={LIMITS.body} />}
                rows={5}
                lang={locale}
                data-testid={`message-${locale}-body`}
              />
            </div>
            <ErrorText message={messageFor(`content.${locale}`)} />
          </fieldset>
        ))}
      </div>
      {context ? fields?.after?.(context) : null}
      {unnamed ? (
        <div className="mt-4">
          <Notice tone="error" testId={`${kind}-form-failure`}>
            {unnamed}
          </Notice>
        </div>
      ) : null}
    </form>
  );
}

// The frame of both editors (a product's talking points, a page) for one locale: loads the current
// text, keeps a draft checked live with the shared schema, saves it held to the version it
// started from, shows the preview beside it (below on phones) and the version history. When
// someone else saved first, the server answers 409 and the editor offers to load their text.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized } from '../../../lib/api';
import { notifySuccess } from '../../../lib/toast';
import {
  serverFieldErrors,
  serverMessage,
  statusOf,
  useEntry,
  useRestoreVersion,
  useSaveEntry,
  type BodyOf,
  type Entry,
  type EntryKind,
} from '../content-api';
import { schemaErrors, type FieldErrors } from './validation';
import { useAuthorName, VersionsPanel } from './VersionsPanel';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { useDateTime } from '../../../lib/format';
import { Chip } from '../../../components/staff/chips';
import { Notice } from '../../../components/staff/fields';
import { ConfirmDialog } from '../../../components/staff/dialogs';

export interface EditorFormProps<Body> {
  draft: Body;
  onChange: (draft: Body) => void;
  errors: FieldErrors;
}

interface Held<Body> {
  /** The version the draft started from: what a save is held to. */
  base: Entry<Body>;
  draft: Body;
}

function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-6 lg:grid-cols-2" data-testid="editor-loading">
      <span className="sr-only">{t('loading')}</span>
      <div className="card space-y-4 p-5">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
      <Skeleton className="h-96 rounded-2xl" />
    </div>
  );
}

function LocaleTabs({ current, pathFor }: { current: Locale; pathFor: (locale: Locale) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('manager.content.editor.locales_label')}>
      <ul className="inline-flex rounded-full border border-stone-200 bg-white p-0.5 dark:border-stone-800 dark:bg-stone-900">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <NavLink
              to={pathFor(locale)}
              aria-current={locale === current ? 'page' : undefined}
              className={`inline-flex min-h-9 items-center rounded-full px-3.5 text-sm font-semibold transition-colors ${
                locale === current
                  ? 'bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900'
                  : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
              }`}
              data-testid={`editor-locale-${locale}`}
            >
              {t(`manager.content.locales.${locale}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EntryEditor<Kind extends EntryKind>({
  kind,
  id,
  locale,
  schema,
  title,
  back,
  pathFor,
  extraErrors,
  renderForm,
  renderPreview,
  help,
}: {
  kind: Kind;
  id: string;
  locale: Locale;
  schema: z.ZodType<BodyOf<Kind>>;
  /** The heading, from the current text when it is known. */
  title: (body: BodyOf<Kind> | undefined) => string;
  back: { to: string; label: string };
  pathFor: (locale: Locale) => string;
  /** Checks the schema cannot make (the caption check), by path; they block a save too. */
  extraErrors?: (draft: BodyOf<Kind>) => FieldErrors;
  renderForm: (props: EditorFormProps<BodyOf<Kind>>) => ReactNode;
  renderPreview: (body: BodyOf<Kind>) => ReactNode;
  help?: ReactNode;
}) {
  type Body = BodyOf<Kind>;
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const author = useAuthorName();
  const signOut = useManagerSignOut();
  const entry = useEntry(kind, id, locale);
  const save = useSaveEntry(kind, id, locale);
  const restore = useRestoreVersion(kind, id, locale);
  useSignOutOnUnauthorized(entry.error);

  const [held, setHeld] = useState<Held<Body> | null>(null);
  // Bumped when the draft is replaced wholesale (reload, restore, discard): the form starts again.
  const [resets, setResets] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [openVersion, setOpenVersion] = useState<number | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const current: Held<Body> | null =
    held ?? (entry.data ? { base: entry.data, draft: entry.data.body } : null);
  const dirty = current ? JSON.stringify(current.draft) !== JSON.stringify(current.base.body) : false;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (entry.isPending)
    return (
      <>
        <BackLink {...back} />
        <EditorSkeleton />
      </>
    );
  if (!current) {
    const notFound = statusOf(entry.error) === 404;
    return (
      <>
        <BackLink {...back} />
        <div className="card">
          <EmptyState
            icon="alert"
            title={notFound ? t('manager.content.editor.not_found') : t('manager.content.editor.load_failed')}
            body={serverMessage(entry.error) ?? undefined}
            testId="editor-error"
          >
            {notFound ? null : (
              <button type="button" className="btn-secondary mt-4" onClick={() => void entry.refetch()}>
                {t('manager.shell.retry')}
              </button>
            )}
          </EmptyState>
        </div>
      </>
    );
  }

  const { base, draft } = current;
  // The schema's message wins where both speak of the same field.
  const clientErrors = { ...extraErrors?.(draft), ...schemaErrors(schema, draft, t) };
  const errors = { ...serverErrors, ...clientErrors };
  const problems = Object.keys(clientErrors).length;

  const replace = (next: Entry<Body>) => {
    setHeld({ base: next, draft: next.body });
    setResets((count) => count + 1);
    setServerErrors({});
    setAttempted(false);
    setConflict(null);
    setFailure(null);
  };
  const onChange = (next: Body) => {
    setHeld({ base, draft: next });
    if (Object.keys(serverErrors).length) setServerErrors({});
  };
  const onError = (error: unknown, where: 'save' | 'restore') => {
    if (isUnauthorized(error)) {
      signOut();
      return;
    }
    const message = serverMessage(error);
    if (statusOf(error) === 409) {
      setConflict(message ?? t('manager.content.editor.conflict'));
      setOpenVersion(null);
      return;
    }
    if (where === 'restore') {
      setRestoreError(message ?? t('manager.content.editor.failed'));
      return;
    }
    if (statusOf(error) === 422) {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      // A rule about the whole text has no field to stand at: it joins the notice.
      setFailure([message ?? t('manager.content.editor.invalid'), fields['']].filter(Boolean).join(' · '));
      return;
    }
    setFailure(
      message ?? (error instanceof ApiError ? t('manager.content.editor.failed') : t('errors.network')),
    );
  };

  const submit = () => {
    setFailure(null);
    const parsed = schema.safeParse(draft);
    if (problems > 0 || !parsed.success) {
      setAttempted(true);
      // After the messages render: the first field at fault, else the first message.
      requestAnimationFrame(() => {
        const target =
          formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
          formRef.current?.querySelector<HTMLElement>('[data-field-error]');
        // Optional: jsdom, for one, cannot scroll.
        target?.scrollIntoView?.({ block: 'center' });
        if (target?.matches('input, textarea, select')) target.focus();
      });
      return;
    }
    setAttempted(false);
    save.mutate(
      { body: parsed.data, baseVersion: base.version },
      {
        onSuccess: (saved) => {
          setHeld({ base: saved, draft: saved.body });
          setServerErrors({});
          setConflict(null);
          notifySuccess(t('manager.content.editor.saved', { version: saved.version }));
        },
        onError: (error) => onError(error, 'save'),
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await entry.refetch();
      if (fresh.data) replace(fresh.data);
    } finally {
      setReloading(false);
    }
  };

  const restoreVersion = (version: number) => {
    setRestoreError(null);
    restore.mutate(
      { version, baseVersion: base.version },
      {
        onSuccess: (restored) => {
          replace(restored);
          setOpenVersion(null);
          notifySuccess(t('manager.content.versions.restored', { version, current: restored.version }));
        },
        onError: (error) => onError(error, 'restore'),
      },
    );
  };

  const heading = title(base.body);
  return (
    <>
      <BackLink {...back} />
      <header className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="editor-title">
            {heading}
          </h1>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <span data-testid="editor-version">
              {t('manager.content.editor.version_line', {
                version: base.version,
                who: author(base.updated_by, base.source),
                when: dateTime(base.updated_at),
              })}
            </span>
            {base.seed_differs ? (
              <Chip tone="warning" testId="seed-differs">
                {t('manager.content.seed_differs')}
              </Chip>
            ) : null}
          </p>
        </div>
        <LocaleTabs current={locale} pathFor={pathFor} />
      </header>
      {base.seed_differs ? (
        <p className="mb-4 text-sm text-muted">{t('manager.content.seed_differs_help')}</p>
      ) : null}
      <div className="space-y-3">
        {conflict ? (
          <Notice
            tone="warning"
            testId="editor-conflict"
            actions={
              <button
                type="button"
                className="btn-secondary min-h-10 px-4 py-1.5"
                onClick={() => void reload()}
                disabled={reloading}
                data-testid="editor-reload"
              >
                {reloading ? t('manager.content.editor.reloading') : t('manager.content.editor.reload')}
              </button>
            }
          >
            <p className="font-semibold">{conflict}</p>
            <p className="mt-0.5">{t('manager.content.editor.conflict_help')}</p>
          </Notice>
        ) : null}
        {failure ? (
          <Notice tone="error" testId="editor-failure">
            {failure}
          </Notice>
        ) : null}
        {attempted && problems > 0 ? (
          <Notice tone="error" testId="editor-invalid">
            {t('manager.content.editor.fix_first', { count: problems })}
          </Notice>
        ) : null}
      </div>
      {help ? <div className="mt-4">{help}</div> : null}
      <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <form
          className="card min-w-0 p-4 sm:p-5"
          aria-label={t('manager.content.editor.form_label', { name: heading })}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div ref={formRef} key={resets} className="space-y-6" lang={locale}>
            {renderForm({ draft, onChange, errors })}
          </div>
          <SaveBar dirty={dirty} saving={save.isPending} onDiscard={() => replace(base)} />
        </form>
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20">
          <section aria-labelledby="content-preview" className="card min-w-0 p-4 sm:p-5">
            <h2
              id="content-preview"
              className="mb-3 flex items-center justify-between gap-2 text-sm font-semibold tracking-tight"
            >
              {t('manager.content.editor.preview')}
              <span className="text-xs font-medium text-stone-500 dark:text-stone-400">
                {t('manager.content.editor.preview_note')}
              </span>
            </h2>
            <div
              // On wide screens the preview scrolls on its own beside the form.
              className="lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto"
              data-testid="editor-preview"
            >
              {renderPreview(draft)}
            </div>
          </section>
          <VersionsPanel
            kind={kind}
            id={id}
            locale={locale}
            versions={base.versions}
            current={base.version}
            dirty={dirty}
            restoring={restore.isPending}
            restoreError={restoreError}
            renderPreview={renderPreview}
            onRestore={restoreVersion}
            opened={openVersion}
            onOpen={(version) => {
              setRestoreError(null);
              setOpenVersion(version);
            }}
          />
        </div>
      </div>
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={t('manager.content.editor.leave_title')}
          body={t('manager.content.editor.leave_body')}
          confirmLabel={t('manager.content.editor.leave')}
          busyLabel={t('manager.content.editor.leave')}
          busy={false}
          danger
          onConfirm={() => blocker.proceed()}
          onClose={() => blocker.reset()}
          testId="leave-confirm"
        />
      ) : null}
    </>
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="link mb-4 inline-flex items-center gap-1.5 text-sm" data-testid="editor-back">
      <Icon name="arrow-left" width={16} height={16} />
      {label}
    </Link>
  );
}

/**
 * Save and discard, kept in view at the bottom of the form while it scrolls: one compact row even
 * on a phone (the status gives way first), so it hides as little of the form as it can.
 */
function SaveBar({ dirty, saving, onDiscard }: { dirty: boolean; saving: boolean; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 -mb-4 flex items-center justify-end gap-2 rounded-b-2xl border-t border-stone-200 bg-white/95 px-4 py-2 backdrop-blur sm:-mx-5 sm:-mb-5 sm:px-5 sm:py-3 dark:border-stone-800 dark:bg-stone-900/95">
      <p
        className={`mr-auto flex min-w-0 items-center gap-2 text-xs sm:text-sm ${
          dirty
            ? 'font-medium text-amber-800 dark:text-amber-300'
            : // On a phone "no changes" goes without saying (both buttons are off): room for them.
              'text-stone-600 max-sm:sr-only dark:text-stone-400'
        }`}
        aria-live="polite"
        data-testid="editor-dirty"
      >
        {dirty ? <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-amber-500" /> : null}
        <span className="truncate">
          {dirty ? t('manager.content.editor.unsaved') : t('manager.content.editor.no_changes')}
        </span>
      </p>
      <button
        type="button"
        className="btn-secondary min-h-10 shrink-0 px-3 py-1.5 sm:px-4"
        onClick={onDiscard}
        disabled={!dirty || saving}
      >
        {t('manager.content.editor.discard')}
      </button>
      <button
        type="submit"
        className="btn-primary min-h-10 shrink-0 px-3 py-1.5 sm:px-4"
        disabled={!dirty || saving}
        data-testid="editor-save"
      >
        {saving ? t('manager.content.editor.saving') : t('manager.content.editor.save')}
      </button>
    </div>
  );
}

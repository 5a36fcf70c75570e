// The version history of one text (docs/product/content.md#staff-edits): every version with who and when, a read-only
// view of any of them, and "Restore this version", which makes a new version holding that text.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../common/i18n';
import {
  serverMessage,
  useVersion,
  type BodyOf,
  type ContentSource,
  type EntryKind,
  type VersionSummary,
} from '../content-api';
import { SkeletonLines } from '../../../components/skeleton';
import { useDateTime } from '../../../lib/format';
import { Chip } from '../../../components/staff/chips';
import { Glyph } from '../../../components/staff/fields';
import { Dialog } from '../../../components/staff/dialogs';

/** Who made a version: a staff member's name, or the text the release shipped. */
export function useAuthorName() {
  const { t } = useTranslation();
  return (name: string | null, source: ContentSource) =>
    name ?? (source === 'seed' ? t('manager.content.release_text') : t('manager.content.unknown_author'));
}

export function SourceChip({ source }: { source: ContentSource }) {
  const { t } = useTranslation();
  const tone = source === 'seed' ? 'info' : source === 'restore' ? 'brand' : 'neutral';
  return <Chip tone={tone}>{t(`manager.content.sources.${source}`)}</Chip>;
}

function VersionDialog<Kind extends EntryKind>({
  kind,
  id,
  locale,
  summary,
  current,
  dirty,
  restoring,
  restoreError,
  renderPreview,
  onRestore,
  onClose,
}: {
  kind: Kind;
  id: string;
  locale: Locale;
  summary: VersionSummary;
  current: number;
  dirty: boolean;
  restoring: boolean;
  restoreError: string | null;
  renderPreview: (body: BodyOf<Kind>) => ReactNode;
  onRestore: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const author = useAuthorName();
  const version = useVersion(kind, id, locale, summary.version);
  const [confirming, setConfirming] = useState(false);
  const isCurrent = summary.version === current;
  const meta = t('manager.content.versions.meta', {
    who: author(summary.created_by, summary.source),
    when: dateTime(summary.created_at),
  });

  if (confirming)
    return (
      <Dialog
        title={t('manager.content.versions.confirm_title', { version: summary.version })}
        description={
          <>
            <p>{t('manager.content.versions.confirm_body', { version: summary.version, current })}</p>
            {dirty ? (
              <p className="mt-2 font-medium text-amber-800 dark:text-amber-300">
                {t('manager.content.versions.confirm_dirty')}
              </p>
            ) : null}
          </>
        }
        onClose={() => setConfirming(false)}
        busy={restoring}
        testId="restore-confirm"
        footer={
          <>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setConfirming(false)}
              disabled={restoring}
            >
              {t('manager.content.cancel')}
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={onRestore}
              disabled={restoring}
              data-testid="restore-confirm-button"
            >
              {restoring ? t('manager.content.versions.restoring') : t('manager.content.versions.restore')}
            </button>
          </>
        }
      >
        {restoreError ? (
          <p
            role="alert"
            className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
          >
            {restoreError}
          </p>
        ) : null}
      </Dialog>
    );

  let preview: ReactNode;
  if (version.data) preview = renderPreview(version.data.body);
  else if (version.isError)
    preview = (
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        {serverMessage(version.error) ?? t('manager.content.versions.load_failed')}
      </p>
    );
  else preview = <SkeletonLines lines={8} />;

  return (
    <Dialog
      title={t('manager.content.versions.view_title', { version: summary.version })}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>{meta}</span>
          <SourceChip source={summary.source} />
          {summary.restored_from ? (
            <span>{t('manager.content.versions.restored_from', { version: summary.restored_from })}</span>
          ) : null}
        </span>
      }
      size="xl"
      onClose={onClose}
      testId="version-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('manager.content.close')}
          </button>
          {isCurrent ? null : (
            <button
              type="button"
              className="btn-primary"
              onClick={() => setConfirming(true)}
              disabled={!version.data}
              data-testid="restore-version"
            >
              <Glyph name="history" />
              {t('manager.content.versions.restore')}
            </button>
          )}
        </>
      }
    >
      {isCurrent ? (
        <p className="mt-3 text-sm text-muted">{t('manager.content.versions.is_current')}</p>
      ) : null}
      <div className="mt-4" data-testid="version-preview">
        {preview}
      </div>
    </Dialog>
  );
}

export function VersionsPanel<Kind extends EntryKind>({
  kind,
  id,
  locale,
  versions,
  current,
  dirty,
  restoring,
  restoreError,
  renderPreview,
  onRestore,
  opened,
  onOpen,
}: {
  kind: Kind;
  id: string;
  locale: Locale;
  versions: VersionSummary[];
  current: number;
  dirty: boolean;
  restoring: boolean;
  restoreError: string | null;
  renderPreview: (body: BodyOf<Kind>) => ReactNode;
  onRestore: (version: number) => void;
  /** The version whose dialog is open; the editor closes it once a restore is done. */
  opened: number | null;
  onOpen: (version: number | null) => void;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const author = useAuthorName();
  const open = versions.find((each) => each.version === opened);
  return (
    <section aria-labelledby="content-versions" className="card p-4 sm:p-5" data-testid="versions">
      <h2 id="content-versions" className="flex items-center gap-2 text-sm font-semibold tracking-tight">
        <Glyph name="history" className="text-stone-500 dark:text-stone-400" />
        {t('manager.content.versions.heading')}
      </h2>
      <ol className="mt-3 divide-y divide-stone-100 dark:divide-stone-800">
        {versions.map((each) => (
          <li
            key={each.version}
            className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2.5 first:pt-0 last:pb-0"
            data-testid="version-row"
          >
            <span className="w-10 shrink-0 text-sm font-bold tabular-nums">
              {t('manager.content.versions.number', { version: each.version })}
            </span>
            <span className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-medium">{author(each.created_by, each.source)}</span>
              <span className="block text-xs text-muted">
                {dateTime(each.created_at)}
                {each.restored_from
                  ? ` · ${t('manager.content.versions.restored_from', { version: each.restored_from })}`
                  : ''}
              </span>
            </span>
            <span className="flex items-center gap-1.5">
              {each.version === current ? (
                <Chip tone="success">{t('manager.content.versions.current')}</Chip>
              ) : null}
              <SourceChip source={each.source} />
              <button
                type="button"
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-400/10"
                onClick={() => onOpen(each.version)}
                data-testid={`view-version-${each.version}`}
              >
                <Glyph name="eye" width={16} height={16} />
                {t('manager.content.versions.view')}
                <span className="sr-only">
                  {t('manager.content.versions.number', { version: each.version })}
                </span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      {open ? (
        <VersionDialog
          kind={kind}
          id={id}
          locale={locale}
          summary={open}
          current={current}
          dirty={dirty}
          restoring={restoring}
          restoreError={restoreError}
          renderPreview={renderPreview}
          onRestore={() => onRestore(open.version)}
          onClose={() => onOpen(null)}
        />
      ) : null}
    </section>
  );
}

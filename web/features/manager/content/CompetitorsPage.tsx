// /manager/content/competitors: the brand names the caption check warns about (docs/product/content.md#caption-check).
// Edited as a list and saved as a whole; the server folds duplicates and answers the list it kept.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form';
import { isUnauthorized } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { serverFieldErrors, serverMessage, useCompetitors, useSaveCompetitors } from '../content-api';
import { ContentHeader } from './ContentNav';
import { SkeletonLines } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { ErrorText, Glyph, Notice } from '../../../components/staff/fields';

/** The server's limits (notes/content-api.md): each name 2 to 60 characters, at most 200 names. */
export const COMPETITOR_NAME = { min: 2, max: 60 } as const;
export const MAX_COMPETITORS = 200;

/** A name as the list keeps it: spaces trimmed and collapsed. */
const tidy = (name: string) => name.replace(/\s+/g, ' ').trim();
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

function CompetitorsEditor({ saved }: { saved: string[] }) {
  const { t } = useTranslation();
  const signOut = useManagerSignOut();
  const save = useSaveCompetitors();
  const inputId = useId();
  const [names, setNames] = useState(saved);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = JSON.stringify(names) !== JSON.stringify(saved);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = tidy(text);
    if (name.length < COMPETITOR_NAME.min || name.length > COMPETITOR_NAME.max) {
      setProblem(
        t('manager.content.competitors.length', { min: COMPETITOR_NAME.min, max: COMPETITOR_NAME.max }),
      );
      return;
    }
    if (names.some((each) => same(each, name))) {
      setProblem(t('manager.content.competitors.duplicate', { name }));
      return;
    }
    if (names.length >= MAX_COMPETITORS) {
      setProblem(t('manager.content.competitors.too_many', { count: MAX_COMPETITORS }));
      return;
    }
    setProblem(null);
    setNames([...names, name].sort((a, b) => a.localeCompare(b)));
    setText('');
  };

  const submit = () => {
    setFailure(null);
    save.mutate(names, {
      onSuccess: (kept) => {
        setNames(kept);
        notifySuccess(t('manager.content.competitors.saved', { count: kept.length }));
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          signOut();
          return;
        }
        const fields = Object.values(serverFieldErrors(error));
        setFailure(
          [serverMessage(error) ?? t('manager.content.competitors.save_failed'), ...fields].join(' '),
        );
      },
    });
  };

  return (
    <div className="card p-4 sm:p-5" data-testid="competitors">
      <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <label
            htmlFor={inputId}
            className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
          >
            {t('manager.content.competitors.new_name')}
          </label>
          <input
            id={inputId}
            value={text}
            onChange={(event) => {
              setProblem(null);
              setText(event.target.value);
            }}
            maxLength={COMPETITOR_NAME.max + 20}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
            className={`${inputClass} ${problem ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
            data-testid="competitor-input"
          />
          {problem ? (
            <ErrorText id={`${inputId}-error`} message={problem} />
          ) : (
            <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-muted">
              {t('manager.content.competitors.hint')}
            </p>
          )}
        </div>
        <button type="submit" className="btn-secondary sm:mt-[25px]" data-testid="competitor-add">
          <Glyph name="plus" width={16} height={16} />
          {t('manager.content.competitors.add')}
        </button>
      </form>

      <h2 className="mt-6 text-sm font-semibold">
        {t('manager.content.competitors.list_heading', { count: names.length })}
      </h2>
      {names.length === 0 ? (
        <p className="mt-2 text-sm text-muted" data-testid="competitors-empty">
          {t('manager.content.competitors.empty')}
        </p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="competitor-list">
          {names.map((name) => (
            <li
              key={name}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm font-medium text-stone-800 dark:bg-stone-800 dark:text-stone-100"
              data-testid="competitor"
            >
              {name}
              <button
                type="button"
                className="inline-flex h-7 w-7 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-red-700 dark:text-stone-400 dark:hover:bg-stone-700 dark:hover:text-red-300"
                onClick={() => setNames(names.filter((each) => each !== name))}
                aria-label={t('manager.content.competitors.remove', { name })}
              >
                <Glyph name="trash" width={15} height={15} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure ? (
        <div className="mt-4">
          <Notice tone="error" testId="competitors-failure">
            {failure}
          </Notice>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 pt-4 dark:border-stone-800">
        <p className="mr-auto text-sm text-muted" aria-live="polite">
          {dirty ? t('manager.content.editor.unsaved') : t('manager.content.editor.no_changes')}
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setNames(saved);
            setFailure(null);
          }}
          disabled={!dirty || save.isPending}
        >
          {t('manager.content.editor.discard')}
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={submit}
          disabled={!dirty || save.isPending}
          data-testid="competitors-save"
        >
          {save.isPending ? t('manager.content.editor.saving') : t('manager.content.editor.save')}
        </button>
      </div>
    </div>
  );
}

export function CompetitorsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.manager_content_competitors'));
  const competitors = useCompetitors();
  useSignOutOnUnauthorized(competitors.error);
  let body;
  if (competitors.isPending)
    body = (
      <div className="card p-5">
        <SkeletonLines lines={4} />
      </div>
    );
  else if (competitors.isError && !competitors.data)
    body = (
      <div className="card">
        <EmptyState
          icon="alert"
          title={t('manager.content.competitors.load_failed')}
          body={serverMessage(competitors.error) ?? undefined}
        >
          <button type="button" className="btn-secondary mt-4" onClick={() => void competitors.refetch()}>
            {t('manager.shell.retry')}
          </button>
        </EmptyState>
      </div>
    );
  else body = <CompetitorsEditor saved={competitors.data} />;
  return (
    <>
      <ContentHeader lead={t('manager.content.competitors.lead')} />
      {body}
    </>
  );
}

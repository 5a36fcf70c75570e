// /manager/subpartners/:id: one sub-partner. Managers and admins change its name, address,
// colours, welcome, logo and whether it is open, with the live preview of its sign-in page;
// reviewers read the same page. A new address is confirmed first (its old links stop working).
// A save sends only what changed, with the version the form started from: when someone else
// saved in between, the page says so instead of undoing their change. Below: its partners.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormNotice } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { notifySuccess, notifyWarning } from '../../../lib/toast';
import { useFormatters } from '../../../lib/format';
import { BackToList, focusFirstError, type CreatedState } from './NewSubpartnerPage';
import { SubpartnerEditor, type LogoDraft } from './SubpartnerEditor';
import { SubpartnerPartners } from './SubpartnerPartners';
import { changesOf, formErrors, valuesOf, type FormValues } from './subpartner-form';
import {
  useRemoveLogo,
  useSubpartner,
  useUpdateSubpartner,
  useUploadLogo,
  type Subpartner,
} from './subpartners-api';
import { LogoTile, publicUrl, StateChip } from './ui';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useManagerSignOut, useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { LoadFailed } from '../../../components/staff/list-results';
import { Notice } from '../../../components/staff/fields';
import { ConfirmDialog } from '../../../components/staff/dialogs';

function Header({ subpartner }: { subpartner: Subpartner }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <header className="mb-6 flex flex-wrap items-center gap-4">
      <LogoTile
        name={subpartner.name}
        logoUrl={subpartner.logo_url}
        primary={subpartner.primary_color}
        size="lg"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1
            className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl"
            data-testid="subpartner-title"
          >
            {subpartner.name}
          </h1>
          <StateChip active={subpartner.active} />
        </div>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          {subpartner.active ? (
            <a
              href={`${publicUrl(subpartner.slug)}/login`}
              target="_blank"
              rel="noreferrer"
              className="link inline-flex min-w-0 items-center gap-1 font-mono break-all"
              data-testid="subpartner-public-link"
            >
              <Icon name="link" width={14} height={14} className="shrink-0" />/{subpartner.slug}
              <span className="sr-only"> {t('manager.subpartners.opens_new_tab')}</span>
            </a>
          ) : (
            <span className="font-mono">/{subpartner.slug}</span>
          )}
          <span>{t('manager.subpartners.created_on', { date: f.date(subpartner.created_at) })}</span>
        </p>
      </div>
    </header>
  );
}

function Editor({
  subpartner: latest,
  canEdit,
  refetch,
}: {
  subpartner: Subpartner;
  canEdit: boolean;
  refetch: () => Promise<Subpartner | undefined>;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const signOut = useManagerSignOut();
  const update = useUpdateSubpartner(latest.id);
  const upload = useUploadLogo();
  const removeLogo = useRemoveLogo();
  // The version this form edits: a newer one read meanwhile is taken only while nothing is typed.
  const [base, setBase] = useState(latest);
  const [values, setValues] = useState<FormValues>(valuesOf(latest));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [logo, setLogo] = useState<LogoDraft>({ kind: 'keep' });
  const [logoError, setLogoError] = useState<string | null>(
    (location.state as CreatedState | null)?.logoRefused ?? null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const changes = changesOf(valuesOf(base), values);
  const dirty = Object.keys(changes).length > 0 || logo.kind !== 'keep';
  if (latest.updated_at !== base.updated_at && latest.updated_at > base.updated_at && !dirty && !busy) {
    setBase(latest);
    setValues(valuesOf(latest));
  }

  const reset = (to: Subpartner) => {
    setBase(to);
    setValues(valuesOf(to));
    setLogo({ kind: 'keep' });
    setErrors({});
    setFailure(null);
    setStale(false);
  };

  const change = (next: FormValues) => {
    setValues(next);
    if (Object.keys(errors).length) setErrors(formErrors(next, t as never));
  };

  /** Says why a request was refused: at the fields, as a conflict, or above the form. */
  const refused = (error: unknown, where: 'fields' | 'logo') => {
    if (isUnauthorized(error)) {
      signOut();
      return;
    }
    if (error instanceof ApiError && error.status === 409) {
      setStale(true);
      return;
    }
    const message =
      serverMessage(error) ??
      t(where === 'logo' ? 'manager.subpartners.logo.failed' : 'manager.subpartners.save_failed');
    if (where === 'logo') {
      setLogoError(message);
      return;
    }
    const fields = serverFieldErrors(error);
    if (fields) {
      setErrors(fields);
      focusFirstError();
    } else setFailure(message);
  };

  const save = async () => {
    setConfirming(false);
    setBusy(true);
    setFailure(null);
    let current = base;
    try {
      if (Object.keys(changes).length) {
        try {
          current = await update.mutateAsync({ ...changes, base_updated_at: base.updated_at });
        } catch (error) {
          refused(error, 'fields');
          return;
        }
      }
      try {
        if (logo.kind === 'new') current = await upload.mutateAsync({ id: base.id, file: logo.file });
        else if (logo.kind === 'remove') current = await removeLogo.mutateAsync(base.id);
      } catch (error) {
        // What was saved stays saved; the logo keeps its draft and says why it was refused.
        setBase(current);
        setValues(valuesOf(current));
        if (current !== base) notifyWarning(t('manager.subpartners.saved_without_logo'));
        refused(error, 'logo');
        return;
      }
      setLogoError(null);
      reset(current);
      notifySuccess(t('manager.subpartners.saved', { name: current.name }));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !dirty) return;
    const found = formErrors(values, t as never);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    // Its old links stop working: said once more before it happens.
    if (changes.slug !== undefined && base.active) setConfirming(true);
    else void save();
  };

  let notice: ReactNode = null;
  if (stale)
    notice = (
      <Notice
        tone="warning"
        testId="subpartner-stale"
        actions={
          <button
            type="button"
            className="btn-secondary min-h-9 px-4 py-1"
            // The newest version replaces what was typed: it is what a new edit starts from.
            onClick={() =>
              void refetch().then((newest) => {
                if (newest) reset(newest);
              })
            }
            data-testid="subpartner-reload"
          >
            {t('manager.subpartners.reload')}
          </button>
        }
      >
        {t('manager.subpartners.stale')}
      </Notice>
    );
  else if (failure)
    notice = (
      <Notice tone="error" testId="subpartner-failure">
        {failure}
      </Notice>
    );
  else if (!canEdit)
    notice = (
      <FormNotice kind="info" testId="subpartner-read-only">
        {t('manager.subpartners.read_only')}
      </FormNotice>
    );

  return (
    <>
      <SubpartnerEditor
        values={values}
        onChange={change}
        errors={errors}
        saved={base}
        logo={logo}
        onLogo={setLogo}
        logoError={logoError}
        onLogoError={setLogoError}
        readOnly={!canEdit}
        onSubmit={submit}
        formLabel={t('manager.subpartners.edit_label', { name: base.name })}
        notice={notice}
        actions={
          canEdit ? (
            <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
              {dirty ? (
                <p
                  className="text-sm text-stone-600 sm:mr-auto dark:text-stone-400"
                  aria-live="polite"
                  data-testid="subpartner-dirty"
                >
                  {t('manager.subpartners.unsaved')}
                </p>
              ) : null}
              <button
                type="button"
                className="btn-secondary"
                onClick={() => reset(base)}
                disabled={!dirty || busy}
                data-testid="subpartner-discard"
              >
                {t('manager.subpartners.discard')}
              </button>
              <button
                type="submit"
                className="btn-primary"
                disabled={!dirty || busy}
                aria-busy={busy || undefined}
                data-testid="subpartner-save"
              >
                {busy ? t('manager.subpartners.saving') : t('manager.subpartners.save')}
              </button>
            </div>
          ) : null
        }
      />
      {confirming ? (
        <ConfirmDialog
          title={t('manager.subpartners.move.title')}
          body={t('manager.subpartners.move.body', {
            old: `/${base.slug}`,
            new: `/${changes.slug ?? base.slug}`,
          })}
          confirmLabel={t('manager.subpartners.move.confirm')}
          busyLabel={t('manager.subpartners.saving')}
          busy={busy}
          onConfirm={() => void save()}
          onClose={() => setConfirming(false)}
          testId="subpartner-move"
        />
      ) : null}
    </>
  );
}

function DetailSkeleton() {
  return (
    <div aria-hidden="true" data-testid="subpartner-loading">
      <div className="mb-6 flex items-center gap-4">
        <Skeleton className="h-16 w-16 rounded-2xl" />
        <div className="flex-1">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="mt-2 h-4 w-40" />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)]">
        <Skeleton className="h-96 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </div>
  );
}

export function SubpartnerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const query = useSubpartner(id);
  useSignOutOnUnauthorized(query.error);
  const me = useStaffMember();
  const canEdit = hasRole(me.data?.role, 'manager');
  const subpartner = query.data;
  useDocumentTitle(
    subpartner ? t('titles.manager_subpartner', { name: subpartner.name }) : t('titles.manager_subpartners'),
  );

  let body: ReactNode;
  if (
    id === 0 ||
    (query.isError && !subpartner && query.error instanceof ApiError && query.error.status === 404)
  )
    body = (
      <div className="card">
        <EmptyState
          icon="globe"
          title={t('manager.subpartners.not_found')}
          body={t('manager.subpartners.not_found_body')}
          testId="subpartner-not-found"
        />
      </div>
    );
  else if (query.isPending) body = <DetailSkeleton />;
  else if (query.isError && !subpartner)
    body = (
      <LoadFailed
        title={t('manager.subpartners.load_one_failed')}
        onRetry={() => void query.refetch()}
        testId="subpartner-error"
      />
    );
  else if (subpartner)
    body = (
      <>
        <Header subpartner={subpartner} />
        <Editor
          key={subpartner.id}
          subpartner={subpartner}
          canEdit={canEdit}
          refetch={async () => (await query.refetch()).data}
        />
        <SubpartnerPartners subpartner={subpartner} />
      </>
    );

  return (
    <>
      <BackToList />
      {body}
    </>
  );
}

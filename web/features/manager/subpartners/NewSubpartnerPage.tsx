// /manager/subpartners/new (managers and admins): a new sub-partner, its address suggested from its
// name, with the live preview of its sign-in page. The logo chosen here is sent once the
// sub-partner exists; if it is refused, the sub-partner's own page opens and says why.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormNotice } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/toast';
import { PageHeading } from '../../../components/PageHeading';
import { SubpartnerEditor, type LogoDraft } from './SubpartnerEditor';
import { formErrors, NEW_VALUES, normalized, slugFromName, type FormValues } from './subpartner-form';
import { useCreateSubpartner, useUploadLogo } from './subpartners-api';
import { useManagerSignOut, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { Notice } from '../../../components/staff/fields';

/** What the sub-partner's page is told when the logo chosen at creation was refused. */
export interface CreatedState {
  logoRefused?: string;
}

/** Puts the keyboard on the first field the form says is wrong. */
export function focusFirstError(): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[data-testid="subpartner-form"] [aria-invalid="true"]')?.focus(),
  );
}

export function BackToList() {
  const { t } = useTranslation();
  return (
    <Link
      to="/manager/subpartners"
      className="link mb-4 inline-flex items-center gap-1.5 text-sm"
      data-testid="back-to-subpartners"
    >
      <Icon name="arrow-left" width={16} height={16} />
      {t('manager.subpartners.back')}
    </Link>
  );
}

export function NewSubpartnerPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_subpartner_new');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const signOut = useManagerSignOut();
  const me = useStaffMember();
  const create = useCreateSubpartner();
  const upload = useUploadLogo();
  const [values, setValues] = useState<FormValues>(NEW_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [logo, setLogo] = useState<LogoDraft>({ kind: 'keep' });
  const [logoError, setLogoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = hasRole(me.data?.role, 'manager');

  // Once a field has been refused, it is checked again as it is fixed.
  const change = (next: FormValues) => {
    setValues(next);
    if (Object.keys(errors).length) setErrors(formErrors(next, t as never));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = formErrors(values, t as never);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      const row = await create.mutateAsync(normalized(values));
      const state: CreatedState = {};
      if (logo.kind === 'new') {
        try {
          await upload.mutateAsync({ id: row.id, file: logo.file });
        } catch (error) {
          if (isUnauthorized(error)) return signOut();
          state.logoRefused = serverMessage(error) ?? t('manager.subpartners.logo.failed');
        }
      }
      notifySuccess(t('manager.subpartners.created', { name: row.name }));
      void navigate(`/manager/subpartners/${row.id}`, { state });
    } catch (error) {
      if (isUnauthorized(error)) return signOut();
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirstError();
      } else setFailure(serverMessage(error) ?? t('manager.subpartners.save_failed'));
    } finally {
      setBusy(false);
    }
  };

  if (me.data && !canEdit)
    return (
      <>
        <BackToList />
        <PageHeading title={title} />
        <FormNotice kind="info" testId="subpartner-read-only">
          {t('manager.subpartners.read_only_new')}
        </FormNotice>
      </>
    );

  return (
    <>
      <BackToList />
      <PageHeading title={title} lead={t('manager.subpartners.new_lead')} />
      <SubpartnerEditor
        values={values}
        onChange={change}
        errors={errors}
        logo={logo}
        onLogo={setLogo}
        logoError={logoError}
        onLogoError={setLogoError}
        readOnly={false}
        suggestSlug={slugFromName}
        onSubmit={(event) => void submit(event)}
        formLabel={title}
        notice={
          failure ? (
            <Notice tone="error" testId="subpartner-failure">
              {failure}
            </Notice>
          ) : null
        }
        actions={
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to="/manager/subpartners" className="btn-secondary">
              {t('manager.subpartners.cancel')}
            </Link>
            <button
              type="submit"
              className="btn-primary"
              disabled={busy}
              aria-busy={busy || undefined}
              data-testid="subpartner-save"
            >
              {busy ? t('manager.subpartners.creating') : t('manager.subpartners.create')}
            </button>
          </div>
        }
      />
    </>
  );
}

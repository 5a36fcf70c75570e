// The dialog behind each change of a free-product claim (ship, decline, reopen): what will
// happen, an optional note, then the PATCH with the status the screen showed. A 409 (someone
// handled it meanwhile) shows the server's message while the list refreshes beneath.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage, inputClass } from '../../../components/form';
import { ApiError, isUnauthorized } from '../../../lib/api';
import { notifySuccess } from '../../../lib/toast';
import { failureText, fieldErrors } from '../messages/messages-api';
import { NOTE_MAX, useChangeClaim, type Claim, type ClaimStatus } from './survey-api';
import { useManagerSignOut } from '../staff-session';
import { Dialog, dangerButton } from '../../../components/staff/dialogs';

export type ClaimAction = 'ship' | 'decline' | 'reopen';

const TARGET: Record<ClaimAction, ClaimStatus> = { ship: 'shipped', decline: 'declined', reopen: 'open' };

export function ClaimDialog({
  action,
  claim,
  onClose,
}: {
  action: ClaimAction;
  claim: Claim;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formId = `${id}-form`;
  const change = useChangeClaim();
  const signOut = useManagerSignOut();
  const [note, setNote] = useState(claim.note ?? '');
  const [tooLong, setTooLong] = useState(false);
  const error = change.error && !isUnauthorized(change.error) ? change.error : null;
  const conflict = error instanceof ApiError && error.status === 409;
  const noteError = tooLong
    ? t('manager.survey.claims.dialogs.note_too_long')
    : (fieldErrors(error).note ?? null);
  const formError = error && !noteError ? failureText(error, t) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || conflict) return;
    const value = note.trim();
    if (value.length > NOTE_MAX) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    change.mutate(
      { id: claim.id, status: TARGET[action], note: value || null, expected_status: claim.status },
      {
        onSuccess: () => {
          notifySuccess(t(`manager.survey.claims.dialogs.${action}.done`));
          onClose();
        },
        onError: (failure) => {
          if (isUnauthorized(failure)) signOut();
        },
      },
    );
  };

  return (
    <Dialog
      title={t(`manager.survey.claims.dialogs.${action}.title`, { name: claim.partner.name })}
      description={t(`manager.survey.claims.dialogs.${action}.body`)}
      onClose={onClose}
      busy={change.isPending}
      testId={`claim-dialog-${action}`}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={change.isPending}>
            {t('manager.survey.claims.dialogs.cancel')}
          </button>
          {conflict ? null : (
            <button
              type="submit"
              form={formId}
              className={action === 'decline' ? dangerButton : 'btn-primary'}
              disabled={change.isPending}
              aria-busy={change.isPending || undefined}
              data-testid="claim-dialog-confirm"
            >
              {change.isPending
                ? t('manager.survey.claims.dialogs.working')
                : t(`manager.survey.claims.dialogs.${action}.confirm`)}
            </button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="mt-4">
        <label
          htmlFor={`${id}-note`}
          className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
        >
          {t('manager.survey.claims.dialogs.note_label')}
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={NOTE_MAX}
          disabled={conflict}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-error` : `${id}-hint`}
          data-testid="claim-note"
          className={`${inputClass} ${noteError ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
        />
        {noteError ? null : (
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
            {t('manager.survey.claims.dialogs.note_hint')}
          </p>
        )}
        <FieldMessage id={`${id}-error`} message={noteError} />
        {formError ? (
          <p
            role="alert"
            className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
            data-testid="claim-dialog-error"
          >
            {formError}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

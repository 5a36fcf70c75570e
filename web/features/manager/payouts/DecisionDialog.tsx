// The dialog behind each decision on a payout: what will happen, the reason or reference the
// decision needs (checked here first, then by the server), and the server's answer when it
// refuses. Modal: focus stays inside, Escape and the backdrop cancel.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage, inputClass } from '../../../components/form';
import { Dialog, dangerButton } from '../../../components/staff/dialogs';
import { ApiError, serverMessage } from '../../../lib/api';
import { useFormatters } from '../../../lib/format';
import { fieldMessage, type DecisionInput, type PayoutAction, type PayoutDetail } from './payouts-api';

/** Whether approving at this stage hands the payout to a manager rather than to payment. */
export function approvalGoesToManager(detail: PayoutDetail): boolean {
  return detail.payout.stage === 'review' && detail.payout.amount > detail.threshold;
}

export function DecisionDialog({
  action,
  detail,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  action: PayoutAction;
  detail: PayoutDetail;
  busy: boolean;
  error: unknown;
  onSubmit: (input: DecisionInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const id = useId();
  const [text, setText] = useState('');
  const [fraudulent, setFraudulent] = useState(false);
  const [missing, setMissing] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement & HTMLInputElement>(null);

  const { payout } = detail;
  const amount = f.money(payout.amount, payout.currency);
  const needsText = action !== 'approve';
  const field = action === 'mark_paid' ? 'reference' : 'reason';
  const fieldError = missing
    ? t(
        action === 'mark_paid'
          ? 'manager.payout.dialogs.reference_required'
          : 'manager.payout.dialogs.reason_required',
      )
    : fieldMessage(error, field);
  // A refusal the field message does not already say: the server's message, else the network's.
  const formError =
    error && !fieldMessage(error, field)
      ? (serverMessage(error) ?? (error instanceof ApiError ? t('errors.error') : t('errors.network')))
      : null;

  const body =
    action === 'approve'
      ? approvalGoesToManager(detail)
        ? t('manager.payout.dialogs.approve.to_manager', {
            threshold: f.money(detail.threshold, payout.currency),
          })
        : detail.paypal_configured
          ? t('manager.payout.dialogs.approve.to_paypal', { email: payout.paypal_email ?? '—' })
          : t('manager.payout.dialogs.approve.to_manual')
      : t(`manager.payout.dialogs.${action}.body`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = text.trim();
    if (needsText && !value) {
      setMissing(true);
      fieldRef.current?.focus();
      return;
    }
    setMissing(false);
    if (action === 'approve') onSubmit({ action });
    else if (action === 'mark_paid') onSubmit({ action, reference: value });
    else if (action === 'reject') onSubmit({ action, reason: value, fraudulent });
    else onSubmit({ action, reason: value });
  };

  const confirmClass =
    action === 'reject' ? dangerButton : action === 'review' ? 'btn-secondary' : 'btn-primary';

  return (
    <Dialog
      title={t(`manager.payout.dialogs.${action}.title`, {
        id: payout.id,
        amount,
        name: payout.partner.name,
      })}
      description={body}
      onClose={onClose}
      busy={busy}
      testId={`dialog-${action}`}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {t('manager.payout.dialogs.cancel')}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className={confirmClass}
            disabled={busy}
            data-testid="decision-confirm"
          >
            {busy ? t('manager.payout.dialogs.working') : t(`manager.payout.dialogs.${action}.confirm`)}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        {needsText ? (
          <div className="mt-4">
            <label
              htmlFor={`${id}-field`}
              className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
            >
              {t(`manager.payout.dialogs.${action}.label`)}
            </label>
            {action === 'mark_paid' ? (
              <input
                ref={fieldRef}
                id={`${id}-field`}
                name="reference"
                value={text}
                onChange={(event) => setText(event.target.value)}
                autoComplete="off"
                maxLength={200}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
                data-testid="decision-field"
                className={`${inputClass} ${fieldError ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
              />
            ) : (
              <textarea
                ref={fieldRef}
                id={`${id}-field`}
                name="reason"
                rows={3}
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={500}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
                data-testid="decision-field"
                className={`${inputClass} ${fieldError ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
              />
            )}
            {fieldError ? null : (
              <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
                {t(`manager.payout.dialogs.${action}.hint`)}
              </p>
            )}
            <FieldMessage id={`${id}-error`} message={fieldError} />
          </div>
        ) : null}
        {action === 'reject' ? (
          <label className="mt-4 flex items-start gap-3 rounded-xl border border-stone-200 p-3 text-sm dark:border-stone-800">
            <input
              type="checkbox"
              checked={fraudulent}
              onChange={(event) => setFraudulent(event.target.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-red-700 dark:accent-red-400"
              data-testid="decision-fraudulent"
            />
            <span>{t('manager.payout.dialogs.reject.fraudulent')}</span>
          </label>
        ) : null}
        {formError ? (
          <p
            role="alert"
            className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
            data-testid="decision-error"
          >
            {formError}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

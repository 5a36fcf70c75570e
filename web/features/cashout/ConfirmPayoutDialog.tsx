// The confirmation before a cash-out: the amount and the PayPal e-mail it goes to. Focus stays
// inside while it is open, Escape and the backdrop close it (not while the request is on its
// way), and a rule the server refuses (422) is said here, in the server's words.
import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/form';
import { Icon } from '../../components/icons';
import { useFocusTrap } from '../../components/use-focus-trap';
import { EmailText } from './EmailText';

export function ConfirmPayoutDialog({
  amount,
  paypalEmail,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  /** Already formatted. */
  amount: string;
  paypalEmail: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Stable while the request runs: the focus trap restarts (and moves focus) when it changes.
  const busyNow = useRef(busy);
  useEffect(() => {
    busyNow.current = busy;
  }, [busy]);
  const close = useCallback(() => {
    if (!busyNow.current) onClose();
  }, [onClose]);
  useFocusTrap(dialog, true, close, cancel);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div
        className="absolute inset-0 bg-stone-950/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={close}
      />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        data-testid="cashout-dialog"
        className="card relative w-full max-w-md rounded-b-none p-6 shadow-xl sm:rounded-2xl"
      >
        <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="wallet" width={22} height={22} />
        </span>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('cashout.confirm.title', { amount })}
        </h2>
        <div id={`${id}-body`} className="mt-2 space-y-3 text-sm text-stone-700 dark:text-stone-300">
          <p>{t('cashout.confirm.body', { amount })}</p>
          <p
            className="rounded-xl bg-stone-50 px-4 py-3 font-medium [overflow-wrap:anywhere] text-stone-900 dark:bg-stone-800/70 dark:text-stone-100"
            data-testid="cashout-dialog-email"
          >
            <EmailText email={paypalEmail} />
          </p>
          <p className="text-muted">{t('cashout.confirm.invoice_note')}</p>
        </div>
        {error ? (
          <p
            role="alert"
            className="mt-4 flex gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
            data-testid="cashout-dialog-error"
          >
            <Icon name="alert" width={18} height={18} className="mt-0.5 shrink-0" />
            <span>{error}</span>
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancel} type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t('cashout.confirm.cancel')}
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="cashout-confirm"
          >
            {busy ? <Spinner /> : null}
            {busy ? t('cashout.confirm.sending') : t('cashout.confirm.submit', { amount })}
          </button>
        </div>
      </div>
    </div>
  );
}

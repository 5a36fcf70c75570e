// The back office's dialogs: a modal panel (a sheet on phones), and a confirmation in one.
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../use-focus-trap';

/** A modal panel: a sheet from the bottom on phones, centred from `sm` up. Focus stays inside. */
export function Dialog({
  title,
  description,
  onClose,
  busy = false,
  size = 'md',
  children,
  footer,
  testId,
  role = 'dialog',
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  busy?: boolean;
  size?: 'md' | 'xl';
  children?: ReactNode;
  footer: ReactNode;
  testId?: string;
  /** `alertdialog` for a question before a change that cannot wait to be read. */
  role?: 'dialog' | 'alertdialog';
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const busyNow = useRef(busy);
  useEffect(() => {
    close.current = onClose;
    busyNow.current = busy;
  });
  // One stable callback for the trap: a new one each render would move focus back to the start.
  const escape = useCallback(() => {
    if (!busyNow.current) close.current();
  }, []);
  useFocusTrap(panel, true, escape);
  // Into the body: a dialog opened from inside a sticky column would otherwise be layered
  // within that column, under the shell's header.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        className="absolute inset-0 bg-stone-950/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={escape}
      />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-body` : undefined}
        data-testid={testId}
        className={`card relative flex max-h-[92dvh] w-full flex-col rounded-b-none shadow-xl sm:rounded-2xl ${
          size === 'xl' ? 'sm:max-w-3xl' : 'sm:max-w-md'
        }`}
      >
        <div className="min-h-0 flex-1 overflow-y-auto p-5 sm:p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? (
            <div id={`${id}-body`} className="mt-1.5 text-sm text-muted">
              {description}
            </div>
          ) : null}
          {children}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6 dark:border-stone-800">
          {footer}
        </div>
      </div>
    </div>,
    document.body,
  );
}

export const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-70 dark:bg-red-500 dark:text-stone-950 dark:hover:bg-red-400';

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  busyLabel,
  busy,
  error,
  danger = false,
  alert = false,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  /** A change a partner or the program feels at once (a suspension, a revoked voucher, the currency): an alert dialog. */
  alert?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      description={body}
      onClose={onClose}
      busy={busy}
      testId={testId}
      role={alert ? 'alertdialog' : 'dialog'}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {t('manager.content.cancel')}
          </button>
          <button
            type="button"
            className={danger ? dangerButton : 'btn-primary'}
            onClick={onConfirm}
            disabled={busy}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

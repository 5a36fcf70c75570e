// A question before a change that a partner feels at once (a suspension, a revoked voucher): what
// will happen, and the server's answer when it refuses. Modal: focus stays inside, Escape and the
// backdrop cancel (not while the change is being made).
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../use-focus-trap';

export function ConfirmChangeDialog({
  title,
  body,
  confirm,
  tone = 'danger',
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  body: ReactNode;
  confirm: string;
  tone?: 'danger' | 'primary';
  busy: boolean;
  /** What the server answered when it refused, shown above the buttons. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => {
    if (!busy) onClose();
  };
  // The trap gets one stable callback: a new one each render would move focus back to the start.
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  const escape = useCallback(() => latestClose.current(), []);
  useFocusTrap(panelRef, true, escape);
  const confirmClass =
    tone === 'danger'
      ? 'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-70 dark:bg-red-500 dark:text-stone-950 dark:hover:bg-red-400'
      : 'btn-primary';
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        className="absolute inset-0 bg-stone-950/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={close}
      />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        data-testid={testId}
        className="card relative max-h-[90dvh] w-full overflow-y-auto rounded-b-none p-5 shadow-xl sm:max-w-md sm:rounded-2xl sm:p-6"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div id={`${id}-body`} className="mt-1.5 text-sm text-muted">
          {body}
        </div>
        {error ? (
          <p
            role="alert"
            className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
            data-testid={`${testId}-error`}
          >
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t('manager.partners.actions.cancel')}
          </button>
          <button
            type="button"
            className={confirmClass}
            onClick={onConfirm}
            disabled={busy}
            data-testid={`${testId}-confirm`}
          >
            {busy ? t('manager.partners.actions.working') : confirm}
          </button>
        </div>
      </div>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_TRANSITION_MS, useAlert, type AlertState, type AlertType } from '../lib/alert-store';
import { Icon, type IconName } from './icons';
import { useFocusTrap } from './use-focus-trap';

const typeStyle: Record<AlertType, { icon: IconName; badge: string }> = {
  error: { icon: 'alert', badge: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' },
  warning: { icon: 'alert', badge: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  success: { icon: 'check', badge: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' },
};

/**
 * The modal alert (docs/product/partner-portal.md#the-account-shell): one at a time, from the alert store. It fades and scales in
 * and out over 550 ms; the last alert stays rendered during the closing transition.
 */
export function AlertModal() {
  const { t } = useTranslation();
  const { alert, closeAlert } = useAlert();
  const [shown, setShown] = useState<AlertState | null>(alert);
  const [visible, setVisible] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Keep the closing alert on screen until its transition has finished; a new alert restarts it.
  if (alert && alert !== shown) {
    setShown(alert);
    setVisible(false);
  }
  if (!alert && visible) setVisible(false);

  useEffect(() => {
    if (alert) {
      const frame = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    const timer = setTimeout(() => setShown(null), ALERT_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  const close = useCallback(() => closeAlert(), [closeAlert]);
  useFocusTrap(dialogRef, alert !== null, close, closeRef);

  if (!shown) return null;
  const style = typeStyle[shown.type];
  const typeLabel = { error: t('alert.error'), warning: t('alert.warning'), success: t('alert.success') }[
    shown.type
  ];
  return (
    <div
      className={`fixed inset-0 z-[60] flex items-center justify-center p-4 transition-opacity duration-[550ms] ${
        visible ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <div
        className="absolute inset-0 bg-stone-950/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={close}
      />
      <div
        ref={dialogRef}
        role={shown.type === 'success' ? 'dialog' : 'alertdialog'}
        aria-modal="true"
        aria-labelledby={`alert-title-${shown.id}`}
        aria-describedby={`alert-message-${shown.id}`}
        data-alert-type={shown.type}
        className={`card relative w-full max-w-md p-6 shadow-xl transition-transform duration-[550ms] ${
          visible ? 'scale-100' : 'scale-95'
        }`}
      >
        <div className="flex items-start gap-4">
          <span
            className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${style.badge}`}
          >
            <Icon name={style.icon} width={22} height={22} />
            <span className="sr-only">{typeLabel}</span>
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={`alert-title-${shown.id}`} className="text-lg font-semibold">
              {shown.title}
            </h2>
            <p
              id={`alert-message-${shown.id}`}
              className="mt-1 text-sm break-words whitespace-pre-line text-stone-700 dark:text-stone-300"
            >
              {shown.message}
            </p>
          </div>
        </div>
        <div className="mt-6 flex justify-end">
          <button
            ref={closeRef}
            type="button"
            onClick={close}
            className="rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-stone-950 dark:hover:bg-brand-300"
          >
            {t('alert.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useUpdating } from '../lib/updating-store';
import { BrandLogo } from './BrandLogo';

/** Full-screen notice while the platform is being updated (the API answers 503). */
export function UpdatingOverlay() {
  const { t } = useTranslation();
  const updating = useUpdating();
  if (!updating) return null;
  return (
    <div
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-6 bg-stone-50/95 p-6 text-center backdrop-blur dark:bg-stone-950/95"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="updating-title"
      aria-describedby="updating-message"
      data-testid="updating-overlay"
    >
      <BrandLogo variant="mark" className="animate-pulse text-5xl" />
      <h2 id="updating-title" className="text-xl font-semibold">
        {t('updating_title')}
      </h2>
      <p id="updating-message" role="status" className="max-w-sm text-stone-700 dark:text-stone-300">
        {t('updating_platform')}
      </p>
    </div>
  );
}

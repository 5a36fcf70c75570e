// Placeholders that hold a part's place while its read loads.
import { useTranslation } from 'react-i18next';

export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-md bg-stone-200/80 dark:bg-stone-800 ${className}`}
    />
  );
}

/** Lines of skeleton with a status for screen readers. */
export function SkeletonLines({ lines = 3, testId }: { lines?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3" data-testid={testId}>
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={`h-4 ${index % 2 ? 'w-3/4' : 'w-full'}`} />
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';

/** In place of content that could not be loaded: what happened and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="card flex flex-col items-center px-6 py-10 text-center"
      role="alert"
      data-testid="load-failed"
    >
      <span className="mb-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-rose-50 text-rose-700 dark:bg-rose-400/10 dark:text-rose-300">
        <Icon name="alert" width={22} height={22} />
      </span>
      <p className="font-medium">{message}</p>
      <button type="button" className="btn-secondary mt-5" onClick={onRetry}>
        {t('content.document.retry')}
      </button>
    </div>
  );
}

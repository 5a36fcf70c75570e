import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { copyWithToast } from '../../lib/clipboard';

/** A small copy button; `label` is its accessible name when the visible word alone is ambiguous. */
export function CopyButton({
  text,
  label,
  children,
  variant = 'secondary',
  className = '',
  testId,
}: {
  text: string;
  label?: string;
  children?: string;
  variant?: 'primary' | 'secondary';
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() =>
        void copyWithToast(text, {
          copied: t('dashboard.code.copied'),
          failed: t('content.product.copy_failed'),
        })
      }
      aria-label={label}
      className={`${variant === 'primary' ? 'btn-primary' : 'btn-secondary'} min-h-10 px-4 py-2 ${className}`}
      data-testid={testId}
    >
      <Icon name="copy" width={16} height={16} />
      {children ?? t('content.product.copy')}
    </button>
  );
}

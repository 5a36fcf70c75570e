import { useTranslation } from 'react-i18next';
// The toast stylesheet as a file: the CSP forbids the <style> tag react-toastify would inject.
import 'react-toastify/ReactToastify.css';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import { TOAST_OPTIONS } from '../lib/toast';
import { useTheme } from '../lib/theme';
import { Icon } from './icons';

/** The toast region with the spec's options; the close button is ours only to translate its label. */
export function AppToaster() {
  const { t } = useTranslation();
  const [theme] = useTheme();
  const label = t('toast.close');
  return (
    <ToastContainer
      {...TOAST_OPTIONS}
      theme={theme === 'dark' ? 'dark' : 'light'}
      aria-label={t('toast.region')}
      closeButton={
        TOAST_OPTIONS.closeButton ? (props) => <ToastCloseButton {...props} label={label} /> : false
      }
    />
  );
}

function ToastCloseButton({ closeToast, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      className="ml-2 inline-flex h-7 w-7 shrink-0 items-center justify-center self-start rounded-full text-current opacity-70 hover:opacity-100"
    >
      <Icon name="close" width={16} height={16} />
    </button>
  );
}

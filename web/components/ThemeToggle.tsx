import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme';
import { Icon } from './icons';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={dark ? t('theme.to_light') : t('theme.to_dark')}
      title={dark ? t('theme.to_light') : t('theme.to_dark')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      data-testid="theme-toggle"
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}

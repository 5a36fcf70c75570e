// The Content section's heading and its four parts as tabs of links (each part has its own URL,
// so a reload or a shared link opens the same part).
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/PageHeading';

const PARTS = [
  { id: 'products', to: '/manager/content', end: true },
  { id: 'pages', to: '/manager/content/pages', end: false },
  { id: 'gallery', to: '/manager/content/gallery', end: false },
  { id: 'competitors', to: '/manager/content/competitors', end: false },
] as const;

export function ContentHeader({ lead }: { lead: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('manager.sections.content')} lead={lead} />
      <nav aria-label={t('manager.content.parts_label')} className="-mt-3 mb-6">
        <ul className="-mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 sm:mx-0 sm:px-0 dark:border-stone-800">
          {PARTS.map((part) => (
            <li key={part.id} className="shrink-0">
              <NavLink
                to={part.to}
                end={part.end}
                className={({ isActive }) =>
                  `-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors ${
                    isActive
                      ? 'border-brand-600 text-stone-900 dark:border-brand-400 dark:text-white'
                      : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900 dark:text-stone-400 dark:hover:border-stone-600 dark:hover:text-white'
                  }`
                }
                data-testid={`content-part-${part.id}`}
              >
                {t(`manager.content.parts.${part.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

import { useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { productNameKey } from '../../lib/product-names';
import { logout } from '../../lib/logout';
import {
  ACCOUNT_NAV,
  PRODUCT_GROUP_CODES,
  PRODUCT_GROUP_HOME,
  pathExpandsProductGroup,
  productPath,
} from './nav-items';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `group flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-400/10 dark:text-brand-200'
      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white'
  }`;

interface SidebarNavProps {
  /** Called after a link is chosen: the mobile drawer closes itself with it. */
  onNavigate?: () => void;
}

export function SidebarNav({ onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groupId = useId();
  const [openedByClick, setOpenedByClick] = useState(false);
  const expanded = openedByClick || pathExpandsProductGroup(pathname);
  const groupActive = pathname.startsWith('/account/products/');

  return (
    <nav aria-label={t('nav.main')} className="flex h-full flex-col gap-1 p-3">
      <ul className="flex flex-col gap-0.5">
        {ACCOUNT_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={itemClass} onClick={onNavigate}>
              <Icon name={item.icon} className="shrink-0 opacity-80" />
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
        <li>
          {/* The heading both expands the group and opens the first product (docs/product/partner-portal.md#the-account-shell).
              It keeps the drawer open so the partner can pick another product. */}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={groupId}
            onClick={() => {
              setOpenedByClick(true);
              navigate(PRODUCT_GROUP_HOME);
            }}
            className={`${itemClass({ isActive: groupActive })} w-full text-left`}
          >
            <Icon name="leaf" className="shrink-0 opacity-80" />
            <span className="flex-1">{t('nav.talking_points')}</span>
            <Icon
              name="chevron"
              width={16}
              height={16}
              className={`transition-transform ${expanded ? 'rotate-90' : ''}`}
            />
          </button>
          <ul
            id={groupId}
            hidden={!expanded}
            className="mt-0.5 ml-5 flex flex-col gap-0.5 border-l border-stone-200 pl-3 dark:border-stone-700"
          >
            {PRODUCT_GROUP_CODES.map((code) => (
              <li key={code}>
                <NavLink
                  to={productPath(code)}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-1.5 text-sm transition-colors ${
                      isActive
                        ? 'bg-brand-50 font-semibold text-brand-800 dark:bg-brand-400/10 dark:text-brand-200'
                        : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-white'
                    }`
                  }
                >
                  {t(productNameKey(code))}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      </ul>
      <div className="mt-auto border-t border-stone-200 pt-3 dark:border-stone-800">
        {/* A real link to /login that also ends the session, so it works as the spec's "Logout link". */}
        <a
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            onNavigate?.();
            void logout(queryClient, navigate, t);
          }}
          className={itemClass({ isActive: false })}
        >
          <Icon name="logout" className="shrink-0 opacity-80" />
          {t('nav.logout')}
        </a>
      </div>
    </nav>
  );
}

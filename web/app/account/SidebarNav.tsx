import { useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { productNameKey } from '../../lib/product-names';
import { logout } from '../../lib/logout';
import {
  ACCOUNT_NAV,
  MORE_NAV,
  PRODUCT_GROUP_CODES,
  PRODUCT_GROUP_HOME,
  pathExpandsMoreGroup,
  pathExpandsProductGroup,
  productPath,
} from './nav-items';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `group flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-400/10 dark:text-brand-200'
      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white'
  }`;

/** A page inside a group (the talking points, "More"): smaller, under the group's heading. */
const subItemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-sm transition-colors ${
    isActive
      ? 'bg-brand-50 font-semibold text-brand-800 dark:bg-brand-400/10 dark:text-brand-200'
      : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-white'
  }`;

const groupListClass =
  'mt-0.5 ml-5 flex flex-col gap-0.5 border-l border-stone-200 pl-3 dark:border-stone-700';

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
  const moreId = useId();
  const onMorePage = pathExpandsMoreGroup(pathname);
  // The partner's last open/close of "More", and where it was made. On one of the group's pages
  // the group is open unless the partner closed it there; elsewhere it stays as last left.
  const [moreChoice, setMoreChoice] = useState<{ open: boolean; at: string } | null>(null);
  const moreExpanded = onMorePage && moreChoice?.at !== pathname ? true : (moreChoice?.open ?? onMorePage);

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
          <ul id={groupId} hidden={!expanded} className={groupListClass}>
            {PRODUCT_GROUP_CODES.map((code) => (
              <li key={code}>
                <NavLink to={productPath(code)} onClick={onNavigate} className={subItemClass}>
                  {t(productNameKey(code))}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
        <li>
          {/* The pages beyond the spec's entries (docs/product/partner-portal.md#the-account-shell): a
              disclosure only, so the drawer stays open while it is opened or closed. */}
          <button
            type="button"
            aria-expanded={moreExpanded}
            aria-controls={moreId}
            onClick={() => setMoreChoice({ open: !moreExpanded, at: pathname })}
            className={`${itemClass({ isActive: onMorePage })} w-full text-left`}
          >
            <Icon name="more" className="shrink-0 opacity-80" />
            <span className="flex-1">{t('nav.more')}</span>
            <Icon
              name="chevron"
              width={16}
              height={16}
              className={`transition-transform ${moreExpanded ? 'rotate-90' : ''}`}
            />
          </button>
          <ul id={moreId} hidden={!moreExpanded} className={groupListClass}>
            {MORE_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={onNavigate} className={subItemClass}>
                  <Icon name={item.icon} width={16} height={16} className="shrink-0 opacity-80" />
                  {t(item.labelKey)}
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

// The bell of the account header: the unread count, and a panel with the latest notifications
// ('No new notifications' when there are none, docs/product/engagement.md#notifications) that can mark them read;
// its Sales tab lists the latest sale notifications alone (`GET /api/getSalesNotifications`).
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { Glyph } from '../../components/glyphs';
import { useBell, useMarkRead, useSaleNotifications, type PortalNotification } from './notifications-api';

type Tab = 'all' | 'sales';
const TABS: readonly Tab[] = ['all', 'sales'];

export function NotificationBell() {
  const { t } = useTranslation();
  const f = useFormatters();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('all');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const bell = useBell();
  const markRead = useMarkRead();
  const sales = useSaleNotifications(open && tab === 'sales');
  const count = bell.data?.count ?? 0;
  const shown = tab === 'all' ? bell : sales;
  const items = (tab === 'all' ? bell.data?.items : sales.data) ?? [];
  const empty = tab === 'all' ? count === 0 : items.length === 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const readOne = (item: PortalNotification) => {
    if (!item.read) markRead.mutate([item.id]);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="icon-button relative"
        aria-label={count > 0 ? t('bell.label_unread', { count }) : t('bell.label')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="bell-button"
      >
        <Glyph name="bell" />
        <span
          hidden={count === 0}
          data-testid="bell-count"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] leading-5 font-bold text-white tabular-nums ring-2 ring-white dark:bg-brand-400 dark:text-stone-950 dark:ring-stone-900"
        >
          {count > 99 ? '99+' : count}
        </span>
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={t('bell.title')}
          data-testid="bell-panel"
          className="card fixed inset-x-3 top-16 z-40 mt-1 max-h-[min(32rem,calc(100dvh-5rem))] overflow-y-auto p-0 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:w-96"
        >
          <div className="sticky top-0 flex items-center gap-2 border-b border-stone-200 bg-white px-4 py-3 dark:border-stone-800 dark:bg-stone-900">
            <h2 className="font-semibold">{t('bell.title')}</h2>
            {count > 0 ? (
              <button
                type="button"
                className="link ml-auto text-sm"
                onClick={() => markRead.mutate(undefined)}
                disabled={markRead.isPending}
                data-testid="bell-mark-all"
              >
                {t('bell.mark_all')}
              </button>
            ) : null}
          </div>
          <div
            role="tablist"
            aria-label={t('bell.tabs')}
            className="flex gap-1 border-b border-stone-200 px-3 pt-2 dark:border-stone-800"
          >
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${panelId}-${name}`}
                aria-selected={tab === name}
                aria-controls={`${panelId}-list`}
                onClick={() => setTab(name)}
                data-testid={`bell-tab-${name}`}
                className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
                  tab === name
                    ? 'border-brand-600 text-stone-900 dark:border-brand-400 dark:text-white'
                    : 'border-transparent text-muted hover:text-stone-900 dark:hover:text-white'
                }`}
              >
                {t(`bell.tab_${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${panelId}-list`} aria-labelledby={`${panelId}-${tab}`}>
            {shown.isPending ? (
              <p className="px-4 py-6 text-sm text-muted">{t('loading')}</p>
            ) : (
              <>
                {empty ? (
                  <p className="px-4 py-6 text-center text-sm text-muted" data-testid="bell-empty">
                    {t(tab === 'all' ? 'bell.empty' : 'bell.empty_sales')}
                  </p>
                ) : null}
                {items.length > 0 ? (
                  <ul className="divide-y divide-stone-100 dark:divide-stone-800">
                    {items.map((item) => {
                      const content = (
                        <>
                          <span
                            aria-hidden="true"
                            className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand-600 dark:bg-brand-400'}`}
                          />
                          <span className="min-w-0 flex-1">
                            <span
                              className={`block text-sm ${item.read ? 'text-stone-700 dark:text-stone-300' : 'font-semibold'}`}
                            >
                              {item.title}
                              {item.read ? null : <span className="sr-only"> ({t('bell.unread')})</span>}
                            </span>
                            <span className="line-clamp-3 block text-sm text-muted">{item.body}</span>
                            <span className="mt-0.5 block text-xs text-stone-500 dark:text-stone-400">
                              {f.date(item.date)}
                            </span>
                          </span>
                        </>
                      );
                      const className =
                        'flex gap-3 px-4 py-3 text-left hover:bg-stone-50 dark:hover:bg-stone-800/60';
                      return (
                        <li key={item.id} data-testid="bell-item" data-read={item.read}>
                          {item.kind === 'sale' ? (
                            <Link
                              to="/account/sales"
                              className={className}
                              onClick={() => {
                                readOne(item);
                                setOpen(false);
                              }}
                            >
                              {content}
                            </Link>
                          ) : (
                            <button
                              type="button"
                              className={`w-full ${className}`}
                              onClick={() => readOne(item)}
                            >
                              {content}
                            </button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

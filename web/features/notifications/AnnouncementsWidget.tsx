// The dashboard's "Announcements" widget (docs/product/partner-portal.md#dashboard): the program's announcements in the
// partner's language, newest first. Unread ones are marked; opening one (or "mark as read")
// marks it read, which the bell follows. New ones arrive live (the `announcement` push).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { useAnnouncements, useMarkRead, type PortalMessage } from './notifications-api';
import { useDeferredAnswer } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { SkeletonLines } from '../../components/skeleton';
import { EmptyState, QueryStates, RetryLine } from '../../components/states';

const SHOWN_AT_FIRST = 3;

function Announcement({ item, onRead }: { item: PortalMessage; onRead: (id: number) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const [open, setOpen] = useState(false);
  const long = item.body.length > 160 || item.body.includes('\n');
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="announcement" data-read={item.read}>
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand-600 dark:bg-brand-400'}`}
        />
        <div className="min-w-0 flex-1">
          <h3 className={`text-sm ${item.read ? 'font-medium' : 'font-semibold'}`}>
            {item.title}
            {item.read ? null : (
              <span className="ml-2 rounded-full bg-brand-50 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                {t('dashboard.announcements.new')}
              </span>
            )}
          </h3>
          <p className={`mt-1 text-sm whitespace-pre-line text-muted ${open ? '' : 'line-clamp-3'}`}>
            {item.body}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-stone-500 dark:text-stone-400">
            <time dateTime={item.date}>{f.date(item.date)}</time>
            {long ? (
              <button
                type="button"
                className="link text-xs"
                aria-expanded={open}
                onClick={() => {
                  setOpen((value) => !value);
                  if (!item.read) onRead(item.id);
                }}
              >
                {open ? t('dashboard.announcements.less') : t('dashboard.announcements.more')}
              </button>
            ) : null}
            {item.read ? null : (
              <button
                type="button"
                className="link text-xs"
                onClick={() => onRead(item.id)}
                data-testid="announcement-read"
              >
                {t('dashboard.announcements.mark_read')}
              </button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

export function AnnouncementsWidget({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const answer = useDeferredAnswer(announcements);
  const markRead = useMarkRead();
  const [all, setAll] = useState(false);
  return (
    <Widget
      id="announcements"
      title={t('dashboard.announcements.title')}
      icon="megaphone"
      testId="widget-announcements"
      className={className}
    >
      <QueryStates
        query={answer}
        loading={<SkeletonLines lines={3} />}
        failed={
          <RetryLine text={t('dashboard.announcements.error')} onRetry={() => void announcements.refetch()} />
        }
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon="megaphone"
            title={t('dashboard.announcements.empty_title')}
            body={t('dashboard.announcements.empty_body')}
            testId="announcements-empty"
          />
        }
      >
        {(items) => (
          <>
            <ul className="divide-y divide-stone-100 dark:divide-stone-800">
              {(all ? items : items.slice(0, SHOWN_AT_FIRST)).map((item) => (
                <Announcement key={item.id} item={item} onRead={(id) => markRead.mutate([id])} />
              ))}
            </ul>
            {items.length > SHOWN_AT_FIRST ? (
              <button
                type="button"
                className="link mt-3 self-start text-sm"
                aria-expanded={all}
                onClick={() => setAll((value) => !value)}
              >
                {all
                  ? t('dashboard.announcements.show_fewer')
                  : t('dashboard.announcements.show_all', { count: items.length })}
              </button>
            ) : null}
          </>
        )}
      </QueryStates>
    </Widget>
  );
}

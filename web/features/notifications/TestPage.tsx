// /account/test (docs/product/partner-portal.md#settings-page): a support page. The partner sees where their live connection
// stands and sends themselves a test notification; the page says whether it arrived live and how
// long it took, and the bell shows it either way. Support staff can ask a partner to open it when
// "the portal doesn't update".
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/form';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from '../../components/PageHeading';
import { useFormatters } from '../../lib/format';
import { onTestNotification, useLiveState, type LiveState } from '../../lib/live-state';

interface Attempt {
  id: number;
  sentAt: number;
  /** Milliseconds until the push arrived; null while waiting, 'late' once given up on. */
  took: number | null | 'late';
}

/** How long a push may take before the page says it did not arrive live. */
const WAIT_MS = 10_000;

const STATE_BOX = 'rounded-xl border px-4 py-3 text-sm font-medium';
const STATE_STYLE: Record<LiveState, string> = {
  connected:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-100',
  connecting:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100',
  reconnecting:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100',
  off: 'border-stone-300 bg-stone-50 text-stone-800 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200',
  refused:
    'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950/40 dark:text-rose-100',
};
const LIVE_STATES = Object.keys(STATE_STYLE) as LiveState[];

export function TestPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.test');
  useDocumentTitle(title);
  const live = useLiveState();
  const [attempts, setAttempts] = useState<Attempt[]>([]);
  // When each test push arrived: it may come before the request's answer does.
  const arrivals = useRef(new Map<number, number>());
  // The "not received live" checks, dropped if the page goes away first.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(
    () =>
      onTestNotification(({ notification_id }) => {
        const now = Date.now();
        arrivals.current.set(notification_id, now);
        setAttempts((list) =>
          list.map((a) =>
            a.id === notification_id && a.took !== 'late' ? { ...a, took: Math.max(0, now - a.sentAt) } : a,
          ),
        );
      }),
    [],
  );

  const send = useMutation({
    mutationFn: async () => {
      const sentAt = Date.now();
      const { data } = await api.post<{ data: { id: number; sent_at: string } }>(
        '/api/notifications/test',
        {},
      );
      return { id: data.id, sentAt };
    },
    meta: { partnerSession: true },
    onSuccess: ({ id, sentAt }) => {
      const arrived = arrivals.current.get(id);
      setAttempts((list) =>
        [{ id, sentAt, took: arrived === undefined ? null : Math.max(0, arrived - sentAt) }, ...list].slice(
          0,
          5,
        ),
      );
      if (arrived === undefined)
        timers.current.push(
          setTimeout(
            () =>
              setAttempts((list) =>
                list.map((a) => (a.id === id && a.took === null ? { ...a, took: 'late' } : a)),
              ),
            WAIT_MS,
          ),
        );
    },
  });

  return (
    <>
      <PageHeading title={title} lead={t('pages.test')} />
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <section className="card p-5 sm:p-6" aria-labelledby="live-heading">
          <h2 id="live-heading" className="font-semibold">
            {t('engagement.test_page.live_title')}
          </h2>
          {/* The box is as tall as its longest message (each laid out, unseen, in the same cell):
              the page below it does not move as the state goes from off to connecting to
              connected, whatever the language and the screen's width. */}
          <div className="mt-3 grid">
            {LIVE_STATES.map((state) => (
              <p key={state} aria-hidden="true" className={`invisible col-start-1 row-start-1 ${STATE_BOX}`}>
                {t(`engagement.test_page.live.${state}`)}
              </p>
            ))}
            <p
              className={`col-start-1 row-start-1 ${STATE_BOX} ${STATE_STYLE[live]}`}
              data-testid="test-live-state"
              data-state={live}
              role="status"
            >
              {t(`engagement.test_page.live.${live}`)}
            </p>
          </div>
          <p className="mt-3 text-sm text-muted">{t('engagement.test_page.live_help')}</p>
        </section>
        <section className="card p-5 sm:p-6" aria-labelledby="send-heading">
          <h2 id="send-heading" className="font-semibold">
            {t('engagement.test_page.send_title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('engagement.test_page.send_help')}</p>
          <button
            type="button"
            className="btn-primary mt-4"
            onClick={() => send.mutate()}
            disabled={send.isPending}
            data-testid="test-send"
          >
            {send.isPending ? <Spinner /> : null}
            {t('engagement.test_page.send')}
          </button>
          {attempts.length ? (
            <ul
              className="mt-4 divide-y divide-stone-100 text-sm dark:divide-stone-800"
              data-testid="test-attempts"
            >
              {attempts.map((a) => (
                <li
                  key={a.id}
                  className="flex items-center justify-between gap-3 py-2"
                  data-testid="test-attempt"
                  data-took={a.took === null ? 'waiting' : a.took === 'late' ? 'late' : 'live'}
                >
                  <span>
                    {f.date(new Date(a.sentAt).toISOString())} ·{' '}
                    {new Date(a.sentAt).toLocaleTimeString(f.locale)}
                  </span>
                  <span className="font-medium">
                    {a.took === null
                      ? t('engagement.test_page.waiting')
                      : a.took === 'late'
                        ? t('engagement.test_page.late')
                        : t('engagement.test_page.arrived', { ms: f.number(a.took) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </>
  );
}

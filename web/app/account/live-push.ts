// Live push (docs/product/engagement.md#live-push): one socket.io connection per signed-in
// session, at the same origin, authenticated with the partner's bearer token. `new_order`
// raises the bell count at once and refreshes the sales figures and lists (and the short link's
// orders and conversion); `partner_changed`
// reloads the profile; `payout_changed` refreshes the cash-out figures and invoices, the earnings
// the payout moved, and the bell; `badge_awarded` refreshes the bell and the badges;
// `announcement` and `notification` (staff messages) refresh the bell and the lists;
// `promotion`, `challenge_changed` and `challenge_rewarded` refresh the month's promos and
// challenges (a sale moves the challenges too); a sale, a badge, an announcement and a promo
// also refresh the newsfeed, which lists them all. socket.io
// reconnects by itself; after a reconnect the bell, lists and cash-outs are refetched (what was
// missed). A refused token ('Not Authorized') stops
// the socket for good: the bell is asked again, so a dead session ends through the usual 401
// rule. The socket connects once the first page is painted and the browser is idle, and
// socket.io's code is fetched then: neither weighs on the account's first render
// (decisions/019); the bell is read at once anyway.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterIdle } from '../../lib/idle';
import { announceTestNotification, setLiveState } from '../../lib/live-state';
import { getValidToken } from '../../lib/session';
import { linksKeys } from '../../features/affiliate-links/links-api';
import { payoutKeys, refreshAfterPayout } from '../../features/cashout/cashout-api';
import { engagementKeys } from '../../features/challenges/challenges-api';
import { newsfeedKeys } from '../../features/newsfeed/newsfeed-api';
import { BADGES_QUERY_KEY, CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import { salesKeys } from '../../features/sales/sales-api';
import { SURVEY_KEY } from '../../features/survey/survey-api';
import { notificationKeys, type Bell } from '../../features/notifications/notifications-api';

/** The part of a socket.io client socket this module uses (tests inject a fake). */
export interface LiveSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (options: { auth: { token: string } }) => LiveSocket | Promise<LiveSocket>;

const socketIoFactory: SocketFactory = async ({ auth }) => {
  const { io } = await import('socket.io-client');
  // WebSocket first, long-polling only where it fails (a proxy that refuses the upgrade): no
  // polling handshake and upgrade on a phone's busy main thread, and a connection that needs no
  // sticky sessions when several nodes serve the portal. The polling handshake and upgrade were three
  // tasks of 55–70 ms at 4× (docs/performance-log.md, 2026-11-23); no bench figure of its own.
  return io({
    path: '/socket.io',
    auth,
    reconnectionDelayMax: 30_000,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  }) as unknown as LiveSocket;
};

let socketFactory: SocketFactory = socketIoFactory;

/** Replaces how sockets are made (tests); `null` restores socket.io. */
export function setSocketFactory(factory: SocketFactory | null): void {
  socketFactory = factory ?? socketIoFactory;
}

export const NOT_AUTHORIZED = 'Not Authorized';

/** Over how long the portals' reads after a broadcast are spread. */
const BROADCAST_SPREAD_MS = 2_000;

function refreshAfterSale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: salesKeys.all });
  // A sale moves this month's challenges, and a first sale opens the survey.
  void queryClient.invalidateQueries({ queryKey: engagementKeys.challenges });
  void queryClient.invalidateQueries({ queryKey: SURVEY_KEY });
  // The sale is the newsfeed's newest item.
  void queryClient.invalidateQueries({ queryKey: newsfeedKeys.all });
  // The affiliate links page counts the orders beside the clicks (and the conversion rate).
  void queryClient.invalidateQueries({ queryKey: linksKeys.stats });
}

/**
 * The first connection comes a moment after the page's own reads (when the browser is idle): a
 * sale, payout change, badge or staff message pushed in between reached nobody. The bell is asked
 * again; what those show only when it moved.
 */
async function catchUp(queryClient: QueryClient): Promise<void> {
  const before = queryClient.getQueryData<Bell>(notificationKeys.bell)?.count;
  await queryClient.refetchQueries({ queryKey: notificationKeys.bell });
  const after = queryClient.getQueryData<Bell>(notificationKeys.bell)?.count;
  if (before !== undefined && after !== before) {
    void queryClient.invalidateQueries({ queryKey: salesKeys.all });
    // A payout's change, a badge and a staff message also leave a notification: what they
    // show may have moved too.
    void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.announcements });
    void queryClient.invalidateQueries({ queryKey: engagementKeys.all });
    void queryClient.invalidateQueries({ queryKey: newsfeedKeys.all });
  }
}

/** Connects for the lifetime of the calling component (the account shell). */
export function useLivePush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: LiveSocket | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The reads a broadcast scheduled, dropped if the shell goes away first.
    const spread = new Set<ReturnType<typeof setTimeout>>();

    const listen = (made: LiveSocket) => {
      let connectedBefore = false;
      made.on('connect', () => {
        setLiveState('connected');
        if (connectedBefore) {
          refreshAfterSale(queryClient);
          void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
          void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
        } else void catchUp(queryClient);
        connectedBefore = true;
      });
      made.on('new_order', () => {
        queryClient.setQueryData<Bell>(notificationKeys.bell, (bell) =>
          bell ? { ...bell, count: bell.count + 1 } : bell,
        );
        refreshAfterSale(queryClient);
      });
      made.on('partner_changed', () => {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
        // Connecting or disconnecting an account in another tab changes these too.
        void queryClient.invalidateQueries({ queryKey: ['integrations'] });
      });
      made.on('badge_awarded', () => {
        // The award's notification is made before the push; the profile payload lists badges too.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
        void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: newsfeedKeys.all });
      });
      // A staff announcement or custom notification (a copy is made before the push). A broadcast
      // reaches every open portal at once: each asks again after a short random wait, so the
      // server does not take every portal's reads in the same instant.
      const refreshing =
        (...queryKeys: (readonly string[])[]) =>
        (payload?: { broadcast?: boolean }) => {
          const refresh = () => {
            for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
          };
          if (payload?.broadcast) spread.add(setTimeout(refresh, Math.random() * BROADCAST_SPREAD_MS));
          else refresh();
        };
      // An announcement and a promo are items of the newsfeed too (a custom notification is not).
      made.on('announcement', refreshing(notificationKeys.all, newsfeedKeys.all));
      made.on('notification', refreshing(notificationKeys.all));
      // Staff changed this month's promos or challenges.
      made.on('promotion', refreshing(engagementKeys.promotions, newsfeedKeys.all));
      made.on('challenge_changed', refreshing(engagementKeys.challenges));
      // A reward was paid: its notification, the challenge, and the bonus or voucher it brought.
      made.on('challenge_rewarded', () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: engagementKeys.challenges });
        void queryClient.invalidateQueries({ queryKey: salesKeys.all });
        refreshAfterPayout(queryClient);
      });
      made.on('payout_changed', () => {
        // The server has made the bell notification before it pushes.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
        refreshAfterPayout(queryClient);
      });
      made.on('test_notification', (payload: { notification_id: number; sent_at: string }) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
        announceTestNotification(payload);
      });
      made.on('connect_error', (error: Error) => {
        const refused = error?.message === NOT_AUTHORIZED;
        setLiveState(refused ? 'refused' : 'reconnecting');
        if (refused || !getValidToken()) {
          stopped = true;
          made.disconnect();
          // Lets the 401 rule of docs/product/errors-and-languages.md#how-the-portal-shows-errors end a session the server no longer knows.
          if (refused) void queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
        }
      });
      made.on('disconnect', (reason: string) => {
        if (!stopped) setLiveState('reconnecting');
        // The server let go of us (a node shutting down): socket.io does not come back by itself.
        if (reason === 'io server disconnect' && !stopped && getValidToken())
          retry = setTimeout(() => made.connect(), 1_000 + Math.random() * 2_000);
      });
    };

    const cancelIdle = afterIdle(() => {
      const token = getValidToken();
      if (!token || stopped) return;
      setLiveState('connecting');
      void Promise.resolve(socketFactory({ auth: { token } })).then(
        (made) => {
          // The shell went away while socket.io's code was on its way.
          if (stopped) {
            made.disconnect();
            return;
          }
          socket = made;
          listen(made);
        },
        (error: unknown) => {
          // socket.io's code did not arrive: the page works without live updates (the bell and
          // lists still load on their own); said in the console for whoever looks.
          console.warn('live updates are off: their code could not be loaded', error);
          setLiveState('off');
        },
      );
    });
    return () => {
      stopped = true;
      setLiveState('off');
      spread.forEach(clearTimeout);
      cancelIdle();
      clearTimeout(retry);
      socket?.disconnect();
    };
  }, [queryClient]);
}

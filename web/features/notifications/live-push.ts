// Live push (spec point 4 "Live push", decisions §8): one socket.io connection per signed-in
// session, at the same origin, authenticated with the partner's bearer token. `new_order`
// raises the bell count at once and refreshes the sales figures and lists; `partner_changed`
// reloads the profile. socket.io reconnects by itself; after a reconnect the bell and lists are
// refetched (what was missed). A refused token ('Not Authorized') stops the socket for good:
// the bell is asked again, so a dead session ends through the usual 401 rule.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { getValidToken } from '../../lib/session';
import { CURRENT_USER_QUERY_KEY } from '../profile/current-user';
import { salesKeys } from '../sales/sales-api';
import { notificationKeys, type Bell } from './notifications-api';

/** The part of a socket.io client socket this module uses (tests inject a fake). */
export interface LiveSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (options: { auth: { token: string } }) => LiveSocket;

const socketIoFactory: SocketFactory = ({ auth }) =>
  io({ path: '/socket.io', auth, reconnectionDelayMax: 30_000 }) as unknown as LiveSocket;

let socketFactory: SocketFactory = socketIoFactory;

/** Replaces how sockets are made (tests); `null` restores socket.io. */
export function setSocketFactory(factory: SocketFactory | null): void {
  socketFactory = factory ?? socketIoFactory;
}

export const NOT_AUTHORIZED = 'Not Authorized';

function refreshAfterSale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: salesKeys.all });
}

/** Connects for the lifetime of the calling component (the account shell). */
export function useLivePush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getValidToken();
    if (!token) return;
    const socket = socketFactory({ auth: { token } });
    let connectedBefore = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    socket.on('connect', () => {
      if (connectedBefore) refreshAfterSale(queryClient);
      connectedBefore = true;
    });
    socket.on('new_order', () => {
      queryClient.setQueryData<Bell>(notificationKeys.bell, (bell) =>
        bell ? { ...bell, count: bell.count + 1 } : bell,
      );
      refreshAfterSale(queryClient);
    });
    socket.on('partner_changed', () => {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    });
    socket.on('connect_error', (error: Error) => {
      const refused = error?.message === NOT_AUTHORIZED;
      if (refused || !getValidToken()) {
        stopped = true;
        socket.disconnect();
        // Lets the 401 rule of spec point 8 end a session the server no longer knows.
        if (refused) void queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
      }
    });
    socket.on('disconnect', (reason: string) => {
      // The server let go of us (a node shutting down): socket.io does not come back by itself.
      if (reason === 'io server disconnect' && !stopped && getValidToken())
        retry = setTimeout(() => socket.connect(), 1_000 + Math.random() * 2_000);
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [queryClient]);
}

// The bell (docs/product/engagement.md#notifications): the unread count and the latest
// notifications, kept under ['notifications'] until the live push marks them stale.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  bellNotificationsAnswer,
  notificationsReadAnswer,
  saleNotification,
  saleNotificationsAnswer,
} from '../../../common/contracts/dashboard';
import type { partnerMessage, partnerMessagesAnswer } from '../../../common/contracts/notifications';
import { api } from '../../lib/api';

// The answers' types are the server's schemas (common/contracts/dashboard.ts for the bell,
// common/contracts/notifications.ts for the announcements).
export type PortalNotification = z.infer<typeof saleNotification>;

/** The bell: `custom_unread` (unread custom notifications from staff) lights the header's pulsing dot. */
export type Bell = z.infer<typeof bellNotificationsAnswer>['data'];

/** A staff message as the partner reads it (announcement or custom notification). */
export type PortalMessage = z.infer<typeof partnerMessage>;

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  announcements: ['notifications', 'announcements'] as const,
  sales: ['notifications', 'sales'] as const,
};

export const fetchBell = async () =>
  (await api.get<z.infer<typeof bellNotificationsAnswer>>('/api/getBellNotifications')).data;

export const bellQuery = queryOptions({
  queryKey: notificationKeys.bell,
  queryFn: fetchBell,
  staleTime: Infinity,
  meta: { worded: true },
});

export const useBell = () => useQuery(bellQuery);

/** The latest 20 sale notifications (`GET /api/getSalesNotifications`): the bell's Sales tab, read when it is opened. */
export const useSaleNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.sales,
    queryFn: async () =>
      (await api.get<z.infer<typeof saleNotificationsAnswer>>('/api/getSalesNotifications')).data,
    staleTime: Infinity,
    enabled,
    meta: { worded: true },
  });

/** Unread custom notifications (staff to this partner) light the pulsing dot of the header. */
export const hasUnreadCustom = (bell: Bell | undefined) => (bell?.custom_unread ?? 0) > 0;

/** The partner's announcements, in the interface's language, newest first (the dashboard's widget). */
export const useAnnouncements = () =>
  useQuery({
    queryKey: notificationKeys.announcements,
    queryFn: async () =>
      (await api.get<z.infer<typeof partnerMessagesAnswer>>('/api/getNotifications/announcement')).data,
    staleTime: Infinity,
    meta: { worded: true },
  });

/** Marks some (or, without ids, all) notifications read; the server answers the unread count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) =>
      (await api.post<z.infer<typeof notificationsReadAnswer>>('/api/notifications/read', ids ? { ids } : {}))
        .data,
    meta: { partnerSession: true },
    onSuccess: ({ count, custom_unread }, ids) => {
      const read = <T extends { id: number; read: boolean }>(item: T): T =>
        !ids || ids.includes(item.id) ? { ...item, read: true } : item;
      queryClient.setQueryData<Bell>(notificationKeys.bell, (bell) =>
        bell ? { count, custom_unread, items: bell.items.map(read) } : bell,
      );
      // The same notifications, as the announcements widget and the Sales tab list them.
      queryClient.setQueryData<PortalMessage[]>(notificationKeys.announcements, (list) => list?.map(read));
      queryClient.setQueryData<PortalNotification[]>(notificationKeys.sales, (list) => list?.map(read));
    },
  });
}

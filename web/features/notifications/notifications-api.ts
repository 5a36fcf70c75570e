// The bell (docs/product/engagement.md#notifications): the unread count and the latest
// notifications, kept under ['notifications'] until the live push marks them stale.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface PortalNotification {
  id: number;
  kind: string;
  title: string;
  body: string;
  data: unknown;
  read: boolean;
  date: string;
}

export interface Bell {
  count: number;
  /** Unread custom notifications from staff: they light the header's pulsing dot. */
  custom_unread: number;
  items: PortalNotification[];
}

/** A staff message as the partner reads it (announcement or custom notification). */
export interface PortalMessage {
  id: number;
  kind: string;
  title: string;
  body: string;
  read: boolean;
  date: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  announcements: ['notifications', 'announcements'] as const,
};

export const fetchBell = async () => (await api.get<{ data: Bell }>('/api/getBellNotifications')).data;

export const bellQuery = queryOptions({
  queryKey: notificationKeys.bell,
  queryFn: fetchBell,
  staleTime: Infinity,
});

export const useBell = () => useQuery(bellQuery);

/** Unread custom notifications (staff to this partner) light the pulsing dot of the header. */
export const hasUnreadCustom = (bell: Bell | undefined) => (bell?.custom_unread ?? 0) > 0;

/** The partner's announcements, in their language, newest first (the dashboard's widget). */
export const useAnnouncements = () =>
  useQuery({
    queryKey: notificationKeys.announcements,
    queryFn: async () =>
      (await api.get<{ data: PortalMessage[] }>('/api/getNotifications/announcement')).data,
    staleTime: Infinity,
  });

/** Marks some (or, without ids, all) notifications read; the server answers the unread count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) =>
      (
        await api.post<{ data: { count: number; custom_unread: number } }>(
          '/api/notifications/read',
          ids ? { ids } : {},
        )
      ).data,
    meta: { partnerSession: true },
    onSuccess: ({ count, custom_unread }, ids) => {
      const read = <T extends { id: number; read: boolean }>(item: T): T =>
        !ids || ids.includes(item.id) ? { ...item, read: true } : item;
      queryClient.setQueryData<Bell>(notificationKeys.bell, (bell) =>
        bell ? { count, custom_unread, items: bell.items.map(read) } : bell,
      );
      // The same notifications, as the announcements widget lists them.
      queryClient.setQueryData<PortalMessage[]>(notificationKeys.announcements, (list) => list?.map(read));
    },
  });
}

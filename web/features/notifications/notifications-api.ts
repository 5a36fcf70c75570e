// The bell (spec point 2 "Notifications", decisions §8): the unread count and the latest
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
  items: PortalNotification[];
}

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
};

export const fetchBell = async () => (await api.get<{ data: Bell }>('/api/getBellNotifications')).data;

export const bellQuery = queryOptions({
  queryKey: notificationKeys.bell,
  queryFn: fetchBell,
  staleTime: Infinity,
});

export const useBell = () => useQuery(bellQuery);

/** Unread custom notifications (staff to this partner) light the pulsing dot of the header. */
export const hasUnreadCustom = (bell: Bell | undefined) =>
  Boolean(bell?.items.some((item) => item.kind === 'custom' && !item.read));

/** Marks some (or, without ids, all) notifications read; the server answers the unread count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) =>
      (await api.post<{ data: { count: number } }>('/api/notifications/read', ids ? { ids } : {})).data,
    meta: { partnerSession: true },
    onSuccess: ({ count }, ids) => {
      queryClient.setQueryData<Bell>(notificationKeys.bell, (bell) =>
        bell
          ? {
              count,
              items: bell.items.map((item) =>
                !ids || ids.includes(item.id) ? { ...item, read: true } : item,
              ),
            }
          : bell,
      );
    },
  });
}

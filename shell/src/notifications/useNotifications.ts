import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from 'shared-kernel/contracts';
import { api, useSession } from 'shared-kernel/runtime';

export const notificationsKey = (userId: number | null | undefined) => ['notifications', userId ?? null] as const;

/** GET /v1/notifications-centers, keyed by user id (reloaded when the user changes). */
export function useNotifications() {
  const userId = useSession((s) => s.user?.id ?? null);
  const jwt = useSession((s) => s.jwt);
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: async () => {
      const list = await api.get<AppNotification[]>('/notifications-centers', { silent: true });
      return Array.isArray(list) ? list : [];
    },
    enabled: userId !== null && !!jwt,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useUnreadCount(): number {
  const { data } = useNotifications();
  return data?.filter((n) => !n.seen).length ?? 0;
}

/** PUT /v1/notifications-centers/mark-as-seen { arrayOfIds }, optimistic on the cached list. */
export function useMarkAsSeen() {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);
  const key = notificationsKey(userId);
  return useMutation({
    mutationFn: async (ids: number[]) => {
      if (ids.length === 0) return;
      await api.put('/notifications-centers/mark-as-seen', { arrayOfIds: ids }, { silent: true });
    },
    onMutate: async (ids: number[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) => list?.map((n) => (ids.includes(n.id) ? { ...n, seen: true } : n)));
      return { previous };
    },
    onError: (_err, _ids, ctx) => {
      if (ctx?.previous) queryClient.setQueryData(key, ctx.previous);
    },
    // A poll or a remount can fetch the list between the optimistic update and the server's write and
    // bring the old unseen state back; reading the list again once the write is settled ends that.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

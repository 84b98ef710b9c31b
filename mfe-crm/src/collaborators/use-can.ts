import type { Permission } from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

/** §6 check of the signed-in user on their shop (the api enforces it too: this only hides what would be refused). */
export function useCan(permission: Permission): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return hasPermission(user, currentShopId(user, shop), permission);
}

/** The signed-in user's id. */
export function useMyId(): number | undefined {
  return useSession((s) => s.user?.id);
}

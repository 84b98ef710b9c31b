import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

/** createFutureOrder on the signed-in user's shop (owners have every permission): campaigns, orders, deliveries. */
export function useCanCreateFutures(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return hasPermission(user, currentShopId(user, shop), 'createFutureOrder');
}

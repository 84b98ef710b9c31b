import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

/** createEvent on the signed-in user's shop (owners have every permission): the event form, slots. */
export function useCanCreateEvent(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return hasPermission(user, currentShopId(user, shop), 'createEvent');
}

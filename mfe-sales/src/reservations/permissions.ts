import { currentShopId, hasPermission, type Permission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

/** The reservations rights (§6) of the signed-in staff on their shop: seeAllResa sees, createResa acts. Never a buyer's. */
export function useResaRights(): { staff: boolean; see: boolean; act: boolean } {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const staff = user?.role === 'owner' || user?.role === 'iam';
  const can = (p: Permission) => staff && hasPermission(user, currentShopId(user, shop), p);
  return { staff, see: can('seeAllResa'), act: can('createResa') };
}

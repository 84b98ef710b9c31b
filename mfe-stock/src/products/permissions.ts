import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

/** §6: owners, and iam with createProduct, edit the catalogue; agents (and iam without it) only read it. */
export function useCanEditProducts(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  if (!user || (user.role !== 'owner' && user.role !== 'iam')) return false;
  return hasPermission(user, currentShopId(user, shop), 'createProduct');
}

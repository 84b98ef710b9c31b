// The viewer as the rights table reads them (shared-kernel order-rights: the rule the api enforces): the order's
// actions bar, the payments of an order and the invoice drawer offer what it allows, so the screens and the api agree.
import { currentShopId, type SalesActor } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

export function useSalesActor(): SalesActor {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  if (!user) return { kind: 'buyer' };
  if (user.role === 'agent') return { kind: 'agent' };
  if (user.role !== 'owner' && user.role !== 'iam') return { kind: 'buyer' };
  const membership = user.shops.find((s) => s.id === currentShopId(user, shop));
  if (!membership) return { kind: 'buyer' };
  return { kind: user.role, authorizations: membership.authorizations ?? null };
}

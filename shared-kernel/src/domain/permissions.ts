import type { Permission, SessionShop, SessionUser, ShopModule } from './access';

/**
 * Spec §6 permission check: logged in, not a buyer, member of the shop; owners have
 * every permission; others need the flag in that shop's authorizations; a membership
 * without an authorizations object allows everything.
 */
export function hasPermission(user: SessionUser | null | undefined, shopId: number | null | undefined, perm: Permission): boolean {
  if (!user || user.role === 'buyer') return false;
  if (shopId === undefined || shopId === null) return false;
  const membership = user.shops.find((s) => s.id === shopId);
  if (!membership) return false;
  if (user.role === 'owner') return true;
  const authorizations = membership.authorizations;
  if (authorizations === undefined || authorizations === null) return true;
  return authorizations[perm] === true;
}

/** Every permission of the list (an empty list is always granted). */
export function hasAllPermissions(
  user: SessionUser | null | undefined,
  shopId: number | null | undefined,
  perms: readonly Permission[],
): boolean {
  return perms.every((p) => hasPermission(user, shopId, p));
}

/** Spec §6: owner/iam checks compare with the user's first shop id. */
export function isOwnerOrIamOf(user: SessionUser | null | undefined, shopId: number | null | undefined): boolean {
  if (!user || (user.role !== 'owner' && user.role !== 'iam')) return false;
  if (shopId === undefined || shopId === null) return false;
  return user.shops[0]?.id === shopId;
}

/** The shop id the permissions of an owner/iam apply to: the loaded shop, else their first shop. */
export function currentShopId(user: SessionUser | null | undefined, shop: Pick<SessionShop, 'id'> | null | undefined): number | undefined {
  return shop?.id ?? user?.shops[0]?.id;
}

/** Spec §1 module switch: shop.integration[module].active. */
export function shopModuleActive(shop: Pick<SessionShop, 'integration'> | null | undefined, module: ShopModule): boolean {
  return shop?.integration?.[module]?.active === true;
}

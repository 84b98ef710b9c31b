// Who may open a settings section (DESIGN §8: each remote contributes its sections to /dashboard/settings) and who may
// read or change a part of one. One rule for the settings page and every remote: the page lists and opens only what
// the viewer may read; a section reads it again to show itself read-only. The api enforces, the screens only follow.
import type { Permission, RouteRole, SessionShop, SessionUser, ShopModule } from './access';
import { currentShopId, hasPermission, shopModuleActive } from './permissions';

/** What a settings section declares (the contracts' SettingsSectionMeta fits this shape). */
export interface SectionAccess {
  /** Signed-in roles allowed. */
  roles: readonly RouteRole[];
  /** At least one of these §6 rights (empty or absent: none needed); an owner holds every right of their shop. */
  permissions?: readonly Permission[];
  /** Every one of these §1 modules active in the shop (owner and iam). */
  modules?: readonly ShopModule[];
}

/**
 * A need written as the api's rules read: 'anyone' — every signed-in user (their own account); 'member' — the shop's
 * owner and every iam; 'owner' — the owner alone; a list — the owner, or an iam holding at least one of these §6 rights.
 */
export type AccessNeed = 'anyone' | 'member' | 'owner' | readonly Permission[];

/** Who may read and who may change a section or a part of one. */
export interface Access {
  read: AccessNeed;
  write: AccessNeed;
}

/** Every signed-in role ('anyone'). */
export const SIGNED_IN_ROLES: readonly RouteRole[] = ['buyer', 'owner', 'iam', 'agent', 'superAdmin'];
const MEMBER_ROLES: readonly RouteRole[] = ['owner', 'iam'];

/** A need as section metadata: `sectionAccess('owner')` → `{ roles: ['owner'] }`. */
export function sectionAccess(need: AccessNeed): SectionAccess {
  if (need === 'anyone') return { roles: SIGNED_IN_ROLES };
  if (need === 'member') return { roles: MEMBER_ROLES };
  if (need === 'owner') return { roles: ['owner'] };
  return { roles: MEMBER_ROLES, permissions: need };
}

/** Whether the signed-in user may open a section (owner/iam rights checked on their loaded shop, else their first one: §6). */
export function canOpenSection(
  section: SectionAccess,
  user: SessionUser | null | undefined,
  shop: (Pick<SessionShop, 'id'> & Partial<Pick<SessionShop, 'integration'>>) | null | undefined,
): boolean {
  if (!user || !section.roles.includes(user.role)) return false;
  const modules = section.modules ?? [];
  if (modules.length && (user.role === 'owner' || user.role === 'iam') && !modules.every((m) => shopModuleActive(shop, m))) return false;
  const permissions = section.permissions ?? [];
  if (!permissions.length) return true;
  const shopId = currentShopId(user, shop);
  return permissions.some((p) => hasPermission(user, shopId, p));
}

/** Whether the signed-in user meets a need. */
export function meets(need: AccessNeed, user: SessionUser | null | undefined, shop: Pick<SessionShop, 'id'> | null | undefined): boolean {
  return canOpenSection(sectionAccess(need), user, shop);
}

/** The viewer's rights on a section or a part of one: changing needs reading. */
export function rightsOf(
  access: Access,
  user: SessionUser | null | undefined,
  shop: Pick<SessionShop, 'id'> | null | undefined,
): { read: boolean; write: boolean } {
  const read = meets(access.read, user, shop);
  return { read, write: read && meets(access.write, user, shop) };
}

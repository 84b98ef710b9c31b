// Who may read and who may change each settings section: the api's rules for the endpoints the section calls
// (the api enforces them; the page reads them to hide a section the viewer cannot read and to show read-only one
// they can read but not change — never to enforce).
import type { Permission, Shop, User } from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

/**
 * 'anyone' — every signed-in user (their own account); 'member' — the shop's owner and every iam; 'owner' — the
 * owner alone; a list — the owner, or an iam holding at least one of these §6 rights.
 */
export type AccessNeed = 'anyone' | 'member' | 'owner' | readonly Permission[];
export interface Access {
  read: AccessNeed;
  write: AccessNeed;
}

/** The two parts of « promotions »: the codes (api promo-codes) and the loyalty programme (api loyalty). */
export const PROMO_CODES_ACCESS: Access = { read: ['createCampaign', 'seeAllPrice'], write: ['createCampaign'] };
export const LOYALTY_PROGRAM_ACCESS: Access = { read: ['createCampaign', 'seeAllClient'], write: ['createCampaign'] };

/** Per section, from the routes its queries call (GET → read, PUT/POST → write). */
export const SECTION_ACCESS: Record<string, Access> = {
  account: { read: 'anyone', write: 'anyone' },
  // GET /shops/me/settings/infos (shop member) · PUT owner
  infos: { read: 'member', write: 'owner' },
  // GET /tariffs/typologies · POST/PUT/DELETE owner
  typos: { read: ['seeAllPrice', 'seeAllProduct', 'createProduct', 'seeAllClient', 'createClient'], write: 'owner' },
  // GET /crm/settings (shop member) · PUT createClient
  crm: { read: 'member', write: ['createClient'] },
  // GET /tariffs/product-defaults · PUT owner
  products: { read: ['seeAllProduct', 'createProduct', 'seeAllPrice'], write: 'owner' },
  billing: { read: 'owner', write: 'owner' },
  // GET and PUT /orders/settings/delivery: manageDelivery
  delivery: { read: ['manageDelivery'], write: ['manageDelivery'] },
  // GET /team/collaborators: accessCollaborator
  roles: { read: ['accessCollaborator'], write: ['createCollaborator'] },
  // GET /accounting/settings · PUT editAccountingCodes
  accounting: { read: ['accessAccounting', 'editAccountingCodes'], write: ['editAccountingCodes'] },
  // the section shows its form to the owner only (PUT /campaigns/settings is the owner's)
  campaigns: { read: 'owner', write: 'owner' },
  matchGrids: { read: 'member', write: 'owner' },
  iframes: { read: 'member', write: 'member' },
  integrations: { read: 'member', write: 'owner' },
  // either part: the codes (createCampaign or seeAllPrice) or the loyalty programme (createCampaign or seeAllClient)
  promotions: { read: ['createCampaign', 'seeAllPrice', 'seeAllClient'], write: ['createCampaign'] },
  documents: { read: 'owner', write: 'owner' },
};

/** Whether the signed-in user meets a need (owner/iam checks on their loaded shop, else their first one: §6). */
export function meets(need: AccessNeed, user: User | null, shop: Pick<Shop, 'id'> | null): boolean {
  if (!user) return false;
  if (need === 'anyone') return true;
  if (user.role !== 'owner' && user.role !== 'iam') return false;
  if (need === 'member') return true;
  if (need === 'owner') return user.role === 'owner';
  const shopId = currentShopId(user, shop);
  return need.some((p) => hasPermission(user, shopId, p));
}

export function rightsOf(access: Access, user: User | null, shop: Pick<Shop, 'id'> | null): { read: boolean; write: boolean } {
  const read = meets(access.read, user, shop);
  return { read, write: read && meets(access.write, user, shop) };
}

/** The viewer's rights on a section or part of one. */
export function useAccess(access: Access): { read: boolean; write: boolean } {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return rightsOf(access, user, shop);
}

// Who may read and who may change the parts of a settings section that has several (the rule and its types are
// shared-kernel/domain section-access.ts; who may open a section at all is its metadata in ../routes
// `settingsSections`). The api enforces them; the section reads them to hide the part the viewer cannot read and to
// show read-only the one they can read but not change — never to enforce.
import { rightsOf, type Access } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

export type { Access, AccessNeed } from 'shared-kernel/domain';

/** The two parts of « promotions »: the codes (api promo-codes) and the loyalty programme (api loyalty). */
export const PROMO_CODES_ACCESS: Access = { read: ['createCampaign', 'seeAllPrice'], write: ['createCampaign'] };
export const LOYALTY_PROGRAM_ACCESS: Access = { read: ['createCampaign', 'seeAllClient'], write: ['createCampaign'] };

/** The viewer's rights on a section or part of one. */
export function useAccess(access: Access): { read: boolean; write: boolean } {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return rightsOf(access, user, shop);
}

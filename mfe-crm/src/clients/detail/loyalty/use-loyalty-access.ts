import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';

export interface LoyaltyAccess {
  /** « Ajuster les points »: owner, or iam with createClient (the api's rule). Never an agent, who reads the card only. */
  adjust: boolean;
  /** The link to the programme's settings: owner, or iam with createCampaign (who may write the programme). */
  configure: boolean;
}

/** What the signed-in user may do on the « Fidélité » card (the api enforces it: this only hides what it would refuse). */
export function useLoyaltyAccess(): LoyaltyAccess {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const shopId = currentShopId(user, shop);
  const staff = user?.role === 'owner' || user?.role === 'iam';
  return {
    adjust: staff && hasPermission(user, shopId, 'createClient'),
    configure: staff && hasPermission(user, shopId, 'createCampaign'),
  };
}

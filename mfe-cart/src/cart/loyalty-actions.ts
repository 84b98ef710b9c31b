// Issue 18: the cart store's loyalty actions. The store is a page-wide singleton created by whichever bundle loads
// first (the shell): a shell built before setLoyaltyData / addLoyaltyProduct existed gets the same pure transitions
// of shared-kernel/domain, applied from this remote's copy through `replace` (as payment/pending.ts does).
import { addLoyaltyProduct, setLoyaltyData, type CartProduct, type LoyaltySelection } from 'shared-kernel/domain';
import { useCart, type CartState } from 'shared-kernel/runtime';

type LoyaltyActions = Partial<Pick<CartState, 'setLoyaltyData' | 'addLoyaltyProduct'>> &
  Pick<CartState, 'orders' | 'lastUpdated' | 'replace'>;

/** Chooses a loyalty offer on the seller's order (another offer drops the previous one's offered lines). */
export function chooseLoyaltyOffer(sellerId: number, data: LoyaltySelection): void {
  const state: LoyaltyActions = useCart.getState();
  if (state.setLoyaltyData) state.setLoyaltyData(sellerId, data);
  else state.replace(setLoyaltyData(state, sellerId, data));
}

/** One more unit of a product offered by the chosen products offer (nothing beyond its maxProducts). */
export function addOfferedProduct(sellerId: number, product: CartProduct): void {
  const state: LoyaltyActions = useCart.getState();
  if (state.addLoyaltyProduct) state.addLoyaltyProduct(sellerId, product);
  else state.replace(addLoyaltyProduct(state, sellerId, product));
}

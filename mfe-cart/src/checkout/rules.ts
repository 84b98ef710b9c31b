// The shop's order rules (checkout options `rules`) checked on the cart before the buyer submits,
// with the spec §5 wording (CART_MESSAGES); the server checks them again when placing.
import { CART_MESSAGES, type CheckoutOptions } from 'shared-kernel/contracts';
import { formatCents, toCents, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';

export interface RuleCheck {
  key: 'minAmountHT' | 'minQuantity' | 'maxQuantity' | 'multipleOf';
  text: string;
  ok: boolean;
}

/** Number of articles of the order (product units; reservations are places, not articles). */
export const articleCount = (order: CartOrder): number => order.products.reduce((n, p) => n + Math.max(0, Math.trunc(p.quantity || 0)), 0);

/** Every rule the shop sets, with whether the order meets it now. */
export function shopRuleChecks(rules: CheckoutOptions['rules'] | undefined, order: CartOrder, priced: SellerPriceResult): RuleCheck[] {
  if (!rules) return [];
  const count = articleCount(order);
  const hasProducts = order.products.length > 0;
  const out: RuleCheck[] = [];
  if (rules.minAmountHT != null && rules.minAmountHT > 0) {
    const min = toCents(rules.minAmountHT);
    out.push({
      key: 'minAmountHT',
      text: CART_MESSAGES.shopMinAmount(formatCents(min)),
      ok: !hasProducts || priced.price.productsHT >= min,
    });
  }
  if (rules.minQuantity != null && rules.minQuantity > 1) {
    out.push({
      key: 'minQuantity',
      text: CART_MESSAGES.shopMinQuantity(rules.minQuantity),
      ok: !hasProducts || count >= rules.minQuantity,
    });
  }
  if (rules.maxQuantity != null && rules.maxQuantity > 0) {
    out.push({ key: 'maxQuantity', text: CART_MESSAGES.shopMaxQuantity(rules.maxQuantity), ok: count <= rules.maxQuantity });
  }
  if (rules.multipleOf != null && rules.multipleOf > 1) {
    out.push({ key: 'multipleOf', text: CART_MESSAGES.shopMultiple(rules.multipleOf), ok: count % rules.multipleOf === 0 });
  }
  return out;
}

/** Promotion codes: the shop's codes (settings section `promotions`) and their rules in the checkout's price. */
export * from './promo-codes.tables';
export { createPromoCodesRouter } from './promo-codes.router';
export { resolvePromoCode, recordPromoCodeUse, type ResolvedPromoCode } from './promo-codes.service';
export { applyPromoCode, type PromoCodeRule, type PromoOrderContext, type PromoCodeResult } from './promo-codes.rules';

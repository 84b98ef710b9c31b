import { applyPromoCode, type PromoCodeRule, type PromoOrderContext } from './promo-codes.rules';

const code = (over: Partial<PromoCodeRule> = {}): PromoCodeRule => ({
  code: 'NOEL',
  kind: 'percent',
  value: 10,
  productIds: null,
  minAmountCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerClient: null,
  typologies: null,
  active: true,
  ...over,
});
const ctx = (over: Partial<PromoOrderContext> = {}): PromoOrderContext => ({
  now: new Date('2026-03-10T12:00:00Z'),
  typology: 'particulier',
  productsTTC: 12000,
  lines: [
    { idTmp: 'a', productId: 1, ttc: 9000 },
    { idTmp: 'b', productId: 2, ttc: 3000 },
  ],
  usesTotal: 0,
  usesByClient: 0,
  ...over,
});

describe('applyPromoCode', () => {
  it('percent of the eligible TTC, € capped at it, free shipping', () => {
    expect(applyPromoCode(code(), ctx())).toEqual({ promoAmount: 1200, freeShipping: false, idTmps: null });
    expect(applyPromoCode(code({ kind: 'amount', value: 1500 }), ctx()).promoAmount).toBe(1500);
    expect(applyPromoCode(code({ kind: 'amount', value: 50000 }), ctx()).promoAmount).toBe(12000);
    expect(applyPromoCode(code({ kind: 'freeShipping', value: 0 }), ctx())).toEqual({ promoAmount: 0, freeShipping: true, idTmps: null });
  });

  it('some products only: the eligible lines and their amount', () => {
    expect(applyPromoCode(code({ productIds: [2] }), ctx())).toEqual({ promoAmount: 300, freeShipping: false, idTmps: ['b'] });
    expect(applyPromoCode(code({ kind: 'amount', value: 5000, productIds: [2] }), ctx()).promoAmount).toBe(3000);
    expect(applyPromoCode(code({ productIds: [3] }), ctx()).problem).toBe("Ce code promo ne s'applique à aucun produit de votre panier");
  });

  it.each<[string, PromoCodeRule | null, Partial<PromoOrderContext>, string]>([
    ['unknown', null, {}, "Ce code promo n'existe pas"],
    ['inactive', code({ active: false }), {}, "Ce code promo n'est plus valable"],
    ['not started', code({ startsAt: new Date('2026-03-10T23:00:00Z') }), {}, 'Ce code promo sera valable à partir du 11/03/2026'],
    // ends at the end of 09/03 in Paris (midnight of the 10th, 23:00 UTC the 9th)
    ['expired', code({ endsAt: new Date('2026-03-09T23:00:00Z') }), {}, 'Ce code promo a expiré le 09/03/2026'],
    ['min amount', code({ minAmountCents: 15000 }), {}, "Ce code promo est valable à partir de 150,00\u00a0€ d'achat"],
    ['limit', code({ maxUses: 3 }), { usesTotal: 3 }, "Ce code promo a atteint son nombre maximal d'utilisations"],
    ['per client', code({ maxUsesPerClient: 1 }), { usesByClient: 1 }, 'Vous avez déjà utilisé ce code promo'],
    [
      'per client (2)',
      code({ maxUsesPerClient: 2 }),
      { usesByClient: 2 },
      'Vous avez déjà utilisé ce code promo 2 fois, le maximum autorisé',
    ],
    ['typology', code({ typologies: ['caviste'] }), {}, "Ce code promo n'est pas valable pour votre type de client"],
    ['empty cart', code(), { lines: [], productsTTC: 0 }, "Ce code promo ne s'applique à aucun produit de votre panier"],
  ])('refuses: %s', (_name, c, over, problem) => {
    const res = applyPromoCode(c, ctx(over));
    expect(res.problem).toBe(problem);
    expect(res.promoAmount).toBe(0);
  });

  it('accepts at the edges: the first instant, under the limits, the typology allowed, the minimum reached', () => {
    const at = new Date('2026-03-10T12:00:00Z');
    expect(applyPromoCode(code({ startsAt: at }), ctx()).problem).toBeUndefined();
    expect(applyPromoCode(code({ endsAt: new Date(at.getTime() + 1) }), ctx()).problem).toBeUndefined();
    expect(applyPromoCode(code({ maxUses: 3, maxUsesPerClient: 2 }), ctx({ usesTotal: 2, usesByClient: 1 })).problem).toBeUndefined();
    expect(applyPromoCode(code({ typologies: ['particulier'] }), ctx()).problem).toBeUndefined();
    expect(applyPromoCode(code({ minAmountCents: 12000 }), ctx()).problem).toBeUndefined();
    // an anonymous cart: the per-client limit waits for the checkout
    expect(applyPromoCode(code({ maxUsesPerClient: 1 }), ctx({ usesByClient: null })).problem).toBeUndefined();
  });
});

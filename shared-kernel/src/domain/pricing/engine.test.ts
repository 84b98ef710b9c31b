import fc from 'fast-check';
import { priceOrder, priceCart, cartTotals, vatOf } from './engine';
import type { CartOrder, CartProduct, CartReservation } from '../cart';

let n = 0;
const bottle = (price: number, quantity: number, over: Partial<CartProduct> = {}): CartProduct => ({
  idTmp: `l${n++}`,
  id: n,
  productType: 'bottle',
  quantity,
  ...over,
  chosenFormat: { price, ...(over.chosenFormat ?? {}), id: 1 },
});
const order = (products: CartProduct[], over: Partial<CartOrder> = {}): CartOrder => ({
  seller: { id: 1 },
  products,
  reservations: [],
  ...over,
});

describe('price engine: hand-computed tables', () => {
  it.each<[string, CartOrder, Record<string, number>, Parameters<typeof priceOrder>[1]?]>([
    ['base price × quantity, VAT 20 %', order([bottle(10, 3)]), { totalHT: 3000, tva: 600, totalTTC: 3600 }],
    [
      'typology price of the format',
      order([bottle(10, 2, { chosenFormat: { id: 1, typologies: [{ typology: 'caviste', price: 8 }] } })]),
      { totalHT: 1600, tva: 320, totalTTC: 1920 },
      { typology: 'caviste' },
    ],
    [
      'invisible typology price → base price',
      order([bottle(10, 2, { chosenFormat: { id: 1, typologies: [{ typology: 'caviste', price: 8, visible: false }] } })]),
      { totalHT: 2000 },
      { typology: 'caviste' },
    ],
    [
      'tier: highest threshold not above the quantity (12 → 8 €)',
      order([bottle(10, 12, { chosenFormat: { id: 1, discountPrice: { 6: 9, 12: 8 } } })]),
      { totalHT: 9600, tva: 1920, totalTTC: 11520 },
    ],
    [
      'tier: below the first threshold → base price',
      order([bottle(10, 5, { chosenFormat: { id: 1, discountPrice: { 6: 9, 12: 8 } } })]),
      { totalHT: 5000 },
    ],
    [
      'global discount: tier on the order units (3 + 3 = 6 → 9 €)',
      order([
        bottle(10, 3, { chosenFormat: { id: 1, discountPrice: { 6: 9 } } }),
        bottle(10, 3, { chosenFormat: { id: 1, discountPrice: { 6: 9 } } }),
      ]),
      { totalHT: 5400 },
      { globalDiscount: true },
    ],
    [
      "typology's global discount 5 %: 12,34 € → 11,72 € a unit (11,723 rounded once per unit), 3 units",
      order([bottle(12.34, 3)]),
      { totalHT: 3516, tva: 703, totalTTC: 4219 },
      { typologyDiscount: 5 },
    ],
    [
      "typology's global discount on a half cent: 10,10 € − 5 % = 9,595 → 9,60 € (half away from zero)",
      order([bottle(10.1, 1)]),
      { totalHT: 960, tva: 192, totalTTC: 1152 },
      { typologyDiscount: 5 },
    ],
    [
      "typology's global discount applies after the tiers: 12 × 8 € − 10 % = 12 × 7,20 €",
      order([bottle(10, 12, { chosenFormat: { id: 1, discountPrice: { 6: 9, 12: 8 } } })]),
      { totalHT: 8640, tva: 1728, totalTTC: 10368 },
      { typologyDiscount: 10 },
    ],
    [
      'rules in 75 cl equivalents: 3 magnums count 6 → the 6-bottle tier (18 € instead of 20 €)',
      order([bottle(20, 3, { chosenFormat: { id: 1, unityValue: 1.5, discountPrice: { 6: 18 } } })]),
      { totalHT: 5400 },
      { rulesInEq75: true },
    ],
    [
      'same magnums counted in units (3) → base price',
      order([bottle(20, 3, { chosenFormat: { id: 1, unityValue: 1.5, discountPrice: { 6: 18 } } })]),
      { totalHT: 6000 },
    ],
    [
      "rules in 75 cl equivalents: the format's declared eq75 wins (4 half bottles × 0,5 = 2 < 3 → no tier)",
      order([bottle(6, 4, { chosenFormat: { id: 1, unityValue: 0.375, eq75: 0.5, discountPrice: { 3: 5 } } })]),
      { totalHT: 2400 },
      { rulesInEq75: true },
    ],
    [
      'rules in 75 cl equivalents: a promotion « 6 products » reached by 3 magnums (10 % of 60 €)',
      order([
        bottle(20, 3, {
          chosenFormat: { id: 1, unityValue: 1.5, promotions: [{ type: '%', amount: 10, activation: 'minProduct', threshold: 6 }] },
        }),
      ]),
      { totalHT: 5400 },
      { rulesInEq75: true },
    ],
    [
      'same without global discount → base price',
      order([
        bottle(10, 3, { chosenFormat: { id: 1, discountPrice: { 6: 9 } } }),
        bottle(10, 3, { chosenFormat: { id: 1, discountPrice: { 6: 9 } } }),
      ]),
      { totalHT: 6000 },
    ],
    [
      'promotion 10 % always',
      order([bottle(10, 3, { chosenFormat: { id: 1, promotions: [{ type: '%', amount: 10, activation: 'always' }] } })]),
      { promoAmount: 300, totalHT: 2700, tva: 540, totalTTC: 3240 },
    ],
    [
      'promotion 1 € per unit, minProduct 3 reached',
      order([bottle(10, 3, { chosenFormat: { id: 1, promotions: [{ type: '€', amount: 1, activation: 'minProduct', threshold: 3 }] } })]),
      { promoAmount: 300, totalHT: 2700 },
    ],
    [
      'promotion minProduct 4 not reached',
      order([bottle(10, 3, { chosenFormat: { id: 1, promotions: [{ type: '€', amount: 1, activation: 'minProduct', threshold: 4 }] } })]),
      { promoAmount: 0, totalHT: 3000 },
    ],
    [
      'promotion minPrice 50 € not reached by a 30 € line',
      order([bottle(10, 3, { chosenFormat: { id: 1, promotions: [{ type: '%', amount: 50, activation: 'minPrice', threshold: 50 }] } })]),
      { promoAmount: 0 },
    ],
    [
      'promotion minPriceOrder 50 € reached by the order (30 + 30)',
      order([
        bottle(10, 3, { chosenFormat: { id: 1, promotions: [{ type: '%', amount: 50, activation: 'minPriceOrder', threshold: 50 }] } }),
        bottle(10, 3),
      ]),
      { promoAmount: 1500, totalHT: 4500 },
    ],
    [
      'promotion minProductOrder 6 reached by the order',
      order([
        bottle(10, 1, { chosenFormat: { id: 1, promotions: [{ type: '€', amount: 2, activation: 'minProductOrder', threshold: 6 }] } }),
        bottle(5, 5),
      ]),
      { promoAmount: 200, totalHT: 3300 },
    ],
    [
      'best promotion only, capped at the line',
      order([
        bottle(10, 1, {
          chosenFormat: {
            id: 1,
            promotions: [
              { type: '%', amount: 10 },
              { type: '€', amount: 15 },
            ],
          },
        }),
      ]),
      { promoAmount: 1000, totalHT: 0, totalTTC: 0 },
    ],
    ['VAT medium 10 %', order([bottle(10, 2, { vatType: 'medium' })]), { totalHT: 2000, tva: 200, totalTTC: 2200 }],
    [
      'VAT reduced 5.5 %: 3.33 → 0.18315 rounded to 18 cents',
      order([bottle(3.33, 1, { vatType: 'reduced' })]),
      { totalHT: 333, tva: 18, totalTTC: 351 },
    ],
    ['disableVAT on the line', order([bottle(10, 1, { disableVAT: true }), bottle(10, 1)]), { totalHT: 2000, tva: 200, totalTTC: 2200 }],
    [
      'shop without VAT (hasTVA false)',
      order([bottle(10, 2)], { seller: { id: 1, settings: { hasTVA: false } } }),
      { totalHT: 2000, tva: 0, totalTTC: 2000 },
    ],
    [
      'shop VAT rates from its settings',
      order([bottle(10, 1)], { seller: { id: 1, settings: { vatRate: { standard: 8.5 } } } }),
      { tva: 85, totalTTC: 1085 },
    ],
    [
      'duty 4.05 €/hl and custom tax 10 €/hl on 12 × 75 cl (0.09 hl → 0.36 € + 0.90 €)',
      order([bottle(10, 12, { chosenVintage: { id: 1, legal: { da: 4.05, typeDA: 'hl', customTaxAmountPerHL: 10 } } })]),
      { duties: 126, totalHT: 12126, tva: 2425, totalTTC: 14551 },
    ],
    [
      'duty per hl of pure alcohol: 2 × 70 cl at 40 % and 1800 €/hlap = 10.08 €',
      order([
        bottle(20, 2, {
          chosenFormat: { id: 1, unityValue: 0.7 },
          chosenVintage: { id: 1, legal: { da: 1800, typeDA: 'hlap' }, advanced: { alcool: { value: 40 } } },
        }),
      ]),
      { duties: 1008, totalHT: 5008 },
    ],
    [
      'duties already included in the shop price are not added again',
      order([
        bottle(10, 12, { chosenVintage: { id: 1, legal: { da: 4.05, typeDA: 'hl', customTaxAmountPerHL: 10, dutiesIncluded: true } } }),
      ]),
      { duties: 0, totalHT: 12000, tva: 2400, totalTTC: 14400 },
    ],
    [
      'duty per hl and degree (beer): 24 × 33 cl at 5 % and 7.69 €/hl/° = 3.05 €',
      order([
        bottle(2, 24, {
          chosenFormat: { id: 1, unityValue: 0.33 },
          chosenVintage: { id: 1, legal: { da: 7.69, typeDA: 'hlabv' }, advanced: { alcool: { value: 5 } } },
        }),
      ]),
      { duties: 305, totalHT: 5105 },
    ],
    [
      'wrapping 2.50 € per unit',
      order([bottle(10, 2, { isWrapped: true, wrappingPrice: 2.5 })]),
      { wrapping: 500, totalHT: 2500, totalTTC: 3000 },
    ],
    ['loyalty line is offered', order([bottle(10, 2, { isFromFidelity: true }), bottle(10, 1)]), { totalHT: 1000, totalTTC: 1200 }],
    [
      'delivery type 9.90 € + 1 extra package (13 bottles)',
      order([bottle(10, 13)], { shipping: { type: 'colissimo', price: 9.9 } }),
      { shipping: 1690, nbrPackages: 2, totalHT: 14690, tva: 2938, totalTTC: 17628 },
    ],
    [
      '12 bottles = one package, no surcharge',
      order([bottle(10, 12)], { shipping: { type: 'colissimo', price: 9.9 } }),
      { shipping: 990, nbrPackages: 1 },
    ],
    [
      'collection point 3 € without VAT',
      order([bottle(10, 1)], { shipping: { collectionPoint: { id: 1, price: 3 }, price: 3, noVAT: true } }),
      { shipping: 300, totalHT: 1300, tva: 200, totalTTC: 1500 },
    ],
    [
      'franco by quantity reached → free shipping',
      order([bottle(10, 12)], { shipping: { type: 'colissimo', price: 9.9, franco: { quantity: 12 } } }),
      { shipping: 0, totalTTC: 14400 },
    ],
    [
      'franco of 12 bottles in 75 cl equivalents: 6 magnums reach it (one package of 6 bottles, shipping free)',
      order([bottle(20, 6, { chosenFormat: { id: 1, unityValue: 1.5 } })], {
        shipping: { type: 'colissimo', price: 9.9, franco: { quantity: 12 } },
      }),
      { shipping: 0, nbrPackages: 1, totalHT: 12000 },
      { rulesInEq75: true },
    ],
    [
      'same 6 magnums counted in bottles: the franco is not reached',
      order([bottle(20, 6, { chosenFormat: { id: 1, unityValue: 1.5 } })], {
        shipping: { type: 'colissimo', price: 9.9, franco: { quantity: 12 } },
      }),
      { shipping: 990, nbrPackages: 1 },
    ],
  ])('%s', (...args) => {
    // (rest parameters: a 4-parameter callback would be taken for jest's `done` form)
    const [, o, expected, options] = args;
    const r = priceOrder(o, options);
    expect(r.price).toMatchObject(expected);
    expect(r.price.totalTTC).toBe(r.price.totalHT + r.price.tva + r.price.touristTax);
  });

  it('the bottles still missing for the franco count as the franco does: 4 magnums of 12 equivalents leave 4, not 8', () => {
    const magnums = order([bottle(20, 4, { chosenFormat: { id: 1, unityValue: 1.5 } })], {
      shipping: { type: 'colissimo', price: 9.9, franco: { quantity: 12 } },
    });
    // 4 magnums = 8 bottles of 75 cl: 12 − 8 = 4 under the 75 cl rule; 12 − 4 = 8 counted in bottles
    expect(priceOrder(magnums, { rulesInEq75: true })).toMatchObject({ franco: false, francoPercent: 66, amountBeforeBottleFranco: 4 });
    expect(priceOrder(magnums)).toMatchObject({ franco: false, francoPercent: 33, amountBeforeBottleFranco: 8 });
  });

  it('free units from discountAdd count for packages and duties, not for the price', () => {
    const r = priceOrder(
      order(
        [bottle(10, 12, { chosenFormat: { id: 1, discountAdd: { 12: 1 } }, chosenVintage: { id: 1, legal: { da: 100, typeDA: 'hl' } } })],
        { shipping: { type: 'x', price: 0 } },
      ),
    );
    expect(r.lines[0]).toMatchObject({ addQuantity: 1, grossHT: 12000 });
    expect(r.price.nbrPackages).toBe(2); // 13 bottles
    expect(r.price.duties).toBe(975); // 13 × 0.0075 hl × 100 €
    expect(r.price.shipping).toBe(700);
  });

  it.each<
    [
      string,
      CartOrder,
      {
        franco: boolean;
        francoPercent: number;
        amountBeforeFranco: number | null;
        amountBeforeBottleFranco: number | null;
        shipping: number;
      },
    ]
  >([
    [
      'quantity threshold half reached',
      order([bottle(10, 6)], { shipping: { type: 'c', price: 9.9, franco: { quantity: 12 } } }),
      { franco: false, francoPercent: 50, amountBeforeFranco: null, amountBeforeBottleFranco: 6, shipping: 990 },
    ],
    [
      'amount threshold 100 € TTC with 72 € of products',
      order([bottle(10, 6)], { shipping: { type: 'c', price: 9.9, franco: { amount: 100 } } }),
      { franco: false, francoPercent: 72, amountBeforeFranco: 2800, amountBeforeBottleFranco: null, shipping: 990 },
    ],
    [
      'amount threshold reached',
      order([bottle(10, 9)], { shipping: { type: 'c', price: 9.9, franco: { amount: 100 } } }),
      { franco: true, francoPercent: 100, amountBeforeFranco: 0, amountBeforeBottleFranco: null, shipping: 0 },
    ],
    [
      'no threshold',
      order([bottle(10, 6)], { shipping: { type: 'c', price: 9.9 } }),
      { franco: false, francoPercent: 0, amountBeforeFranco: null, amountBeforeBottleFranco: null, shipping: 990 },
    ],
  ])('franco: %s', (_name, o, exp) => {
    const r = priceOrder(o);
    expect({
      franco: r.franco,
      francoPercent: r.francoPercent,
      amountBeforeFranco: r.amountBeforeFranco,
      amountBeforeBottleFranco: r.amountBeforeBottleFranco,
      shipping: r.price.shipping,
    }).toEqual(exp);
  });

  it('reservations: places and options TTC, tourist tax apart without VAT', () => {
    const resa: CartReservation = {
      eventId: 1,
      selectedSlot: { id: 1, start: 'a', end: 'b' },
      selectedPrices: [
        { name: 'Adulte', quantity: 2, priceTTC: 15 },
        { name: 'Plateau', quantity: 1, priceTTC: 8, notCounting: true },
        { name: 'Taxe', quantity: 2, priceTTC: 1.5, productType: 'touristTax' },
      ],
      totalQuantity: 2,
      optionalQuantities: 1,
      taxQuantities: 2,
    };
    const r = priceOrder(order([], { reservations: [resa] }));
    // 38 € TTC → HT round(3800 / 1.2) = 3167, VAT 633; tourist tax 2 × 1.50 €
    expect(r.price).toMatchObject({ reservationsTTC: 3800, totalHT: 3167, tva: 633, touristTax: 300, totalTTC: 4100 });
  });

  it('cart totals sum the sellers', () => {
    const res = priceCart([order([bottle(10, 1)]), order([bottle(5, 2)], { seller: { id: 2 } })]);
    expect(res.map((r) => r.sellerId)).toEqual([1, 2]);
    expect(cartTotals(res)).toEqual({ totalTTC: 2400, touristTax: 0, totalHT: 2000, tva: 400 });
  });

  it('vatOf rounds half away from zero once', () => {
    expect(vatOf(333, 5.5)).toBe(18);
    expect(vatOf(10, 5)).toBe(1); // 0.5 → 1
    expect(vatOf(1000, 0)).toBe(0);
  });
});

// ---------------------------------------------------------------- properties

const arbVat = fc.constantFrom('standard' as const, 'medium' as const, 'reduced' as const);
const arbPlainLine = fc.record({
  price: fc.integer({ min: 0, max: 50000 }).map((c) => c / 100),
  quantity: fc.integer({ min: 1, max: 40 }),
  vatType: arbVat,
  litres: fc.constantFrom(0.375, 0.75, 1.5),
  da: fc.constantFrom(0, 4.05, 1800),
  wrapped: fc.boolean(),
});
const arbLine = fc.record({
  plain: arbPlainLine,
  tiers: fc.option(fc.constant({ 6: 9, 12: 7.5 }), { nil: null }),
  promo: fc.option(
    fc.record({
      type: fc.constantFrom('%' as const, '€' as const),
      amount: fc.integer({ min: 0, max: 120 }),
      activation: fc.constantFrom('always' as const, 'minProduct' as const, 'minPriceOrder' as const),
      threshold: fc.integer({ min: 0, max: 200 }),
    }),
    { nil: null },
  ),
});
const toProduct = (
  l: {
    plain: { price: number; quantity: number; vatType: 'standard' | 'medium' | 'reduced'; litres: number; da: number; wrapped: boolean };
    tiers?: Record<number, number> | null;
    promo?: { type: '%' | '€'; amount: number; activation: 'always' | 'minProduct' | 'minPriceOrder'; threshold: number } | null;
  },
  i: number,
): CartProduct => ({
  idTmp: `p${i}`,
  id: i,
  productType: 'bottle',
  quantity: l.plain.quantity,
  vatType: l.plain.vatType,
  isWrapped: l.plain.wrapped,
  wrappingPrice: 1.2,
  chosenFormat: {
    id: 1,
    price: l.plain.price,
    unityValue: l.plain.litres,
    discountPrice: l.tiers ?? null,
    promotions: l.promo ? [l.promo] : [],
  },
  chosenVintage: { id: 1, legal: { da: l.plain.da, typeDA: 'hl', customTaxAmountPerHL: 1.73 } },
});
const arbShipping = fc.constantFrom(
  null,
  { type: 'colissimo', price: 9.9 },
  { collectionPoint: { id: 1, price: 3 }, price: 3, noVAT: true },
);

describe('price engine: properties', () => {
  it('totals are never negative and TTC = HT + VAT + tourist tax', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 8 }), arbShipping, fc.boolean(), (lines, shipping, global) => {
        const r = priceOrder(order(lines.map(toProduct), { shipping }), { globalDiscount: global });
        for (const v of [
          r.price.totalHT,
          r.price.tva,
          r.price.totalTTC,
          r.price.shipping,
          r.price.promoAmount,
          ...r.lines.map((l) => l.totalHT),
        ])
          expect(v).toBeGreaterThanOrEqual(0);
        expect(r.price.totalTTC).toBe(r.price.totalHT + r.price.tva + r.price.touristTax);
        for (const v of Object.values(r.price)) if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('line order does not change the totals', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 8 }).chain((ls) =>
          fc.tuple(
            fc.constant(ls),
            fc.shuffledSubarray(
              ls.map((_, i) => i),
              { minLength: ls.length, maxLength: ls.length },
            ),
          ),
        ),
        arbShipping,
        ([lines, perm], shipping) => {
          const products = lines.map(toProduct);
          const a = priceOrder(order(products, { shipping }));
          const b = priceOrder(
            order(
              perm.map((i) => products[i]),
              { shipping },
            ),
          );
          expect(b.price).toEqual(a.price);
        },
      ),
    );
  });

  it('HT × VAT = TTC within the rounding rule (half a cent per VAT rate)', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 8 }), arbShipping, (lines, shipping) => {
        const r = priceOrder(order(lines.map(toProduct), { shipping }));
        for (const [rate, { ht, tva }] of Object.entries(r.price.vatByRate))
          expect(Math.abs(ht + tva - (ht * (100 + Number(rate))) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });

  it('adding a bottle never lowers the TTC without a tier, promotion or franco', () => {
    fc.assert(
      fc.property(fc.array(arbPlainLine, { minLength: 1, maxLength: 8 }), fc.nat(), arbShipping, (plain, pick, shipping) => {
        const products = plain.map((p, i) => toProduct({ plain: p }, i));
        const before = priceOrder(order(products, { shipping })).price.totalTTC;
        const k = pick % products.length;
        const after = priceOrder(
          order(
            products.map((p, i) => (i === k ? { ...p, quantity: p.quantity + 1 } : p)),
            { shipping },
          ),
        ).price.totalTTC;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});

import fc from 'fast-check';
import { priceOrder, vatOf } from './engine';
import { exactAllocationExists } from './exact-allocation.test-support';
import type { CartOrder, CartProduct } from '../cart';

/** A loyalty offer in the price engine: after the promotion code, spread the same way, totals add up. */
const line = (idTmp: string, price: number, quantity: number, over: Partial<CartProduct> = {}): CartProduct => ({
  idTmp,
  id: 1,
  productType: 'accessory',
  quantity,
  ...over,
  chosenFormat: { id: 1, price, ...(over.chosenFormat ?? {}) },
});
const order = (products: CartProduct[]): CartOrder => ({ seller: { id: 1 }, products, reservations: [] });
const applied = { levelIndex: 1, levelName: 'Or', offerIndex: 0, pointsToLose: 300 };

describe('loyalty offer in the engine', () => {
  it('takes a discount off after the promotion code and reports each apart', () => {
    // 2 × 50 € HT at 20 % = 120 € TTC; code −12 € TTC; loyalty −15 € TTC
    const r = priceOrder(order([line('a', 50, 2)]), {
      promoCode: { code: 'DIX', amount: 1200 },
      loyalty: { discount: { code: 'loyalty:Or', amount: 1500 }, applied },
    });
    expect(r.price.promoCode!.amount).toBe(1200);
    expect(r.price.loyalty).toEqual({ ...applied, amount: 1500, amountHT: 1250 });
    expect(r.price.totalTTC).toBe(12000 - 1200 - 1500);
    expect(r.price.totalTTC).toBe(r.price.totalHT + r.price.tva);
    for (const [rate, { ht, tva }] of Object.entries(r.price.vatByRate)) expect(tva).toBe(vatOf(ht, Number(rate)));
  });

  it('an offer of products carries no amount: its lines are free, the others untouched', () => {
    const r = priceOrder(order([line('a', 10, 1), line('f', 30, 2, { isFromFidelity: true })]), {
      loyalty: { discount: null, applied },
    });
    expect(r.lines.map((l) => l.totalHT)).toEqual([1000, 0]);
    expect(r.price.loyalty).toEqual({ ...applied, amount: 0, amountHT: 0 });
    expect(r.price.totalTTC).toBe(1200);
  });

  it('never takes more than the goods (a 15 € offer on a 6 € order leaves 0)', () => {
    const r = priceOrder(order([line('a', 5, 1)]), { loyalty: { discount: { code: 'l', amount: 1500 }, applied } });
    expect(r.price.totalTTC).toBe(0);
    expect(r.price.loyalty!.amount).toBe(600);
  });

  it('without an offer the price carries no loyalty', () => {
    expect(priceOrder(order([line('a', 5, 1)])).price).not.toHaveProperty('loyalty');
  });
});

describe('loyalty offer after a promotion code', () => {
  it('property: each takes exactly its amount off the total TTC (or the one unreachable cent), the sum adds up', () => {
    const arbLine = fc.record({
      price: fc.integer({ min: 1, max: 20000 }).map((c) => c / 100),
      quantity: fc.integer({ min: 1, max: 24 }),
      vatType: fc.constantFrom('standard' as const, 'medium' as const, 'reduced' as const),
    });
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100000 }),
        fc.integer({ min: 0, max: 100000 }),
        (ls, codeAmount, loyaltyAmount) => {
          const products = ls.map((l, i) => line(`l${i}`, l.price, l.quantity, { vatType: l.vatType }));
          const idTmps = products.map((p) => p.idTmp);
          const o = order(products);
          const promoCode = { code: 'P', amount: codeAmount };
          const before = priceOrder(o);
          const afterCode = priceOrder(o, { promoCode });
          const r = priceOrder(o, { promoCode, loyalty: { discount: { code: 'l', amount: loyaltyAmount }, applied } });
          expect(r.price.promoCode!.amount).toBe(afterCode.price.promoCode!.amount);
          expect(r.price.loyalty!.amount).toBe(afterCode.price.totalTTC - r.price.totalTTC);
          expect(r.price.promoCode!.amount + r.price.loyalty!.amount).toBe(before.price.totalTTC - r.price.totalTTC);
          expect(r.price.totalTTC).toBe(r.price.totalHT + r.price.tva);
          const saved = r.price.loyalty!.amount;
          if (r.lines.every((l) => l.totalHT === 0)) expect(saved).toBeLessThanOrEqual(loyaltyAmount);
          else if (saved !== loyaltyAmount) {
            expect(saved).toBe(loyaltyAmount - 1);
            expect(exactAllocationExists(o, idTmps, loyaltyAmount, { promoCode })).toBe(false);
          }
        },
      ),
    );
  });
});

import { priceOrder, vatOf } from './engine';
import type { CartOrder, CartProduct } from '../cart';

/** A loyalty offer in the price engine (issue 18): after the promotion code, spread the same way, totals add up. */
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

import fc from 'fast-check';
import { priceOrder, vatOf } from './engine';
import type { CartOrder, CartProduct } from '../cart';

/** The promotion code in the price engine (issue 18): spread over the eligible lines, VAT right per rate. */
const line = (idTmp: string, price: number, quantity: number, over: Partial<CartProduct> = {}): CartProduct => ({
  idTmp,
  id: 1,
  productType: 'accessory',
  quantity,
  ...over,
  chosenFormat: { id: 1, price, ...(over.chosenFormat ?? {}) },
});
const order = (products: CartProduct[], over: Partial<CartOrder> = {}): CartOrder => ({
  seller: { id: 1 },
  products,
  reservations: [],
  ...over,
});

describe('promotion code in the engine', () => {
  it('takes 10 % of 36 € TTC off one 20 % line: 3,60 € TTC, 3,00 € HT, and the totals add up', () => {
    const r = priceOrder(order([line('a', 10, 3)]), { promoCode: { code: 'DIX', amount: 360 } });
    expect(r.price).toMatchObject({ totalHT: 2700, tva: 540, totalTTC: 3240, promoAmount: 300 });
    expect(r.price.promoCode).toEqual({ code: 'DIX', amount: 360, amountHT: 300, freeShipping: false });
    expect(r.lines[0]).toMatchObject({ promoAmount: 300, totalHT: 2700 });
  });

  it('spreads over two VAT rates in proportion to their TTC, HT + TVA = TTC per rate', () => {
    // 20 % line 100 € HT (120 TTC), 5,5 % line 100 € HT (105,50 TTC): 22,55 € TTC off
    const r = priceOrder(order([line('a', 100, 1), line('b', 100, 1, { vatType: 'reduced' })]), {
      promoCode: { code: 'X', amount: 2255 },
    });
    const [a, b] = r.lines;
    // 2255 × 12000 / 22550 = 1200 TTC → 1000 HT; 2255 × 10550 / 22550 = 1055 TTC → 1000 HT
    expect([a.promoAmount, b.promoAmount]).toEqual([1000, 1000]);
    expect(r.price.totalTTC).toBe(r.price.totalHT + r.price.tva);
    for (const [rate, { ht, tva }] of Object.entries(r.price.vatByRate)) expect(tva).toBe(vatOf(ht, Number(rate)));
    expect(r.price.promoCode!.amount).toBe(2255);
    expect(r.price.totalTTC).toBe(12000 + 10550 - 2255);
  });

  it('only touches the eligible lines and never more than their amount', () => {
    const r = priceOrder(order([line('a', 10, 1), line('b', 50, 1)]), { promoCode: { code: 'X', amount: 100000, idTmps: ['a'] } });
    expect(r.lines.map((l) => l.promoAmount)).toEqual([1000, 0]);
    expect(r.lines[0].totalHT).toBe(0);
    expect(r.price.promoCode!.amount).toBe(1200);
    expect(r.price.totalTTC).toBe(6000);
  });

  it('leaves loyalty lines alone and stacks after the product promotion', () => {
    const r = priceOrder(
      order([
        line('a', 10, 2, { chosenFormat: { id: 1, price: 10, promotions: [{ type: '%', amount: 50 }] } }),
        line('f', 10, 1, { isFromFidelity: true }),
      ]),
      { promoCode: { code: 'X', amount: 600 } },
    );
    // 20 € HT − 50 % = 10 € HT = 12 € TTC; 6 € TTC = 5 € HT off
    expect(r.lines.map((l) => l.promoAmount)).toEqual([1500, 0]);
    expect(r.price.totalTTC).toBe(600);
  });

  it('free shipping: no shipping price, the saving counted in the amount; franco reads the products before the code', () => {
    const shipping = { type: 'colissimo', price: 10, franco: { amount: 100 } };
    const free = priceOrder(order([line('a', 10, 1)], { shipping }), { promoCode: { code: 'PORT', amount: 0, freeShipping: true } });
    expect(free.price.shipping).toBe(0);
    expect(free.price.promoCode).toEqual({ code: 'PORT', amount: 1200, amountHT: 0, freeShipping: true });
    expect(free.price.totalTTC).toBe(1200);
    // 100 € TTC of products reach the franco; 10 % off does not lose it
    const franco = priceOrder(order([line('a', 100 / 1.2, 1)], { shipping }), { promoCode: { code: 'X', amount: 1000 } });
    expect(franco.franco).toBe(true);
    expect(franco.price.shipping).toBe(0);
  });

  it('property: HT + TVA = TTC, VAT per rate from its HT, discount ≤ eligible, saved within a cent per rate of the amount', () => {
    const arbLine = fc.record({
      price: fc.integer({ min: 1, max: 20000 }).map((c) => c / 100),
      quantity: fc.integer({ min: 1, max: 24 }),
      vatType: fc.constantFrom('standard' as const, 'medium' as const, 'reduced' as const),
      eligible: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 500000 }), (ls, amount) => {
        const products = ls.map((l, i) => line(`l${i}`, l.price, l.quantity, { vatType: l.vatType }));
        const idTmps = ls.flatMap((l, i) => (l.eligible ? [`l${i}`] : []));
        const before = priceOrder(order(products));
        const r = priceOrder(order(products), { promoCode: { code: 'P', amount, idTmps } });
        expect(r.price.totalTTC).toBe(r.price.totalHT + r.price.tva);
        for (const [rate, { ht, tva }] of Object.entries(r.price.vatByRate)) expect(tva).toBe(vatOf(ht, Number(rate)));
        r.lines.forEach((l, i) => {
          expect(l.totalHT).toBeGreaterThanOrEqual(0);
          if (!ls[i].eligible) expect(l).toEqual(before.lines[i]);
        });
        const eligibleTTC = before.lines.filter((_, i) => ls[i].eligible).reduce((n, l) => n + l.totalHT + vatOf(l.totalHT, l.vatRate), 0);
        const asked = Math.min(amount, eligibleTTC);
        const saved = r.price.promoCode!.amount;
        expect(saved).toBe(before.price.totalTTC - r.price.totalTTC);
        expect(saved).toBeLessThanOrEqual(eligibleTTC + 3);
        expect(Math.abs(saved - asked)).toBeLessThanOrEqual(3);
      }),
    );
  });
});

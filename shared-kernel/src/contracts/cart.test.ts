import { cartPriceResponseSchema } from './cart';
import { priceCart } from '../domain/pricing';

describe('cart price contract', () => {
  it('the shared engine result satisfies the get-cart-price response schema', () => {
    const res = priceCart([
      {
        seller: { id: 1 },
        products: [{ idTmp: 'a', id: 1, productType: 'bottle', quantity: 13, chosenFormat: { id: 1, price: 9.99 } }],
        reservations: [],
        shipping: { type: 'x', price: 5, franco: { amount: 500 } },
      },
    ]);
    expect(cartPriceResponseSchema.safeParse(res).success).toBe(true);
  });
  it('rejects euros given as floats', () => {
    expect(
      cartPriceResponseSchema.safeParse([
        {
          sellerId: 1,
          price: { totalHT: 1.5, tva: 0, totalTTC: 0, shipping: 0, promoAmount: 0, touristTax: 0 },
          franco: false,
          francoPercent: 0,
          amountBeforeFranco: null,
          amountBeforeBottleFranco: null,
        },
      ]).success,
    ).toBe(false);
  });
});

import { addProduct, cartItemCount, emptyCart, removeProduct, type Cart, type CartProduct } from './cart';

const now = new Date('2025-03-01T10:00:00Z');
const seller1 = { id: 1 };
const seller2 = { id: 2 };
const wine = (over: Partial<CartProduct> = {}): CartProduct => ({
  idTmp: 'a',
  id: 10,
  productType: 'bottle',
  quantity: 1,
  chosenFormat: { id: 100 },
  ...over,
});

describe('cart products', () => {
  it('creates an order for a new seller', () => {
    const cart = addProduct(emptyCart(), seller1, wine({ quantity: 2 }), now);
    expect(cart.orders).toHaveLength(1);
    expect(cart.orders[0]).toMatchObject({ seller: seller1, products: [{ id: 10, quantity: 2 }], reservations: [] });
    expect(cart.lastUpdated).toBe(now.toISOString());
  });
  it('increments the same product with the same loyalty origin', () => {
    let cart = addProduct(emptyCart(), seller1, wine(), now);
    cart = addProduct(cart, seller1, wine({ idTmp: 'b', quantity: 3 }), now);
    expect(cart.orders[0].products).toHaveLength(1);
    expect(cart.orders[0].products[0].quantity).toBe(4);
  });
  it('appends when the loyalty origin, the format or the product differs', () => {
    let cart = addProduct(emptyCart(), seller1, wine(), now);
    cart = addProduct(cart, seller1, wine({ idTmp: 'b', isFromFidelity: true }), now);
    cart = addProduct(cart, seller1, wine({ idTmp: 'c', chosenFormat: { id: 101 } }), now);
    cart = addProduct(cart, seller1, wine({ idTmp: 'd', id: 11 }), now);
    expect(cart.orders[0].products.map((p) => p.idTmp)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('opens a second order for another seller', () => {
    let cart = addProduct(emptyCart(), seller1, wine(), now);
    cart = addProduct(cart, seller2, wine(), now);
    expect(cart.orders.map((o) => o.seller.id)).toEqual([1, 2]);
  });
  it('does not mutate its input', () => {
    const start = addProduct(emptyCart(), seller1, wine(), now);
    const frozen = JSON.stringify(start);
    addProduct(start, seller1, wine(), now);
    removeProduct(start, 1, 'a', now);
    expect(JSON.stringify(start)).toBe(frozen);
  });
  it('decrements, removes the line at one and drops an empty order', () => {
    let cart = addProduct(emptyCart(), seller1, wine({ quantity: 2 }), now);
    cart = addProduct(cart, seller1, wine({ idTmp: 'b', id: 11 }), now);
    cart = removeProduct(cart, 1, 'a', now);
    expect(cart.orders[0].products.find((p) => p.idTmp === 'a')?.quantity).toBe(1);
    cart = removeProduct(cart, 1, 'a', now);
    expect(cart.orders[0].products.map((p) => p.idTmp)).toEqual(['b']);
    cart = removeProduct(cart, 1, 'b', now);
    expect(cart.orders).toEqual([]);
  });
  it('keeps an order that still has reservations', () => {
    const cart: Cart = {
      lastUpdated: null,
      orders: [
        {
          seller: seller1,
          products: [wine()],
          reservations: [{ eventId: 1, selectedSlot: { id: 1, start: 's', end: 'e' }, totalQuantity: 2 }],
        },
      ],
    };
    const after = removeProduct(cart, 1, 'a', now);
    expect(after.orders).toHaveLength(1);
    expect(after.orders[0].products).toEqual([]);
  });
  it('ignores unknown seller or line', () => {
    const cart = addProduct(emptyCart(), seller1, wine(), now);
    expect(removeProduct(cart, 9, 'a', now)).toBe(cart);
    expect(removeProduct(cart, 1, 'zz', now)).toBe(cart);
  });
  it('counts products and reservation places', () => {
    const cart: Cart = {
      lastUpdated: null,
      orders: [
        {
          seller: seller1,
          products: [wine({ quantity: 3 }), wine({ idTmp: 'b', quantity: 2 })],
          reservations: [{ eventId: 1, selectedSlot: { id: 1, start: 's', end: 'e' }, totalQuantity: 4 }],
        },
        { seller: seller2, products: [wine({ quantity: 1 })], reservations: [] },
      ],
    };
    expect(cartItemCount(cart)).toBe(10);
    expect(cartItemCount(emptyCart())).toBe(0);
  });
});

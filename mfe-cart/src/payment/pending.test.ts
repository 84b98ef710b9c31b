/** @jest-environment jsdom */
import type { Cart } from 'shared-kernel/domain';
import { useCart, type CartState } from 'shared-kernel/runtime';
import { removeSellerFromCart, setCartOrderId } from './pending';

const CART: Cart = {
  lastUpdated: null,
  orders: [
    { seller: { id: 1 }, products: [{ idTmp: 'a', id: 1, productType: 'bottle', quantity: 2 }], reservations: [] },
    { seller: { id: 2 }, products: [{ idTmp: 'b', id: 2, productType: 'bottle', quantity: 1 }], reservations: [] },
  ],
};
const actions = { setOrderId: useCart.getState().setOrderId, removeOrder: useCart.getState().removeOrder };

beforeEach(() => useCart.getState().replace(JSON.parse(JSON.stringify(CART)) as Cart));
afterEach(() => {
  jest.restoreAllMocks();
  useCart.setState(actions);
});

describe('the placed / paid order in the cart', () => {
  it("goes through the store's setOrderId and removeOrder (not replace)", () => {
    const replace = jest.spyOn(useCart.getState(), 'replace');
    const setOrderId = jest.spyOn(useCart.getState(), 'setOrderId');
    const removeOrder = jest.spyOn(useCart.getState(), 'removeOrder');
    setCartOrderId(1, 501);
    expect(setOrderId).toHaveBeenCalledWith(1, 501);
    expect(useCart.getState().orders.map((o) => o.id)).toEqual([501, undefined]);
    removeSellerFromCart(1);
    expect(removeOrder).toHaveBeenCalledWith(1);
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('a page whose store predates these actions (older shell build) gets the same transitions', () => {
    useCart.setState({ setOrderId: undefined, removeOrder: undefined } as unknown as Partial<CartState>);
    setCartOrderId(2, 77);
    expect(useCart.getState().orders.map((o) => o.id)).toEqual([undefined, 77]);
    expect(useCart.getState().lastUpdated).not.toBeNull();
    removeSellerFromCart(2);
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([1]);
    removeSellerFromCart(9);
    expect(useCart.getState().orders).toHaveLength(1);
  });
});

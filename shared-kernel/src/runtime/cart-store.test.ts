/** @jest-environment jsdom */
import { configureApi, resetApiConfig } from './api-client';
import { CART_SAVE_DEBOUNCE_MS, CART_STORAGE_KEY, startCartSync, useCart } from './cart-store';
import { useSession } from './session-store';
import type { User } from '../contracts';
import type { Cart } from '../domain/cart';

const buyer: User = { id: 5, username: 'buyer', email: 'buyer@demo.test', role: 'buyer', shops: [] };
const wine = (idTmp: string, quantity = 1) => ({
  idTmp,
  id: 10,
  productType: 'bottle' as const,
  quantity,
  chosenFormat: { id: 1, price: 10 },
});
const serverCart: Cart = {
  orders: [{ seller: { id: 2 }, products: [wine('srv', 4)], reservations: [] }],
  lastUpdated: '2025-01-01T00:00:00.000Z',
};

type Call = { url: string; method: string; body: unknown; keepalive?: boolean };
let calls: Call[];
let routes: Record<string, { status: number; body?: unknown }>;
let stop: () => void = () => undefined;

beforeEach(() => {
  jest.useFakeTimers();
  calls = [];
  routes = {};
  resetApiConfig();
  configureApi({
    fetch: (async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined, keepalive: init.keepalive });
      const r = routes[`${method} ${url}`] ?? { status: 200, body: { success: true } };
      const text = r.body === undefined ? '' : JSON.stringify(r.body);
      return { status: r.status, ok: r.status < 400, text: async () => text } as Response;
    }) as typeof fetch,
  });
  useSession.getState().logout();
  useCart.getState().replace({ orders: [], lastUpdated: null });
});
afterEach(() => {
  stop();
  jest.useRealTimers();
});
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('cart store transitions', () => {
  it('uses the pure transitions and persists under wz-cart (zustand persist v1)', () => {
    const s = useCart.getState();
    s.addProduct({ id: 1 }, wine('a', 2));
    s.addReservation(
      { id: 1 },
      { eventId: 3, selectedSlot: { id: 1, start: 'x', end: 'y' }, selectedPrices: [{ quantity: 2, priceTTC: 10 }], totalQuantity: 0 },
    );
    s.setDeliveryType(1, { type: 'colissimo', price: 9.9 });
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
    expect(stored.version).toBe(1);
    expect(stored.state.orders[0]).toMatchObject({
      products: [{ idTmp: 'a', quantity: 2 }],
      reservations: [{ totalQuantity: 2 }],
      shipping: { type: 'colissimo', price: 9.9 },
    });
    s.removeProduct(1, 'a');
    expect(useCart.getState().orders[0].products[0].quantity).toBe(1);
  });

  it('empty() clears, aborts orders with an id and ignores a 404', async () => {
    useCart.getState().replace({
      orders: [
        { id: 7, seller: { id: 1 }, products: [wine('a')], reservations: [] },
        { id: 8, seller: { id: 2 }, products: [wine('b')], reservations: [] },
        { seller: { id: 3 }, products: [wine('c')], reservations: [] },
      ],
      lastUpdated: null,
    });
    routes['PUT /v1/orders/8/aborted-cart'] = { status: 404, body: { success: false, message: 'Not found' } };
    await expect(useCart.getState().empty()).resolves.toEqual([7, 8]);
    expect(useCart.getState().orders).toEqual([]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /v1/orders/7/aborted-cart', 'PUT /v1/orders/8/aborted-cart']);
  });

  it('setOrderId / removeOrder: the placed order id on one seller, then that order leaves the cart', () => {
    useCart.getState().replace({
      orders: [
        { seller: { id: 1 }, products: [wine('a')], reservations: [] },
        { seller: { id: 2 }, products: [wine('b')], reservations: [] },
      ],
      lastUpdated: null,
    });
    const other = useCart.getState().orders[1];
    useCart.getState().setOrderId(1, 501);
    expect(useCart.getState().orders.map((o) => o.id)).toEqual([501, undefined]);
    expect(useCart.getState().orders[1]).toBe(other);
    expect(useCart.getState().lastUpdated).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.orders[0].id).toBe(501);
    const before = useCart.getState().orders;
    useCart.getState().setOrderId(1, 501);
    useCart.getState().removeOrder(99);
    expect(useCart.getState().orders).toBe(before);
    useCart.getState().removeOrder(1);
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
    expect(useCart.getState().orders[0]).toBe(other);
  });
});

describe('cart store loyalty actions', () => {
  it("setLoyaltyData / addLoyaltyProduct: offered units up to the offer's cap, saved; resetLoyalty takes them away", () => {
    useCart.getState().replace({ orders: [{ seller: { id: 1 }, products: [wine('a')], reservations: [] }], lastUpdated: null });
    const s = useCart.getState();
    s.addLoyaltyProduct(1, wine('g'));
    expect(useCart.getState().orders[0].products).toHaveLength(1); // no products offer chosen yet
    s.setLoyaltyData(1, { selectedLevel: 0, selectedDiscount: 1, pointsToLose: 200, offerKind: 'products', maxProducts: 1 });
    s.addLoyaltyProduct(1, wine('g'));
    s.addLoyaltyProduct(1, wine('h'));
    const order = useCart.getState().orders[0];
    expect(order.products.map((p) => [p.idTmp, p.quantity, !!p.isFromFidelity])).toEqual([
      ['a', 1, false],
      ['g', 1, true],
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.orders[0].loyaltyData).toMatchObject({
      selectedLevel: 0,
      selectedDiscount: 1,
      pointsToLose: 200,
    });
    s.resetLoyalty(1);
    expect(useCart.getState().orders[0]).toMatchObject({ loyaltyData: null, products: [{ idTmp: 'a' }] });
  });
});

describe('cart server sync', () => {
  it('anonymous: changes stay local, nothing is sent', async () => {
    stop = startCartSync();
    useCart.getState().addProduct({ id: 1 }, wine('a'));
    jest.advanceTimersByTime(5000);
    await flush();
    expect(calls).toEqual([]);
  });

  it('logged in: saves once, 1000 ms after the last change, with message false', async () => {
    useSession.getState().setLogin({ user: buyer, jwt: 'tok', masterAccount: null });
    useCart.getState().addProduct({ id: 1 }, wine('a')); // local cart present → no server load
    stop = startCartSync();
    await flush();
    calls = [];
    useCart.getState().addProduct({ id: 1 }, wine('b'));
    jest.advanceTimersByTime(CART_SAVE_DEBOUNCE_MS - 1);
    useCart.getState().addProduct({ id: 1 }, wine('b'));
    jest.advanceTimersByTime(CART_SAVE_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(1);
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/v1/users/me',
      method: 'PUT',
      body: { message: false, cart: { orders: [{ products: [{ idTmp: 'a', quantity: 3 }] }] } },
    });
  });

  it('a change still waiting for its debounce is sent at once, with keepalive, when the page is hidden', async () => {
    useSession.getState().setLogin({ user: buyer, jwt: 'tok', masterAccount: null });
    useCart.getState().addProduct({ id: 1 }, wine('a'));
    stop = startCartSync();
    await flush();
    calls = [];
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual([]); // nothing pending: nothing sent
    useCart.getState().addProduct({ id: 1 }, wine('a'));
    window.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/v1/users/me',
      keepalive: true,
      body: { cart: { orders: [{ products: [{ quantity: 2 }] }] } },
    });
    jest.advanceTimersByTime(CART_SAVE_DEBOUNCE_MS * 2);
    await flush();
    expect(calls).toHaveLength(1); // the debounced save was replaced, not sent twice
  });

  it('a logged-in user without a local cart gets the server cart (and does not save it back)', async () => {
    routes['GET /v1/users/me'] = { status: 200, body: { ...buyer, cart: serverCart } };
    stop = startCartSync();
    useSession.getState().setLogin({ user: buyer, jwt: 'tok', masterAccount: null });
    await flush();
    expect(useCart.getState().orders).toEqual(serverCart.orders);
    jest.advanceTimersByTime(2000);
    await flush();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('a local anonymous cart is kept at login (not replaced by the server cart)', async () => {
    routes['GET /v1/users/me'] = { status: 200, body: { ...buyer, cart: serverCart } };
    stop = startCartSync();
    useCart.getState().addProduct({ id: 1 }, wine('local'));
    useSession.getState().setLogin({ user: buyer, jwt: 'tok', masterAccount: null });
    await flush();
    expect(useCart.getState().orders[0].products[0].idTmp).toBe('local');
    expect(calls.filter((c) => c.method === 'GET')).toEqual([]);
  });

  it('logout empties the local cart without saving', async () => {
    useSession.getState().setLogin({ user: buyer, jwt: 'tok', masterAccount: null });
    useCart.getState().addProduct({ id: 1 }, wine('a'));
    stop = startCartSync();
    await flush();
    calls = [];
    useSession.getState().logout();
    jest.advanceTimersByTime(2000);
    await flush();
    expect(useCart.getState().orders).toEqual([]);
    expect(calls).toEqual([]);
  });
});

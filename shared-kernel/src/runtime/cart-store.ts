import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  addLoyaltyProduct,
  addProduct,
  addReservation,
  cartItemCount,
  clearCart,
  emptyCart,
  removeOrder,
  removeProduct,
  removeReservation,
  resetDelivery,
  resetLoyalty,
  setCollectionPoint,
  setDeliveryType,
  setLoyaltyData,
  setOrderId,
  setPromoCode,
  type Cart,
  type CartOrder,
  type CartProduct,
  type CartReservation,
  type CartSeller,
  type CollectionPoint,
  type DeliveryChoice,
  type LoyaltySelection,
} from '../domain/cart';
import { api, ApiError } from './api-client';
import { bus } from './bus';
import { getSession } from './session-store';
import { singleton } from './singleton';
import { browserStorage } from './storage';

export const CART_STORAGE_KEY = 'wz-cart';
/** Spec §9: logged-in cart changes are saved after this debounce. */
export const CART_SAVE_DEBOUNCE_MS = 1000;

export interface CartState extends Cart {
  addProduct(seller: CartSeller, product: CartProduct): void;
  removeProduct(sellerId: number, idTmp: string): void;
  addReservation(seller: CartSeller, reservation: CartReservation): void;
  removeReservation(sellerId: number, reservation: CartReservation): void;
  setDeliveryType(sellerId: number, delivery: DeliveryChoice): void;
  setCollectionPoint(sellerId: number, point: CollectionPoint): void;
  resetDelivery(sellerId: number): void;
  resetLoyalty(sellerId: number): void;
  /** The loyalty offer chosen on the seller's order: another offer drops the previous one's offered lines. */
  setLoyaltyData(sellerId: number, data: LoyaltySelection): void;
  /** One unit of a product offered by the chosen products offer (refused beyond its maxProducts). */
  addLoyaltyProduct(sellerId: number, product: CartProduct): void;
  /** The promotion code of the seller's order (null removes it); the server's price applies it. */
  setPromoCode(sellerId: number, code: string | null): void;
  /** The placed order's server id on the seller's cart order (same id or unknown seller: no change). */
  setOrderId(sellerId: number, id: number): void;
  /** A paid order leaves the cart (the other sellers' orders stay; no server call). */
  removeOrder(sellerId: number): void;
  /** Replace the whole cart (e.g. the cart saved on the user, loaded after login). */
  replace(cart: Cart): void;
  /** Clear the cart locally (no server call). */
  clear(): void;
  /**
   * Spec §4 'Vider le panier': clears the cart and aborts every order that has an id
   * (`PUT /v1/orders/{id}/aborted-cart`; a 404 is ignored). Resolves with the aborted ids.
   */
  empty(): Promise<number[]>;
}

function createCartStore() {
  return create<CartState>()(
    persist(
      (set, get) => ({
        ...emptyCart(),
        addProduct: (seller, product) => set(addProduct(get(), seller, product)),
        removeProduct: (sellerId, idTmp) => set(removeProduct(get(), sellerId, idTmp)),
        addReservation: (seller, reservation) => set(addReservation(get(), seller, reservation)),
        removeReservation: (sellerId, reservation) => set(removeReservation(get(), sellerId, reservation)),
        setDeliveryType: (sellerId, delivery) => set(setDeliveryType(get(), sellerId, delivery)),
        setCollectionPoint: (sellerId, point) => set(setCollectionPoint(get(), sellerId, point)),
        resetDelivery: (sellerId) => set(resetDelivery(get(), sellerId)),
        resetLoyalty: (sellerId) => set(resetLoyalty(get(), sellerId)),
        setLoyaltyData: (sellerId, data) => set(setLoyaltyData(get(), sellerId, data)),
        addLoyaltyProduct: (sellerId, product) => set(addLoyaltyProduct(get(), sellerId, product)),
        setPromoCode: (sellerId, code) => set(setPromoCode(get(), sellerId, code)),
        setOrderId: (sellerId, id) => set(setOrderId(get(), sellerId, id)),
        removeOrder: (sellerId) => set(removeOrder(get(), sellerId)),
        replace(cart) {
          set({ orders: Array.isArray(cart?.orders) ? cart.orders : [], lastUpdated: cart?.lastUpdated ?? null });
        },
        clear() {
          set({ orders: [], lastUpdated: new Date().toISOString() });
        },
        async empty() {
          const { cart, abortIds } = clearCart(get());
          set(cart);
          await Promise.all(
            abortIds.map((id) =>
              api.put(`/orders/${id}/aborted-cart`, undefined, { silent: true }).catch((err: unknown) => {
                // The orders api may not know the order (404): the cart is emptied anyway.
                if (!(err instanceof ApiError && err.status === 404)) console.warn('[cart] aborted-cart failed', id, err);
              }),
            ),
          );
          return abortIds;
        },
      }),
      {
        name: CART_STORAGE_KEY,
        version: 1,
        storage: browserStorage(),
        partialize: ({ orders, lastUpdated }) => ({ orders, lastUpdated }),
      },
    ),
  );
}

/** The cart (hook). Anonymous carts persist in localStorage under 'wz-cart'. */
export const useCart = singleton('cart-store', createCartStore);

/** Selector for the cart badge: `useCart(selectItemCount)`. */
export const selectItemCount = (s: { orders: CartOrder[] }): number => cartItemCount(s);
/** Hook form of the badge count. */
export const useCartItemCount = (): number => useCart(selectItemCount);

const isLogged = () => getSession().user !== null && getSession().jwt !== null;
const snapshot = (): Cart => ({ orders: useCart.getState().orders, lastUpdated: useCart.getState().lastUpdated });

/**
 * Server sync of the cart (spec §4), started once by the shell:
 * - logged in, every change is saved after a 1000 ms debounce (`PUT /v1/users/me { cart, message: false }`);
 * - a logged-in user without a local cart gets the server cart (`GET /v1/users/me` → cart), at start
 *   and at login (a local anonymous cart is kept: the login flow saves it over the server cart);
 * - logout empties the local cart (the next visitor of the device does not see it).
 * Returns the stop function; calling it twice returns the running sync's stop.
 */
export function startCartSync(): () => void {
  const state = singleton('cart-sync', () => ({ stop: null as null | (() => void) }));
  if (state.stop) return state.stop;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let applyingServer = false;

  const save = (keepalive = false) => {
    timer = null;
    if (!isLogged()) return;
    void api
      .put('/users/me', { cart: snapshot(), message: false }, { silent: true, keepalive })
      .catch((err: unknown) => console.warn('[cart] save failed', err));
  };
  // A change still waiting for its debounce is sent at once when the page goes away (tab closed, navigation
  // to another site, phone switching apps), so the saved cart never lags behind what the buyer last saw.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    save(true);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const canListen = typeof window !== 'undefined' && typeof document !== 'undefined';
  if (canListen) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
  }
  const loadServerCart = async () => {
    if (!isLogged() || useCart.getState().orders.length > 0) return;
    try {
      const me = await api.get<{ cart?: Cart | null }>('/users/me', { silent: true });
      if (!me?.cart || !Array.isArray(me.cart.orders) || useCart.getState().orders.length > 0) return;
      applyingServer = true;
      useCart.getState().replace(me.cart);
    } catch (err) {
      console.warn('[cart] server cart not loaded', err);
    } finally {
      applyingServer = false;
    }
  };

  const unsubCart = useCart.subscribe((s, prev) => {
    if (s.orders === prev.orders && s.lastUpdated === prev.lastUpdated) return;
    if (applyingServer || !isLogged()) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => save(), CART_SAVE_DEBOUNCE_MS);
  });
  const unsubSession = bus.on('session:changed', ({ user }) => {
    if (user) void loadServerCart();
  });
  const unsubLogout = bus.on('logout', () => {
    if (timer) clearTimeout(timer);
    timer = null;
    applyingServer = true;
    useCart.getState().replace(emptyCart());
    applyingServer = false;
  });
  void loadServerCart();

  state.stop = () => {
    if (timer) clearTimeout(timer);
    unsubCart();
    unsubSession();
    unsubLogout();
    if (canListen) {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    }
    state.stop = null;
  };
  return state.stop;
}

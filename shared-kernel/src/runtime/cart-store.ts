import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { addProduct, cartItemCount, emptyCart, removeProduct, type Cart, type CartOrder, type CartProduct, type CartSeller } from '../domain/cart';
import { singleton } from './singleton';
import { browserStorage } from './storage';

export const CART_STORAGE_KEY = 'wz-cart';

export interface CartState extends Cart {
  addProduct(seller: CartSeller, product: CartProduct): void;
  removeProduct(sellerId: number, idTmp: string): void;
  /** Replace the whole cart (e.g. the cart saved on the user, loaded after login). */
  replace(cart: Cart): void;
  clear(): void;
}

function createCartStore() {
  return create<CartState>()(
    persist(
      (set, get) => ({
        ...emptyCart(),
        addProduct(seller, product) {
          set(addProduct(get(), seller, product));
        },
        removeProduct(sellerId, idTmp) {
          set(removeProduct(get(), sellerId, idTmp));
        },
        replace(cart) {
          set({ orders: cart.orders, lastUpdated: cart.lastUpdated });
        },
        clear() {
          set({ orders: [], lastUpdated: new Date().toISOString() });
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

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LoginResponse, MasterAccount, Shop, User } from '../contracts';
import { bus } from './bus';
import { singleton } from './singleton';
import { browserStorage } from './storage';

export const SESSION_STORAGE_KEY = 'wz-session';

export interface SessionState {
  user: User | null;
  jwt: string | null;
  masterAccount: MasterAccount | null;
  /** The shop of an owner or iam (GET /v1/shops/me); null for other roles. */
  shop: Shop | null;
  /**
   * The producer a sales agent works for when they represent several (sent as `X-Shop-Id`); null: their first one.
   */
  actingShopId: number | null;
  /** Store the login answer (spec §4: a master-account login stores only the master account). */
  setLogin(resp: LoginResponse): void;
  setUser(user: User | null): void;
  setShop(shop: Shop | null): void;
  setActingShop(shopId: number | null): void;
  /** Clear everything. reason 'expired' when the api answered 401. */
  logout(reason?: 'user' | 'expired'): void;
}

const empty = { user: null, jwt: null, masterAccount: null, shop: null, actingShopId: null } as const;

function createSessionStore() {
  return create<SessionState>()(
    persist(
      (set, get) => {
        const changed = () => {
          const { user, masterAccount } = get();
          bus.emit('session:changed', { user, masterAccount });
        };
        return {
          ...empty,
          setLogin(resp) {
            set({
              user: resp.user ?? null,
              jwt: resp.jwt,
              masterAccount: resp.masterAccount ?? null,
              // The shop is fetched after login for owner and iam only; a new login
              // never keeps the previous account's shop, nor the producer it worked for.
              shop: null,
              actingShopId: null,
            });
            changed();
          },
          setUser(user) {
            set({ user });
            changed();
          },
          setShop(shop) {
            set({ shop });
          },
          setActingShop(actingShopId) {
            set({ actingShopId });
          },
          logout(reason = 'user') {
            const wasLogged = get().jwt !== null || get().user !== null || get().masterAccount !== null;
            set({ ...empty });
            if (wasLogged) {
              changed();
              bus.emit('logout', { reason });
            }
          },
        };
      },
      {
        name: SESSION_STORAGE_KEY,
        version: 1,
        storage: browserStorage(),
        partialize: ({ user, jwt, masterAccount, shop, actingShopId }) => ({ user, jwt, masterAccount, shop, actingShopId }),
      },
    ),
  );
}

/** The session store (hook). Use selectors: `useSession((s) => s.user)`. */
export const useSession = singleton('session-store', createSessionStore);

/** Non-hook accessor for code outside React (api client, loaders). */
export function getSession(): SessionState {
  return useSession.getState();
}

/** True when someone is logged in: a user, or a master account choosing its sub-account. */
export function isLoggedIn(state: Pick<SessionState, 'user' | 'masterAccount' | 'jwt'> = getSession()): boolean {
  return state.jwt !== null && (state.user !== null || state.masterAccount !== null);
}

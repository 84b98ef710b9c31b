import { create } from 'zustand';

/** Shell-local UI state (not shared with remotes). */
export type ShopLoad = 'idle' | 'loading' | 'done' | 'error';

export interface ShellUiState {
  /** GET /v1/shops/me progress for owner/iam (the guard waits for it before deciding). */
  shopLoad: ShopLoad;
  notificationsOpen: boolean;
  accountSwitchOpen: boolean;
  /** Mobile/tablet sidebar drawer. */
  drawerOpen: boolean;
  setShopLoad(s: ShopLoad): void;
  setNotificationsOpen(open: boolean): void;
  setAccountSwitchOpen(open: boolean): void;
  setDrawerOpen(open: boolean): void;
}

export const useShellUi = create<ShellUiState>()((set) => ({
  shopLoad: 'idle',
  notificationsOpen: false,
  accountSwitchOpen: false,
  drawerOpen: false,
  setShopLoad: (shopLoad) => set({ shopLoad }),
  setNotificationsOpen: (notificationsOpen) => set({ notificationsOpen }),
  setAccountSwitchOpen: (accountSwitchOpen) => set({ accountSwitchOpen }),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));

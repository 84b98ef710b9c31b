/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { bus, createEventBus } from './bus';
import { CART_STORAGE_KEY, selectItemCount, useCart } from './cart-store';
import { layoutModeFor, useLayoutMode } from './layout-mode';
import { confirmPopup, usePopup } from './popup-store';
import { getSession, isLoggedIn, SESSION_STORAGE_KEY, useSession } from './session-store';
import { notify, SNACKBAR_DURATION_MS, useSnackbars } from './snackbar-store';
import type { MasterAccount, User } from '../contracts';

const user: User = { id: 1, username: 'owner', email: 'owner@demo.test', role: 'owner', shops: [{ id: 1 }] };
const master: MasterAccount = { id: 2, email: 'master@demo.test', username: 'master', subAccounts: [] };

describe('event bus', () => {
  it('delivers to subscribers until they unsubscribe, and isolates failing handlers', () => {
    const b = createEventBus();
    const seen: string[] = [];
    const off = b.on('snackbar', (p) => seen.push(p.text));
    const errSpy = jest.spyOn(console, 'error').mockImplementation(() => {});
    b.on('snackbar', () => {
      throw new Error('boom');
    });
    b.emit('snackbar', { text: 'a' });
    off();
    b.emit('snackbar', { text: 'b' });
    expect(seen).toEqual(['a']);
    expect(errSpy).toHaveBeenCalled();
    errSpy.mockRestore();
  });
  it('supports once and void events', () => {
    const b = createEventBus();
    const fn = jest.fn();
    b.once('cart:open', fn);
    b.emit('cart:open');
    b.emit('cart:open');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(b.listenerCount('cart:open')).toBe(0);
  });
  it('is a page-wide singleton', () => {
    jest.isolateModules(() => {
      // A second copy of the module (as a non-shared remote would load) reuses the same bus.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, outside jest's registry
      const again = require('./bus') as typeof import('./bus');
      expect(again.bus).toBe(bus);
    });
  });
});

describe('session store', () => {
  beforeEach(() => useSession.getState().logout());
  it('stores a login and persists it under wz-session', () => {
    const changes: unknown[] = [];
    const off = bus.on('session:changed', (p) => changes.push(p));
    useSession.getState().setLogin({ user, jwt: 'jwt1', masterAccount: null });
    off();
    expect(getSession()).toMatchObject({ user, jwt: 'jwt1', masterAccount: null, shop: null });
    expect(isLoggedIn()).toBe(true);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).state).toMatchObject({ jwt: 'jwt1', user: { id: 1 } });
    expect(changes).toEqual([{ user, masterAccount: null }]);
  });
  it('stores only the master account on a master login', () => {
    useSession.getState().setLogin({ user: null, jwt: 'm', masterAccount: master });
    expect(getSession()).toMatchObject({ user: null, masterAccount: master, jwt: 'm' });
    expect(isLoggedIn()).toBe(true);
  });
  it('sets shop and user, and logout clears everything and emits logout once', () => {
    const logouts = jest.fn();
    const off = bus.on('logout', logouts);
    useSession.getState().setLogin({ user, jwt: 'x', masterAccount: null });
    useSession.getState().setShop({ id: 1 } as never);
    useSession.getState().setUser({ ...user, username: 'renamed' });
    expect(getSession().shop).toEqual({ id: 1 });
    expect(getSession().user?.username).toBe('renamed');
    useSession.getState().logout();
    useSession.getState().logout();
    off();
    expect(getSession()).toMatchObject({ user: null, jwt: null, masterAccount: null, shop: null });
    expect(logouts).toHaveBeenCalledTimes(1);
    expect(logouts).toHaveBeenCalledWith({ reason: 'user' });
    expect(isLoggedIn()).toBe(false);
  });
});

describe('snackbar store', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useSnackbars.getState().clear();
  });
  afterEach(() => jest.useRealTimers());
  it('pushes, auto-removes after 5 s and closes on demand', () => {
    notify.success('Enregistré');
    const id = notify.error('Erreur');
    expect(useSnackbars.getState().items).toMatchObject([
      { text: 'Enregistré', error: false },
      { text: 'Erreur', error: true },
    ]);
    useSnackbars.getState().close(id);
    expect(useSnackbars.getState().items).toHaveLength(1);
    jest.advanceTimersByTime(SNACKBAR_DURATION_MS - 1);
    expect(useSnackbars.getState().items).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(useSnackbars.getState().items).toHaveLength(0);
  });
  it('listens to the bus', () => {
    bus.emit('snackbar', { text: 'Depuis le bus', error: true });
    expect(useSnackbars.getState().items).toMatchObject([{ text: 'Depuis le bus', error: true }]);
  });
});

describe('popup store', () => {
  it('opens with default buttons and closes', () => {
    usePopup.getState().open({ title: 'Attention !!', content: 'Vous êtes sur le point de vider votre panier' });
    expect(usePopup.getState().popup).toMatchObject({ title: 'Attention !!', okText: 'Ok', cancelText: 'Annuler' });
    usePopup.getState().close();
    expect(usePopup.getState().popup).toBeNull();
  });
  it('confirmPopup resolves with the choice', async () => {
    const yes = confirmPopup({ title: 'Sûr ?' });
    await usePopup.getState().popup!.onOk!();
    await expect(yes).resolves.toBe(true);
    const no = confirmPopup({ title: 'Sûr ?' });
    usePopup.getState().popup!.onCancel!();
    await expect(no).resolves.toBe(false);
  });
});

describe('cart store', () => {
  it('adds, counts, removes, persists under wz-cart and clears', () => {
    const { addProduct, removeProduct, clear } = useCart.getState();
    addProduct({ id: 1 }, { idTmp: 'a', id: 10, productType: 'bottle', quantity: 2 });
    addProduct({ id: 1 }, { idTmp: 'b', id: 10, productType: 'bottle', quantity: 1 });
    expect(selectItemCount(useCart.getState())).toBe(3);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.orders).toHaveLength(1);
    removeProduct(1, 'a');
    expect(selectItemCount(useCart.getState())).toBe(2);
    clear();
    expect(useCart.getState().orders).toEqual([]);
  });
});

describe('layout mode', () => {
  it.each([
    [320, 'mobile'],
    [600, 'mobile'],
    [601, 'tablet'],
    [1280, 'tablet'],
    [1281, 'desktop'],
  ] as const)('%i px → %s', (w, mode) => expect(layoutModeFor(w)).toBe(mode));
  it('follows window resizes', () => {
    window.innerWidth = 1400;
    const { result } = renderHook(() => useLayoutMode());
    expect(result.current).toBe('desktop');
    act(() => {
      window.innerWidth = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe('mobile');
  });
});

import { useEffect, useRef } from 'react';
import { useNavigate } from 'shared-kernel/router';
import type { Shop, User } from 'shared-kernel/contracts';
import { api, bus, useSession } from 'shared-kernel/runtime';
import { useShellUi } from '../app/ui-store';

/** Spec §4 "Auth": the user is fetched on start; owner and iam also fetch their shop. */
export function SessionEffects() {
  const navigate = useNavigate();
  const jwt = useSession((s) => s.jwt);
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const shopLoad = useShellUi((s) => s.shopLoad);
  const setShopLoad = useShellUi((s) => s.setShopLoad);
  const fetchedUserFor = useRef<string | null>(null);

  // Router navigation requested by the api client (401) or by remotes.
  useEffect(
    () =>
      bus.on('navigate', ({ to, replace }) => {
        void navigate(to, { replace: replace ?? false });
      }),
    [navigate],
  );

  // Logout (the cached queries of the previous account are dropped by app/query-client).
  useEffect(() => bus.on('logout', () => setShopLoad('idle')), [setShopLoad]);

  // Fresh user on start (and after a switch) whenever a jwt and a user exist.
  useEffect(() => {
    if (!jwt || !user || fetchedUserFor.current === jwt) return;
    fetchedUserFor.current = jwt;
    api
      .get<User>('/users/me', { silent: true })
      .then((fresh) => {
        if (fresh && typeof fresh === 'object' && useSession.getState().jwt === jwt) useSession.getState().setUser(fresh);
      })
      .catch(() => undefined);
  }, [jwt, user]);

  // Owner/iam: the shop, when missing.
  const role = user?.role;
  const userId = user?.id;
  useEffect(() => {
    if (!jwt || (role !== 'owner' && role !== 'iam')) {
      if (shopLoad !== 'idle' && !jwt) setShopLoad('idle');
      return;
    }
    if (shop) {
      if (shopLoad !== 'done') setShopLoad('done');
      return;
    }
    if (shopLoad === 'loading' || shopLoad === 'error') return;
    setShopLoad('loading');
    api
      .get<Shop>('/shops/me', { silent: true })
      .then((s) => {
        if (useSession.getState().jwt !== jwt) return;
        useSession.getState().setShop(s ?? null);
        setShopLoad(s ? 'done' : 'error');
      })
      .catch(() => setShopLoad('error'));
  }, [jwt, role, userId, shop, shopLoad, setShopLoad]);

  // A new account (switch/login) may retry the shop load.
  const prevUser = useRef(userId);
  useEffect(() => {
    if (prevUser.current !== userId) {
      prevUser.current = userId;
      if (useShellUi.getState().shopLoad === 'error') setShopLoad('idle');
    }
  }, [userId, setShopLoad]);

  return null;
}

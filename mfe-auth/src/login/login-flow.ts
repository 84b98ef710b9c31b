import type { LoginResponse, Shop, User } from 'shared-kernel/contracts';
import { homeFor, safeRedirectLink } from 'shared-kernel/domain';
import { api, getSession, useCart } from 'shared-kernel/runtime';

/** The body of POST /v1/auth/login: the identifier is an email when it contains '@', else a username. */
export function loginBody(identifier: string, password: string) {
  const id = identifier.trim();
  return id.includes('@') ? { email: id, password } : { username: id, password };
}

/** Where to go after a login: the redirectLink when it is safe (spec §2), else the role's home. */
export function afterLoginPath(resp: Pick<LoginResponse, 'user'>, redirectLink: string | null): string {
  return safeRedirectLink(redirectLink) ?? (resp.user ? homeFor(resp.user) : '/dashboard');
}

/**
 * Spec §4 Auth: store the login answer (a master-account login stores only the master account),
 * fetch the shop for owner and iam, and let an anonymous cart kept locally replace the server cart.
 */
export async function completeLogin(resp: LoginResponse): Promise<void> {
  const session = getSession();
  session.setLogin(resp);
  const user: User | null = resp.user;
  if (!user) return;
  if (user.role === 'owner' || user.role === 'iam') {
    const shop = await api.get<Shop>('/shops/me', { silent: true });
    getSession().setShop(shop);
  }
  const localCart = useCart.getState();
  if (user.role === 'buyer' && localCart.orders.length > 0) {
    await api.put(
      '/users/me',
      { cart: { orders: localCart.orders, lastUpdated: localCart.lastUpdated }, message: false },
      { silent: true },
    );
  }
}

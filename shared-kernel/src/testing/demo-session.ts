// The demo accounts of api/src/seed/demo.ts as session users, for component tests.
import type { MasterAccount, Permission, Shop, User } from 'shared-kernel/contracts';
import { useSession } from 'shared-kernel/runtime';

export const DEMO_SHOP: Shop = {
  id: 1,
  code: 'DOMDEM',
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  settings: {
    logStartMonth: 0,
    logStartDay: 1,
    hasTVA: true,
    vatRate: { standard: 20, medium: 10, reduced: 5.5 },
    titleProducts: 'Nos produits',
    allRulesInEq75: false,
  },
  typologies: [
    { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false },
    { id: 'professionnel', name: 'Professionnel', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false },
  ],
  // every module on, as the demo shop
  integration: Object.fromEntries(
    [
      'crm',
      'ups',
      'campaigns',
      'salesPoint',
      'stocks',
      'agents',
      'iam',
      'shop',
      'analytics',
      'reservations',
      'accounting',
      'purchase',
      'futures',
      'iframes',
    ].map((m) => [m, { active: true }]),
  ),
  editedShop: { color: '#7b1e3a', banner: null, logo: null },
  contactEmail: 'contact@domaine-demo.test',
  owner: { id: 2, username: 'Olivier Propriétaire', email: 'owner@demo.test', phone: '+33611223344' },
};

/** The demo iam's authorizations (api seed). */
export const DEMO_IAM_AUTHORIZATIONS: Partial<Record<Permission, boolean>> = {
  seeAllOrder: true,
  createOrder: true,
  seeAllClient: true,
  createClient: true,
};

export const SUPER_ADMIN: User = {
  id: 1,
  username: 'Adèle Administratrice',
  firstname: 'Adèle',
  lastname: 'Administratrice',
  email: 'admin@demo.test',
  role: 'superAdmin',
  shops: [],
};
export const OWNER: User = {
  id: 2,
  username: 'Olivier Propriétaire',
  firstname: 'Olivier',
  lastname: 'Propriétaire',
  email: 'owner@demo.test',
  role: 'owner',
  isPro: true,
  business: { reason: 'SCEA', name: 'Domaine de Démo' },
  shops: [{ id: DEMO_SHOP.id, authorizations: null }],
};
export const IAM: User = {
  id: 4,
  username: 'Isabelle Collaboratrice',
  firstname: 'Isabelle',
  lastname: 'Collaboratrice',
  email: 'iam@demo.test',
  role: 'iam',
  isPro: true,
  shops: [{ id: DEMO_SHOP.id, authorizations: DEMO_IAM_AUTHORIZATIONS }],
};
export const AGENT: User = {
  id: 5,
  username: 'Antoine Agent',
  firstname: 'Antoine',
  lastname: 'Agent',
  email: 'agent@demo.test',
  role: 'agent',
  isPro: true,
  shops: [{ id: DEMO_SHOP.id, authorizations: null, typology: 'professionnel' }],
};
export const BUYER: User = {
  id: 6,
  username: 'Béatrice Acheteuse',
  firstname: 'Béatrice',
  lastname: 'Acheteuse',
  email: 'buyer@demo.test',
  role: 'buyer',
  isPro: false,
  shops: [],
};

export type DemoRole = 'owner' | 'iam' | 'agent' | 'buyer' | 'superAdmin';
export const DEMO_USERS: Record<DemoRole, User> = { owner: OWNER, iam: IAM, agent: AGENT, buyer: BUYER, superAdmin: SUPER_ADMIN };

/** The demo iam with exactly these authorizations (null = everything allowed, §6). */
export function iamWith(authorizations: Partial<Record<Permission, boolean>> | null): User {
  return { ...IAM, shops: [{ id: DEMO_SHOP.id, authorizations }] };
}

/**
 * Who is signed in: a demo role, any User, null (anonymous), or the full picture. Owner and iam get DEMO_SHOP as their
 * loaded shop (as the shell does after login), the others none.
 */
export type SessionOption =
  DemoRole | User | null | { user: DemoRole | User | null; shop?: Shop | null; masterAccount?: MasterAccount | null };

export function setSession(session: SessionOption): void {
  const full =
    session !== null && typeof session === 'object' && 'user' in session && !('role' in session)
      ? session
      : { user: session as DemoRole | User | null };
  const user = typeof full.user === 'string' ? DEMO_USERS[full.user] : full.user;
  const shop =
    'shop' in full && full.shop !== undefined ? full.shop : user && (user.role === 'owner' || user.role === 'iam') ? DEMO_SHOP : null;
  const masterAccount = ('masterAccount' in full ? full.masterAccount : null) ?? null;
  useSession.setState({ user, shop, masterAccount, jwt: user || masterAccount ? 'test-jwt' : null });
}

/** Signed out, without the logout event (test cleanup). */
export function clearSession(): void {
  useSession.setState({ user: null, shop: null, masterAccount: null, jwt: null });
}

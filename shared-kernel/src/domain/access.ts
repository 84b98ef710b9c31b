// Who may do what (spec §2 route access, §6 roles and permissions), as plain data: the bottom layer. The contracts
// (contracts/route-meta.ts, contracts/session.ts) build their zod schemas over these lists and re-export them;
// the domain rules (guard, menu, permissions) read only the structural shapes below, never a contract.

/** Account roles (users.role). */
export const USER_ROLES = ['buyer', 'owner', 'iam', 'agent', 'superAdmin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Who may open a route. 'public' = an anonymous visitor; 'superAdmin' = a user flagged super admin. */
export const ROUTE_ROLES = ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'] as const;
export type RouteRole = (typeof ROUTE_ROLES)[number];

/** §1 module switches a shop can turn on or off (shop.integration[module].active). */
export const SHOP_MODULES = [
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
] as const;
export type ShopModule = (typeof SHOP_MODULES)[number];

/** §6 permission flags (iam authorizations). */
export const PERMISSIONS = [
  'seeAllPrice',
  'seeAllOrder',
  'createOrder',
  'createQuote',
  'billOrder',
  'createFutureOrder',
  'seeFutureOrder',
  'seeAllPayment',
  'manageDelivery',
  'seeAllResa',
  'createResa',
  'accessEvent',
  'createEvent',
  'createClient',
  'seeAllClient',
  'seeAllTask',
  'createTask',
  'seeAllProduct',
  'createProduct',
  'seeAllStock',
  'createWarehouse',
  'createList',
  'createCampaign',
  'createModel',
  'accessAgent',
  'createAgent',
  'accessCollaborator',
  'createCollaborator',
  'manageBudget',
  'accessAnalytics',
  'activitiesAnalytics',
  'goalsAnalytics',
  'campaignsAnalytics',
  'commissionsAnalytics',
  'seeSupplier',
  'createSupplier',
  'seeSupplierOrder',
  'accessAccounting',
  'editAccountingCodes',
  'createOrderSalesPoint',
  'seeAllMessages',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Sidebar groups of spec §2, in display order. 'buyer' and 'agent' are the flat role menus. */
export const MENU_GROUPS = [
  'dashboard',
  'ventes',
  'oenotourisme',
  'crm',
  'articles',
  'marketing',
  'commercial',
  'achats',
  'rapports',
  'precompta',
  'caisse',
  'messagerie',
  'boutique',
  'aide',
  'parametres',
  'admin',
  'buyer',
  'agent',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

// ---- what the rules read of a session (the contracts' User, Shop and MasterAccount fit these shapes)

/** A membership of a user: `authorizations` null or absent = everything allowed (§6). */
export interface SessionMembership {
  id: number;
  authorizations?: Partial<Record<Permission, boolean>> | null;
}
export interface SessionUser {
  role: UserRole;
  /** the user's shops, their own first: shops[0] is "the user's shop" */
  shops: readonly SessionMembership[];
}
export interface SessionShop {
  id: number;
  code: string;
  integration?: Partial<Record<ShopModule, { active: boolean }>>;
}
export interface SessionMasterAccount {
  id: number;
}

// ---- what the rules read of a route (the contracts' RouteMeta and ParsedRouteMeta fit these shapes)

export interface RouteAccess {
  path: string;
  /** empty = open to everyone */
  roles: readonly RouteRole[];
  /** every one is required for iam (owners have all) */
  permissions?: readonly Permission[];
  /** every one must be active in the shop for owner/iam */
  modules?: readonly ShopModule[];
  guestOnly?: boolean;
}
export interface MenuEntryAccess {
  group: MenuGroup;
  labelKey: string;
  label: string;
  order: number;
  icon?: string;
  href?: string;
}
export interface MenuRoute extends RouteAccess {
  titleKey: string;
  title: string;
  menu?: readonly MenuEntryAccess[];
  searchable?: boolean;
}

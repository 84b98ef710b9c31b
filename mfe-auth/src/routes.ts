// mfe-auth's part of the spec §2 route table (DESIGN §1: /auth/*, account settings, /get-api-key, /admin*).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { MenuEntry, MenuGroup, RouteMeta, RouteRole, SettingsSectionMeta } from 'shared-kernel/contracts';

const GUEST: RouteRole[] = ['public'];
const EVERYONE: RouteRole[] = ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'];
const OWNER_IAM: RouteRole[] = ['owner', 'iam'];
const SUPER_ADMIN: RouteRole[] = ['superAdmin'];

const menu = (group: MenuGroup, key: string, label: string, labelEn: string, order: number, icon: string): MenuEntry => ({
  group,
  labelKey: `auth.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
});

const routes: RouteMeta[] = [
  // Auth pages (layout auth). Login/register accept ?id=<shop public code>; login accepts ?redirectLink.
  {
    path: '/auth',
    layout: 'auth',
    roles: GUEST,
    guestOnly: true,
    titleKey: 'auth.choice',
    title: 'Connexion ou inscription',
    titleEn: 'Sign in or sign up',
  },
  { path: '/auth/login', layout: 'auth', roles: GUEST, guestOnly: true, titleKey: 'auth.login', title: 'Connexion', titleEn: 'Sign in' },
  {
    path: '/auth/register',
    layout: 'auth',
    roles: GUEST,
    guestOnly: true,
    titleKey: 'auth.register',
    title: 'Inscription',
    titleEn: 'Sign up',
  },
  {
    path: '/auth/register/buyer',
    layout: 'auth',
    roles: GUEST,
    guestOnly: true,
    titleKey: 'auth.registerBuyer',
    title: 'Inscription acheteur',
    titleEn: 'Buyer sign-up',
  },
  // Reset and e-mail validation links must work whether or not someone is logged in on this browser.
  {
    path: '/auth/resetpwd',
    layout: 'auth',
    roles: EVERYONE,
    titleKey: 'auth.resetPassword',
    title: 'Réinitialisation du mot de passe',
    titleEn: 'Reset password',
  },
  {
    path: '/auth/validate',
    layout: 'auth',
    roles: EVERYONE,
    titleKey: 'auth.validate',
    title: 'Validation du compte',
    titleEn: 'Account validation',
  },
  {
    path: '/auth/register-wineriz',
    layout: 'auth',
    roles: GUEST,
    guestOnly: true,
    titleKey: 'auth.registerWineriz',
    title: 'Inscription professionnelle',
    titleEn: 'Professional sign-up',
  },
  {
    path: '/auth/register-wineriz/agent',
    layout: 'auth',
    roles: GUEST,
    guestOnly: true,
    titleKey: 'auth.registerAgent',
    title: 'Inscription agent commercial',
    titleEn: 'Sales agent sign-up',
  },
  {
    path: '/auth/register-wineriz/seller',
    layout: 'auth',
    roles: GUEST,
    guestOnly: true,
    titleKey: 'auth.registerSeller',
    title: 'Inscription producteur',
    titleEn: 'Producer sign-up',
  },

  // Settings (?link=<section>): the sections every remote declares (`settingsSections` below, and theirs).
  {
    path: '/dashboard/settings',
    layout: 'dashboard',
    roles: ['buyer', 'owner', 'iam', 'agent'],
    titleKey: 'auth.settings',
    title: 'Paramètres',
    titleEn: 'Settings',
    menu: [
      menu('parametres', 'settings', 'Paramètres', 'Settings', 1, 'SettingOutlined'),
      menu('buyer', 'settings', 'Paramètres', 'Settings', 6, 'SettingOutlined'),
      menu('agent', 'settings', 'Paramètres', 'Settings', 8, 'SettingOutlined'),
    ],
  },
  { path: '/get-api-key', layout: 'headerOnly', roles: OWNER_IAM, titleKey: 'auth.apiKey', title: "Clé d'API", titleEn: 'API key' },

  // Super admin back office.
  {
    path: '/admin',
    layout: 'admin',
    roles: SUPER_ADMIN,
    titleKey: 'auth.admin',
    title: 'Administration',
    titleEn: 'Administration',
    menu: [menu('admin', 'admin', 'Admin', 'Admin', 1, 'SafetyOutlined')],
  },
  {
    path: '/admin/users',
    layout: 'admin',
    roles: SUPER_ADMIN,
    titleKey: 'auth.adminUsers',
    title: 'Administration des utilisateurs',
    titleEn: 'Users administration',
  },
  {
    path: '/admin/orders',
    layout: 'admin',
    roles: SUPER_ADMIN,
    titleKey: 'auth.adminOrders',
    title: 'Administration des commandes',
    titleEn: 'Orders administration',
  },
  {
    path: '/admin/products',
    layout: 'admin',
    roles: SUPER_ADMIN,
    titleKey: 'auth.adminProducts',
    title: 'Administration des produits',
    titleEn: 'Products administration',
  },
  {
    path: '/admin/shops',
    layout: 'admin',
    roles: SUPER_ADMIN,
    titleKey: 'auth.adminShops',
    title: 'Administration des boutiques',
    titleEn: 'Shops administration',
  },
];

export default routes;

/**
 * The settings sections mfe-auth lends to /dashboard/settings?link=<key> (its page lists every remote's: each domain's
 * sections are its remote's — billing, delivery and documents mfe-sales', accounting mfe-accounting's, promotions,
 * campaigns mfe-marketing's, crm, typos and matchGrids mfe-crm's, products mfe-stock's, iframes mfe-shop's). Components
 * in ./module `settingsSections`; `order` places them among every remote's sections. Who may open one is the api's rule
 * for what it reads (shared-kernel/domain canOpenSection: the roles, then at least one of the §6 rights); each section
 * shows read-only what the viewer may read but not change.
 */
const SIGNED_IN: RouteRole[] = ['buyer', 'owner', 'iam', 'agent', 'superAdmin'];
export const settingsSections: SettingsSectionMeta[] = [
  // every signed-in user: their own account
  { key: 'account', title: 'Mon compte', titleEn: 'My account', roles: SIGNED_IN, order: 10 },
  // GET /shops/me/settings/infos (shop member) · PUT owner
  { key: 'infos', title: 'Informations', titleEn: 'Information', roles: OWNER_IAM, order: 20 },
  // GET /team/collaborators: accessCollaborator · changes createCollaborator
  { key: 'roles', title: 'Rôles', titleEn: 'Roles', roles: OWNER_IAM, permissions: ['accessCollaborator'], order: 80 },
  // read by every shop member · changed by the owner
  { key: 'integrations', title: 'Intégrations', titleEn: 'Integrations', roles: OWNER_IAM, order: 130 },
];

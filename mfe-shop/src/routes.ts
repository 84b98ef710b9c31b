// mfe-shop's part of the spec §2 route table (DESIGN §1: /shops*, /{name}*, /gs1/*, /iframes/{id},
// /dashboard/customize, /dashboard/iframes*, /help, /roi-simulator, and '/').
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
// Shop pages take ?page=<tab name lowercased, spaces → hyphens> and ?pageid=<id> when several tabs share a name.
import type { MenuEntry, MenuGroup, RouteMeta, RouteRole, SettingsSectionMeta } from 'shared-kernel/contracts';

const EVERYONE: RouteRole[] = ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'];
const OWNER_IAM: RouteRole[] = ['owner', 'iam'];

const menu = (group: MenuGroup, key: string, label: string, labelEn: string, order: number, icon: string, href?: string): MenuEntry => ({
  group,
  labelKey: `shop.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
  ...(href ? { href } : {}),
});

/** Public shop page (shops layout, open to anonymous visitors and every role). */
const shopPage = (path: string, screen: string, title: string, titleEn: string): RouteMeta => ({
  path,
  layout: 'shops',
  roles: EVERYONE,
  titleKey: `shop.${screen}`,
  title,
  titleEn,
  searchable: false,
});

/** GS1 Digital Link product page: /gs1/01/{ean} with optional /22/{vintage} and /10/{lotNumber}. */
const gs1Page = (path: string, screen: string): RouteMeta => ({
  path,
  layout: 'default',
  roles: EVERYONE,
  titleKey: `shop.${screen}`,
  title: 'Fiche produit (code-barres)',
  titleEn: 'Product page (barcode)',
  searchable: false,
});

const routes: RouteMeta[] = [
  { path: '/', layout: 'default', roles: EVERYONE, titleKey: 'shop.home', title: 'Accueil', titleEn: 'Home' },

  // Shop directory and shop pages by id.
  {
    path: '/shops',
    layout: 'shops',
    roles: EVERYONE,
    titleKey: 'shop.shops',
    title: 'Boutiques en ligne',
    titleEn: 'Online shops',
    menu: [
      menu('buyer', 'shops', 'Boutique(s) en ligne', 'Online shop(s)', 5, 'ShopOutlined'),
      menu('agent', 'producers', 'Producteurs', 'Producers', 7, 'ShopOutlined'),
    ],
  },
  {
    path: '/shops/add',
    layout: 'dashboard',
    roles: ['agent'],
    titleKey: 'shop.shopAdd',
    title: 'Créer une boutique',
    titleEn: 'Create a shop',
  },
  shopPage('/shops/:id', 'shopById', 'Boutique', 'Shop'),
  shopPage('/shops/:id/:product', 'shopByIdProduct', 'Produit', 'Product'),
  shopPage('/shops/:id/legal-notice', 'shopByIdLegalNotice', 'Mentions légales', 'Legal notice'),
  shopPage('/shops/:id/builders', 'builders', 'Compositions', 'Builders'),
  shopPage('/shops/:id/builders/:builder', 'builder', 'Composition', 'Builder'),
  shopPage('/shops/:id/builders/:builder/:product', 'builderProduct', 'Produit de la composition', 'Builder product'),

  // Shop pages by url name (/domaine-demo…).
  shopPage('/:name', 'shopByName', 'Boutique', 'Shop'),
  shopPage('/:name/legal-notice', 'shopByNameLegalNotice', 'Mentions légales', 'Legal notice'),
  shopPage('/:name/nutritiveValues', 'nutritiveValues', 'Valeurs nutritionnelles', 'Nutritional values'),
  shopPage('/:name/:product', 'shopByNameProduct', 'Produit', 'Product'),

  gs1Page('/gs1/01/:ean', 'gs1'),
  gs1Page('/gs1/01/:ean/22/:vintage', 'gs1Vintage'),
  gs1Page('/gs1/01/:ean/10/:lotNumber', 'gs1Lot'),
  gs1Page('/gs1/01/:ean/22/:vintage/10/:lotNumber', 'gs1VintageLot'),

  // Embeddable shop iframe (the gateway lets /iframes/* be framed by other sites).
  {
    path: '/iframes/:id',
    layout: 'default',
    roles: EVERYONE,
    titleKey: 'shop.iframe',
    title: 'Boutique intégrée',
    titleEn: 'Embedded shop',
    searchable: false,
  },

  // Seller back office.
  {
    path: '/dashboard/customize',
    layout: 'editor',
    roles: OWNER_IAM,
    modules: ['shop'],
    titleKey: 'shop.customize',
    title: 'Personnalisation de la boutique',
    titleEn: 'Shop customisation',
    menu: [menu('boutique', 'customize', 'Boutique en ligne', 'Online shop', 1, 'ShopOutlined')],
  },
  {
    path: '/dashboard/iframes',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['iframes'],
    titleKey: 'shop.iframes',
    title: 'Iframes',
    titleEn: 'Iframes',
    // §2 settings?link=iframes: the shop's embeddable widgets, next to 'Boutique en ligne'.
    menu: [menu('boutique', 'iframes', 'Iframes', 'Iframes', 2, 'DesktopOutlined')],
  },
  {
    path: '/dashboard/iframes/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['iframes'],
    titleKey: 'shop.iframeAdd',
    title: 'Nouvelle iframe',
    titleEn: 'New iframe',
  },
  {
    path: '/dashboard/iframes/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['iframes'],
    titleKey: 'shop.iframeDetail',
    title: 'Iframe',
    titleEn: 'Iframe',
    searchable: false,
  },

  // Help: the page itself, plus the two external sidebar entries (opened in a new tab).
  {
    path: '/help',
    layout: 'default',
    roles: EVERYONE,
    titleKey: 'shop.help',
    title: 'Aide',
    titleEn: 'Help',
    menu: [
      menu('aide', 'helpCenter', "Centre d'aide", 'Help centre', 1, 'QuestionCircleOutlined', '/help'),
      menu('aide', 'news', 'Nouveautés', "What's new", 2, 'BulbOutlined', '/help?tab=changelog'),
    ],
  },
  {
    path: '/roi-simulator',
    layout: 'default',
    roles: EVERYONE,
    titleKey: 'shop.roiSimulator',
    title: 'Simulateur de retour sur investissement',
    titleEn: 'ROI simulator',
  },
];

export default routes;

/**
 * The settings sections mfe-shop lends to /dashboard/settings?link=<key> (mfe-auth's page lists every remote's, by
 * `order`): a section lives in the remote that owns its domain. Components in ./module `settingsSections`; who may open
 * one is the api's rule for what it reads (shared-kernel/domain canOpenSection: the roles, then at least one of the §6
 * rights).
 */
export const settingsSections: SettingsSectionMeta[] = [
  // read by every shop member · changed by the owner
  { key: 'iframes', title: 'Iframes', titleEn: 'Iframes', roles: OWNER_IAM, order: 120 },
];

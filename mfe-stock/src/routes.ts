// mfe-stock's part of the spec §2 route table (DESIGN §1: products, stocks, warehouses, movements,
// allocations, CRD colours, DRM, tarifs, suppliers, purchases).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { MenuEntry, MenuGroup, RouteMeta, RouteRole, WidgetMeta, SettingsSectionMeta } from 'shared-kernel/contracts';

const OWNER_IAM: RouteRole[] = ['owner', 'iam'];
const OWNER_IAM_AGENT: RouteRole[] = ['owner', 'iam', 'agent'];

const menu = (group: MenuGroup, key: string, label: string, labelEn: string, order: number, icon: string): MenuEntry => ({
  group,
  labelKey: `stock.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
});

const routes: RouteMeta[] = [
  // Catalogue.
  {
    path: '/dashboard/products',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    permissions: ['seeAllProduct'],
    titleKey: 'stock.products',
    title: 'Catalogue',
    titleEn: 'Catalogue',
    menu: [
      menu('articles', 'products', 'Catalogue', 'Catalogue', 1, 'AppstoreOutlined'),
      menu('agent', 'products', 'Catalogue', 'Catalogue', 5, 'AppstoreOutlined'),
    ],
  },
  {
    path: '/dashboard/products/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['createProduct'],
    titleKey: 'stock.productAdd',
    title: 'Nouveau produit',
    titleEn: 'New product',
  },
  {
    path: '/dashboard/products/:id',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    permissions: ['seeAllProduct'],
    titleKey: 'stock.productDetail',
    title: 'Fiche produit',
    titleEn: 'Product',
    searchable: false,
  },

  // Stocks and warehouses.
  {
    path: '/dashboard/stocks',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.stocks',
    title: 'Stocks',
    titleEn: 'Stock',
    menu: [menu('articles', 'stocks', 'Stocks', 'Stock', 3, 'DatabaseOutlined')],
  },
  {
    path: '/dashboard/stocks/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.stockAdd',
    title: 'Nouvelle entrée de stock',
    titleEn: 'New stock entry',
  },
  {
    path: '/dashboard/stocks/allocations',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.allocations',
    title: 'Allocations',
    titleEn: 'Allocations',
  },
  {
    path: '/dashboard/stocks/crdColors',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.crdColors',
    title: 'Couleurs de CRD',
    titleEn: 'CRD colours',
  },
  {
    path: '/dashboard/stocks/movements',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.movements',
    title: 'Mouvements',
    titleEn: 'Movements',
    menu: [menu('articles', 'movements', 'Mouvements', 'Movements', 4, 'SwapOutlined')],
  },
  {
    path: '/dashboard/stocks/warehouses',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['createWarehouse'],
    titleKey: 'stock.warehouses',
    title: 'Entrepôts',
    titleEn: 'Warehouses',
    menu: [menu('articles', 'warehouses', 'Entrepôts', 'Warehouses', 2, 'HomeOutlined')],
  },
  {
    path: '/dashboard/stocks/drm',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.drm',
    title: 'Déclaration récapitulative mensuelle (DRM)',
    titleEn: 'Monthly excise return (DRM)',
  },
  {
    path: '/dashboard/stocks/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['stocks'],
    permissions: ['seeAllStock'],
    titleKey: 'stock.stockDetail',
    title: 'Stock',
    titleEn: 'Stock',
    searchable: false,
  },

  {
    path: '/dashboard/tarifs',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    permissions: ['seeAllPrice'],
    titleKey: 'stock.tarifs',
    title: 'Tarifs',
    titleEn: 'Price lists',
    menu: [menu('articles', 'tarifs', 'Tarifs', 'Price lists', 5, 'TagsOutlined')],
  },

  // Purchasing (Achats).
  {
    path: '/dashboard/suppliers',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplier'],
    titleKey: 'stock.suppliers',
    title: 'Fournisseurs',
    titleEn: 'Suppliers',
    menu: [menu('achats', 'suppliers', 'Fournisseurs', 'Suppliers', 1, 'ShopOutlined')],
  },
  {
    path: '/dashboard/suppliers/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['createSupplier'],
    titleKey: 'stock.supplierAdd',
    title: 'Nouveau fournisseur',
    titleEn: 'New supplier',
  },
  {
    path: '/dashboard/suppliers/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplier'],
    titleKey: 'stock.supplierDetail',
    title: 'Fournisseur',
    titleEn: 'Supplier',
    searchable: false,
  },
  {
    path: '/dashboard/purchases',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplierOrder'],
    titleKey: 'stock.purchases',
    title: 'Commandes fournisseurs',
    titleEn: 'Purchase orders',
    menu: [menu('achats', 'purchases', 'Commandes fournisseurs', 'Purchase orders', 2, 'ShoppingOutlined')],
  },
  {
    path: '/dashboard/purchases/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplierOrder'],
    titleKey: 'stock.purchaseAdd',
    title: 'Nouvelle commande fournisseur',
    titleEn: 'New purchase order',
  },
  {
    path: '/dashboard/purchases/invoices',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplierOrder'],
    titleKey: 'stock.supplierInvoices',
    title: 'Factures fournisseurs',
    titleEn: 'Supplier invoices',
    menu: [menu('achats', 'supplierInvoices', 'Factures fournisseurs', 'Supplier invoices', 3, 'FileTextOutlined')],
  },
  {
    path: '/dashboard/purchases/invoices/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplierOrder'],
    titleKey: 'stock.supplierInvoiceDetail',
    title: 'Facture fournisseur',
    titleEn: 'Supplier invoice',
    searchable: false,
  },
  {
    path: '/dashboard/purchases/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['purchase'],
    permissions: ['seeSupplierOrder'],
    titleKey: 'stock.purchaseDetail',
    title: 'Commande fournisseur',
    titleEn: 'Purchase order',
    searchable: false,
  },
];

/** Dashboard widgets (the shell's /dashboard shows those the viewer may see, by `order`; components in ./stocks/widgets). */
export const widgets: WidgetMeta[] = [
  { id: 'stockAlerts', title: 'Alertes de stock', roles: OWNER_IAM, permissions: ['seeAllStock'], modules: ['stocks'], order: 50 },
];

/**
 * The settings sections mfe-stock lends to /dashboard/settings?link=<key> (mfe-auth's page lists every remote's, by
 * `order`): a section lives in the remote that owns its domain. Components in ./module `settingsSections`; who may open
 * one is the api's rule for what it reads (shared-kernel/domain canOpenSection: the roles, then at least one of the §6
 * rights).
 */
export const settingsSections: SettingsSectionMeta[] = [
  // GET /tariffs/product-defaults · PUT owner
  {
    key: 'products',
    title: 'Produits',
    titleEn: 'Products',
    roles: OWNER_IAM,
    permissions: ['seeAllProduct', 'createProduct', 'seeAllPrice'],
    order: 50,
  },
];

export default routes;

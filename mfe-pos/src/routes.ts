// mfe-pos's part of the spec §2 route table (DESIGN §1: sales points and the cash register).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { RouteMeta, RouteRole } from 'shared-kernel/contracts';

const OWNER_IAM: RouteRole[] = ['owner', 'iam'];

const routes: RouteMeta[] = [
  {
    path: '/dashboard/salespoints',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['salesPoint'],
    permissions: ['createOrderSalesPoint'],
    titleKey: 'pos.salespoints',
    title: 'Caisse',
    titleEn: 'Cash register',
    menu: [
      {
        group: 'caisse',
        labelKey: 'pos.menu.salespoints',
        label: 'Caisse',
        labelEn: 'Cash register',
        order: 1,
        icon: 'CalculatorOutlined',
      },
    ],
  },
  {
    path: '/dashboard/salespoints/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['salesPoint'],
    permissions: ['createOrderSalesPoint'],
    titleKey: 'pos.salespoint',
    title: 'Point de vente',
    titleEn: 'Sales point',
    searchable: false,
  },
  // The cash register itself runs full width as an isolated single-spa parcel (./lifecycles).
  {
    path: '/dashboard/salespoints/:id/new-order',
    layout: 'editor',
    roles: OWNER_IAM,
    modules: ['salesPoint'],
    permissions: ['createOrderSalesPoint'],
    titleKey: 'pos.newOrder',
    title: 'Caisse : nouvelle vente',
    titleEn: 'Cash register: new sale',
    searchable: false,
  },
];

export default routes;

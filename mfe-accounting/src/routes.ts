// mfe-accounting's part of the spec §2 route table (DESIGN §1: accounting codes, journals and exports).
// Outstandings/unpaids/payments are declared by mfe-sales (/dashboard/payments*), also in Pré-comptabilité.
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { MenuEntry, RouteMeta, RouteRole, SettingsSectionMeta } from 'shared-kernel/contracts';

const OWNER_IAM: RouteRole[] = ['owner', 'iam'];

const menu = (key: string, label: string, labelEn: string, order: number, icon: string): MenuEntry => ({
  group: 'precompta',
  labelKey: `accounting.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
});

const routes: RouteMeta[] = [
  {
    path: '/dashboard/accounting/journals',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['accounting'],
    permissions: ['accessAccounting'],
    titleKey: 'accounting.journals',
    title: 'Journaux',
    titleEn: 'Journals',
    menu: [menu('journals', 'Journaux', 'Journals', 4, 'BookOutlined')],
  },
  {
    path: '/dashboard/accounting/codes',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['accounting'],
    permissions: ['editAccountingCodes'],
    titleKey: 'accounting.codes',
    title: 'Codes comptables',
    titleEn: 'Accounting codes',
    menu: [menu('codes', 'Codes comptables', 'Accounting codes', 5, 'NumberOutlined')],
  },
];

export default routes;

/**
 * The settings sections mfe-accounting lends to /dashboard/settings?link=<key> (mfe-auth's page lists every remote's, by
 * `order`): a section lives in the remote that owns its domain. Components in ./module `settingsSections`; who may open
 * one is the api's rule for what it reads (shared-kernel/domain canOpenSection: the roles, then at least one of the §6
 * rights).
 */
export const settingsSections: SettingsSectionMeta[] = [
  // GET /accounting/settings · PUT editAccountingCodes
  {
    key: 'accounting',
    title: 'Comptabilité',
    titleEn: 'Accounting',
    roles: OWNER_IAM,
    permissions: ['accessAccounting', 'editAccountingCodes'],
    order: 90,
  },
];

// mfe-marketing's part of the spec §2 route table (DESIGN §1: crm/lists, crm/campaigns, crm/models,
// and the public e-mail tracking opt-out page).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { MenuEntry, Permission, RouteMeta, RouteRole, WidgetMeta, SettingsSectionMeta } from 'shared-kernel/contracts';

const OWNER_IAM: RouteRole[] = ['owner', 'iam'];
const EVERYONE: RouteRole[] = ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'];

const menu = (key: string, label: string, labelEn: string, order: number, icon: string): MenuEntry => ({
  group: 'marketing',
  labelKey: `marketing.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
});

/** A marketing back-office page: owner/iam, campaigns module on. */
const page = (
  path: string,
  permission: Permission,
  screen: string,
  title: string,
  titleEn: string,
  extra: Partial<RouteMeta> = {},
): RouteMeta => ({
  path,
  layout: 'dashboard',
  roles: OWNER_IAM,
  modules: ['campaigns'],
  permissions: [permission],
  titleKey: `marketing.${screen}`,
  title,
  titleEn,
  ...(path.includes(':') ? { searchable: false } : {}),
  ...extra,
});

const routes: RouteMeta[] = [
  page('/dashboard/crm/lists', 'createList', 'lists', 'Listes', 'Lists', {
    menu: [menu('lists', 'Listes', 'Lists', 1, 'UnorderedListOutlined')],
  }),
  page('/dashboard/crm/lists/add', 'createList', 'listAdd', 'Nouvelle liste', 'New list'),
  page('/dashboard/crm/lists/:id', 'createList', 'listDetail', 'Liste', 'List'),

  page('/dashboard/crm/campaigns', 'createCampaign', 'campaigns', 'Campagnes', 'Campaigns', {
    menu: [menu('campaigns', 'Campagnes', 'Campaigns', 2, 'SendOutlined')],
  }),
  page('/dashboard/crm/campaigns/add', 'createCampaign', 'campaignAdd', 'Nouvelle campagne', 'New campaign'),
  page('/dashboard/crm/campaigns/:id', 'createCampaign', 'campaignDetail', 'Campagne', 'Campaign'),

  page('/dashboard/crm/models', 'createModel', 'models', 'Modèles', 'Templates', {
    menu: [menu('models', 'Modèles', 'Templates', 3, 'LayoutOutlined')],
  }),
  page('/dashboard/crm/models/add', 'createModel', 'modelAdd', 'Nouveau modèle', 'New template'),
  page('/dashboard/crm/models/advanced', 'createModel', 'modelsAdvanced', 'Modèles avancés', 'Advanced templates'),
  page('/dashboard/crm/models/:id', 'createModel', 'modelDetail', 'Modèle', 'Template'),
  // The two template editors run full width (editor layout: dashboard without sidebar).
  page(
    '/dashboard/crm/models/:id/standard',
    'createModel',
    'modelEditorStandard',
    'Éditeur de modèle standard',
    'Standard template editor',
    { layout: 'editor' },
  ),
  page('/dashboard/crm/models/:id/advanced', 'createModel', 'modelEditorAdvanced', 'Éditeur de modèle avancé', 'Advanced template editor', {
    layout: 'editor',
  }),

  // Link in marketing e-mails: anyone, logged in or not, can turn tracking notifications off.
  {
    path: '/disable-tracking-notif',
    layout: 'default',
    roles: EVERYONE,
    titleKey: 'marketing.disableTracking',
    title: 'Désactivation du suivi des e-mails',
    titleEn: 'Disable e-mail tracking',
    searchable: false,
  },
];

export default routes;

/**
 * Dashboard widgets (the shell's /dashboard shows those the viewer may see, by `order`; components in ./module).
 * « Mes points de fidélité »: a buyer's points, level and offers in every shop where they hold points.
 */
export const widgets: WidgetMeta[] = [{ id: 'myLoyalty', title: 'Mes points de fidélité', roles: ['buyer'], order: 35 }];

/**
 * The settings sections mfe-marketing lends to /dashboard/settings?link=<key> (mfe-auth's page lists every remote's, by
 * `order`): a section lives in the remote that owns its domain. Components in ./module `settingsSections`; who may open
 * one is the api's rule for what it reads (shared-kernel/domain canOpenSection: the roles, then at least one of the §6
 * rights).
 */
export const settingsSections: SettingsSectionMeta[] = [
  // the section shows its form to the owner only (PUT /campaigns/settings is the owner's)
  { key: 'campaigns', title: 'Campagnes', titleEn: 'Campaigns', roles: ['owner'], order: 100 },
  // either part: the codes (createCampaign or seeAllPrice) or the loyalty programme (createCampaign or seeAllClient);
  // each part's own rights in settings/section-access.ts
  {
    key: 'promotions',
    title: 'Promotions',
    titleEn: 'Promotions',
    roles: OWNER_IAM,
    permissions: ['createCampaign', 'seeAllPrice', 'seeAllClient'],
    order: 140,
  },
];

// mfe-crm's part of the spec §2 route table (DESIGN §1: clients, opportunities, prospection, tasks,
// calendar, agents, collaborators, analytics, tickets/Messagerie).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { MenuEntry, MenuGroup, RouteMeta, RouteRole, WidgetMeta, SettingsSectionMeta } from 'shared-kernel/contracts';

const OWNER_IAM: RouteRole[] = ['owner', 'iam'];
const OWNER_IAM_AGENT: RouteRole[] = ['owner', 'iam', 'agent'];

const menu = (group: MenuGroup, key: string, label: string, labelEn: string, order: number, icon: string): MenuEntry => ({
  group,
  labelKey: `crm.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
});

const routes: RouteMeta[] = [
  // Clients. /dashboard/clients/add takes ?isPro=true or ?pipe=Prospect.
  {
    path: '/dashboard/clients',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    modules: ['crm'],
    permissions: ['seeAllClient'],
    titleKey: 'crm.clients',
    title: 'Clients',
    titleEn: 'Clients',
    menu: [
      menu('crm', 'clients', 'Clients', 'Clients', 1, 'TeamOutlined'),
      menu('agent', 'clients', 'Clients', 'Clients', 4, 'TeamOutlined'),
    ],
  },
  {
    path: '/dashboard/clients/add',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    modules: ['crm'],
    permissions: ['createClient'],
    titleKey: 'crm.clientAdd',
    title: 'Nouveau client',
    titleEn: 'New client',
  },
  {
    path: '/dashboard/clients/opportunities',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    modules: ['crm'],
    permissions: ['seeAllClient'],
    titleKey: 'crm.opportunities',
    title: 'Opportunités',
    titleEn: 'Opportunities',
    menu: [menu('crm', 'opportunities', 'Opportunités', 'Opportunities', 2, 'RiseOutlined')],
  },
  {
    path: '/dashboard/clients/prospection',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    modules: ['crm'],
    permissions: ['seeAllClient'],
    titleKey: 'crm.prospection',
    title: 'Prospection',
    titleEn: 'Prospecting',
    menu: [menu('crm', 'prospection', 'Prospection', 'Prospecting', 3, 'AimOutlined')],
  },
  {
    path: '/dashboard/clients/:id',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    modules: ['crm'],
    permissions: ['seeAllClient'],
    titleKey: 'crm.clientDetail',
    title: 'Fiche client',
    titleEn: 'Client',
    searchable: false,
  },

  {
    path: '/dashboard/tasks',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    permissions: ['seeAllTask'],
    titleKey: 'crm.tasks',
    title: 'Tâches',
    titleEn: 'Tasks',
    menu: [menu('crm', 'tasks', 'Tâches', 'Tasks', 5, 'CheckSquareOutlined')],
  },
  {
    path: '/dashboard/calendar',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    titleKey: 'crm.calendar',
    title: 'Calendrier',
    titleEn: 'Calendar',
    menu: [
      menu('oenotourisme', 'calendar', 'Calendrier', 'Calendar', 3, 'CalendarOutlined'),
      menu('crm', 'calendar', 'Calendrier', 'Calendar', 4, 'CalendarOutlined'),
      menu('agent', 'calendar', 'Calendrier', 'Calendar', 6, 'CalendarOutlined'),
    ],
  },

  // Sales agents working for the shop.
  {
    path: '/dashboard/agents',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['agents'],
    permissions: ['accessAgent'],
    titleKey: 'crm.agents',
    title: 'Agents',
    titleEn: 'Agents',
    menu: [menu('commercial', 'agents', 'Agents', 'Agents', 2, 'IdcardOutlined')],
  },
  {
    path: '/dashboard/agents/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['agents'],
    permissions: ['createAgent'],
    titleKey: 'crm.agentAdd',
    title: 'Nouvel agent',
    titleEn: 'New agent',
  },
  {
    path: '/dashboard/agents/find',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['agents'],
    permissions: ['accessAgent'],
    titleKey: 'crm.agentFind',
    title: 'Trouver un agent',
    titleEn: 'Find an agent',
  },
  {
    path: '/dashboard/agents/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['agents'],
    permissions: ['accessAgent'],
    titleKey: 'crm.agentDetail',
    title: 'Agent',
    titleEn: 'Agent',
    searchable: false,
  },

  // Collaborators (iam accounts of the shop).
  {
    path: '/dashboard/collaborators',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['iam'],
    permissions: ['accessCollaborator'],
    titleKey: 'crm.collaborators',
    title: 'Collaborateurs',
    titleEn: 'Collaborators',
    menu: [menu('commercial', 'collaborators', 'Collaborateurs', 'Collaborators', 1, 'UsergroupAddOutlined')],
  },
  {
    path: '/dashboard/collaborators/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['iam'],
    permissions: ['createCollaborator'],
    titleKey: 'crm.collaboratorAdd',
    title: 'Nouveau collaborateur',
    titleEn: 'New collaborator',
  },
  {
    path: '/dashboard/collaborators/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['iam'],
    permissions: ['accessCollaborator'],
    titleKey: 'crm.collaboratorDetail',
    title: 'Collaborateur',
    titleEn: 'Collaborator',
    searchable: false,
  },

  // Analytics (Rapports; Objectifs also in Commercial).
  {
    path: '/dashboard/analytics',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['analytics'],
    permissions: ['accessAnalytics'],
    titleKey: 'crm.analytics',
    title: 'Rapports',
    titleEn: 'Reports',
    menu: [menu('rapports', 'analytics', 'Rapports', 'Reports', 1, 'BarChartOutlined')],
  },
  {
    path: '/dashboard/analytics/activities',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['analytics'],
    permissions: ['activitiesAnalytics'],
    titleKey: 'crm.analyticsActivities',
    title: 'Rapport des activités',
    titleEn: 'Activities report',
  },
  {
    path: '/dashboard/analytics/budget',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['analytics'],
    permissions: ['manageBudget'],
    titleKey: 'crm.analyticsBudget',
    title: 'Budget',
    titleEn: 'Budget',
  },
  {
    path: '/dashboard/analytics/campaigns',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['analytics'],
    permissions: ['campaignsAnalytics'],
    titleKey: 'crm.analyticsCampaigns',
    title: 'Rapport des campagnes',
    titleEn: 'Campaigns report',
  },
  {
    path: '/dashboard/analytics/custom',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['analytics'],
    permissions: ['accessAnalytics'],
    titleKey: 'crm.analyticsCustom',
    title: 'Rapport personnalisé',
    titleEn: 'Custom report',
  },
  {
    path: '/dashboard/analytics/objectives',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['analytics'],
    permissions: ['goalsAnalytics'],
    titleKey: 'crm.objectives',
    title: 'Objectifs',
    titleEn: 'Goals',
    menu: [menu('commercial', 'objectives', 'Objectifs', 'Goals', 3, 'FlagOutlined')],
  },
  {
    path: '/dashboard/analytics/commissions',
    layout: 'dashboard',
    // agents read their own commissions here (the api scopes them; commissionPaid links here)
    roles: OWNER_IAM_AGENT,
    modules: ['analytics'],
    permissions: ['commissionsAnalytics'],
    titleKey: 'crm.analyticsCommissions',
    title: 'Commissions',
    titleEn: 'Commissions',
  },

  // Messaging tickets (tickets layout, titled Messagerie).
  {
    path: '/tickets',
    layout: 'tickets',
    roles: ['buyer', 'owner', 'iam'],
    permissions: ['seeAllMessages'],
    titleKey: 'crm.tickets',
    title: 'Messagerie',
    titleEn: 'Messages',
    menu: [
      menu('messagerie', 'tickets', 'Messagerie', 'Messages', 1, 'MessageOutlined'),
      menu('buyer', 'tickets', 'Messagerie', 'Messages', 4, 'MessageOutlined'),
    ],
  },
];

/** Dashboard widgets (the shell's /dashboard; components in ./module). */
export const widgets: WidgetMeta[] = [
  { id: 'producers', title: 'Mes producteurs', roles: ['agent'], order: 20 },
  { id: 'tasksDue', title: 'Mes tâches du jour', roles: OWNER_IAM_AGENT, order: 30 },
];

/**
 * The settings sections mfe-crm lends to /dashboard/settings?link=<key> (mfe-auth's page lists every remote's, by
 * `order`): a section lives in the remote that owns its domain. Components in ./module `settingsSections`; who may open
 * one is the api's rule for what it reads (shared-kernel/domain canOpenSection: the roles, then at least one of the §6
 * rights).
 */
export const settingsSections: SettingsSectionMeta[] = [
  // GET /tariffs/typologies · POST/PUT/DELETE owner
  {
    key: 'typos',
    title: 'Typologies',
    titleEn: 'Typologies',
    roles: OWNER_IAM,
    permissions: ['seeAllPrice', 'seeAllProduct', 'createProduct', 'seeAllClient', 'createClient'],
    order: 30,
  },
  // GET /crm/settings (shop member) · PUT createClient
  { key: 'crm', title: 'CRM', titleEn: 'CRM', roles: OWNER_IAM, order: 40 },
  // read by every shop member · changed by the owner
  { key: 'matchGrids', title: 'Grilles de correspondance', titleEn: 'Matching grids', roles: OWNER_IAM, order: 110 },
];

export default routes;

// What mfe-crm's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Every route of ./routes is built: the client file, prospection, opportunities, tasks and calendar,
// collaborators, agents, analytics and messaging; each folder's pages.ts lists its screens. Also lends the settings
// sections declared in ./routes `settingsSections` (typos, crm, matchGrids).
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';
import { pages as clientPages } from './clients/pages';
import { pages as taskPages } from './tasks/pages';
import { pages as ticketPages } from './tickets/pages';
import { pages as opportunityPages } from './opportunities/pages';
import { pages as collaboratorPages } from './collaborators/pages';
import { pages as agentPages } from './agents/pages';
import { pages as analyticsPages } from './analytics/pages';
import { taskWidgets } from './tasks/widgets';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'crm';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/clients': lazy(() => import('./clients/file/ClientsListPage')),
  ...clientPages,
  ...taskPages,
  ...ticketPages,
  ...opportunityPages,
  ...collaboratorPages,
  ...agentPages,
  ...analyticsPages,
};

/** Dashboard widgets by the id declared in ./routes `widgets`. */
const widgets: Record<string, LazyWidget> = { producers: lazy(() => import('./dashboard/ProducersWidget')), ...taskWidgets };

/** Settings sections by the key declared in ./routes `settingsSections` (shown on mfe-auth's settings page). */
const settingsSections: Record<string, LazyWidget> = {
  typos: lazy(() => import('./settings/typos/TyposSection').then((m) => ({ default: m.TyposSection }))),
  crm: lazy(() => import('./settings/crm/CrmSection').then((m) => ({ default: m.CrmSection }))),
  matchGrids: lazy(() => import('./settings/matchGrids/MatchGridsSection').then((m) => ({ default: m.MatchGridsSection }))),
};

export default defineRemoteModule({ name: 'mfe-crm', namespace: NAMESPACE, routes, built, widgets, settingsSections });

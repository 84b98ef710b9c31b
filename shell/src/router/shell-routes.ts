// Pages the shell renders itself, declared with the same route metadata as the remotes' (guard, menus, title).
// The dashboard home is the shell's: it assembles the widgets every remote contributes (DESIGN §8), which no single
// remote could do (remotes never load one another).
import type { RouteRole } from 'shared-kernel/contracts';
import { SHELL_REMOTE, type RouteEntry } from '../remotes/registry';

const ALL_USERS: RouteRole[] = ['buyer', 'owner', 'iam', 'agent'];

export const DASHBOARD_HOME = '/dashboard';

export const SHELL_ROUTES: RouteEntry[] = [
  {
    path: DASHBOARD_HOME,
    layout: 'dashboard',
    roles: ALL_USERS,
    permissions: [],
    modules: [],
    remote: SHELL_REMOTE,
    titleKey: 'shell.home',
    title: 'Tableau de bord',
    titleEn: 'Dashboard',
    menu: [
      {
        group: 'dashboard',
        labelKey: 'shell.menu.dashboardGroup',
        label: 'Dashboard',
        labelEn: 'Dashboard',
        order: 0,
        icon: 'DashboardOutlined',
      },
      {
        group: 'buyer',
        labelKey: 'shell.menu.dashboard',
        label: 'Tableau de bord',
        labelEn: 'Dashboard',
        order: 1,
        icon: 'DashboardOutlined',
      },
      {
        group: 'agent',
        labelKey: 'shell.menu.dashboard',
        label: 'Tableau de bord',
        labelEn: 'Dashboard',
        order: 1,
        icon: 'DashboardOutlined',
      },
    ],
  },
];

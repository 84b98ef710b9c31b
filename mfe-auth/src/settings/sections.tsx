// The components of the settings sections mfe-auth lends (declared in ../routes `settingsSections`), by key: the
// module exposes them, and its settings page renders them without loading another remote. Lazy: ./module is on the
// first paint of the public pages (sign-in), which load none of this.
import { lazy } from 'react';
import type { LazyWidget } from 'shared-kernel/contracts';

export const SECTIONS: Record<string, LazyWidget> = {
  account: lazy(() => import('./account/AccountSection').then((m) => ({ default: m.AccountSection }))),
  infos: lazy(() => import('./infos/InfosSection').then((m) => ({ default: m.InfosSection }))),
  roles: lazy(() => import('./roles/RolesSection').then((m) => ({ default: m.RolesSection }))),
  integrations: lazy(() => import('./integrations/IntegrationsSection').then((m) => ({ default: m.IntegrationsSection }))),
};

// Test helper (jest only): the settings sections the shell lends from /remotes.json — mfe-auth's own (../routes) and
// mfe-sales' as its routes.ts declares them (a remote's tests never import another remote: they meet at run time) — so
// the settings page is tested with every remote's sections listed, as users get it.
import type { RemoteModule, SettingsSectionMeta } from 'shared-kernel/contracts';
import { provideContributions } from 'shared-kernel/runtime';
import { settingsSections } from '../routes';

/** mfe-sales' settings sections (mfe-sales/src/routes.ts `settingsSections`). */
export const SALES_SECTIONS: SettingsSectionMeta[] = [
  { key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], order: 60 },
  { key: 'delivery', title: 'Livraison', titleEn: 'Delivery', roles: ['owner', 'iam'], permissions: ['manageDelivery'], order: 70 },
  { key: 'documents', title: 'Documents', titleEn: 'Documents', roles: ['owner'], order: 150 },
];

/** mfe-sales' module as the shell loads it: each section says whose it is. */
export const salesModule: RemoteModule = {
  name: 'mfe-sales',
  pages: {},
  settingsSections: Object.fromEntries(SALES_SECTIONS.map((s) => [s.key, () => <p>{`Section ${s.key} de mfe-sales`}</p>])),
};

const entries = (sections: SettingsSectionMeta[], remote: string) =>
  sections.map((s) => ({ ...s, permissions: s.permissions ?? [], modules: s.modules ?? [], remote }));

/** What the shell lends the page (createShell); `loadModule` defaults to mfe-sales' module. */
export function provideRegistry(loadModule: (remote: string) => Promise<RemoteModule> = async () => salesModule): void {
  provideContributions({
    settingsSections: [...entries(settingsSections, 'mfe_auth'), ...entries(SALES_SECTIONS, 'mfe_sales')],
    loadModule,
    peekModule: () => undefined,
  });
}

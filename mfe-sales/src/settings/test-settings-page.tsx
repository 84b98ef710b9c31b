// Test harness of mfe-sales' settings sections (jest only): the settings page as users get it — hosted by mfe-auth
// (the shared-kernel/kit frame its page renders), listing the sections of every remote, and rendering one of
// mfe-sales' from its `./module` as the shell's module cache lends it. mfe-sales' sections come from ../routes and
// ../module; one section of mfe-auth (Typologies, with the access mfe-auth declares for it) stands for the others', so a
// test sees its sections among them.
import type { SettingsSectionMeta } from 'shared-kernel/contracts';
import { SettingsSections } from 'shared-kernel/kit';
import { provideContributions } from 'shared-kernel/runtime';
import salesModule from '../module';
import { settingsSections } from '../routes';

const TYPOS: SettingsSectionMeta = {
  key: 'typos',
  title: 'Typologies',
  titleEn: 'Typologies',
  roles: ['owner', 'iam'],
  permissions: ['seeAllPrice', 'seeAllProduct', 'createProduct', 'seeAllClient', 'createClient'],
  order: 30,
};
const HOST = { remote: 'mfe_auth', sections: [TYPOS], components: { typos: () => <p>Typologies de mfe-auth</p> } };

provideContributions({
  settingsSections: [
    { ...TYPOS, permissions: TYPOS.permissions ?? [], modules: [], remote: 'mfe_auth' },
    ...settingsSections.map((s) => ({ ...s, permissions: s.permissions ?? [], modules: s.modules ?? [], remote: 'mfe_sales' })),
  ],
  loadModule: async (remote) => {
    if (remote !== 'mfe_sales') throw new Error(`${remote} is not part of these tests`);
    return salesModule;
  },
  // already in the shell's module cache (its pages or widgets loaded it): rendered without a loading step
  peekModule: (remote) => (remote === 'mfe_sales' ? salesModule : undefined),
});

/** /dashboard/settings, as mfe-auth's page renders it in the shell. */
export default function SettingsPage() {
  return <SettingsSections own={HOST} />;
}

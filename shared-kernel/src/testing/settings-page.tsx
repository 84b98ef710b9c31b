// settingsPageFor: the settings page (/dashboard/settings?link=<key>) as users get it, for the tests of a remote's
// settings sections (jest only). The page is mfe-auth's (the kit's SettingsSections it renders); its menu lists the
// sections of every remote; the remote under test renders its own from its `./module`, as the shell's module cache
// lends it. Two sections of other remotes stand for the rest of the menu, with the access their remotes declare:
// mfe-auth's « Informations » (rendered by the page's host) and mfe-crm's « Typologies » (loaded from another module),
// so a test sees the remote's sections among others and who sees which. A remote that declares one of these keys
// itself keeps its own.
import { useState, type ReactElement } from 'react';
import type { RemoteModule, SettingsSectionMeta } from 'shared-kernel/contracts';
import { SettingsSections } from 'shared-kernel/kit';
import { provideContributions, type SettingsSectionEntry } from 'shared-kernel/runtime';

const HOST = 'mfe_auth';
/** The Module Federation name of a remote ('mfe-sales' → 'mfe_sales'), the one the registry gives its sections. */
const federationName = (module: RemoteModule) => module.name.replace(/-/g, '_');

const STAND_INS: ReadonlyArray<{ remote: string; section: SettingsSectionMeta }> = [
  { remote: HOST, section: { key: 'infos', title: 'Informations', titleEn: 'Information', roles: ['owner', 'iam'], order: 20 } },
  {
    remote: 'mfe_crm',
    section: {
      key: 'typos',
      title: 'Typologies',
      titleEn: 'Typologies',
      roles: ['owner', 'iam'],
      permissions: ['seeAllPrice', 'seeAllProduct', 'createProduct', 'seeAllClient', 'createClient'],
      order: 30,
    },
  },
];

const entryOf = (section: SettingsSectionMeta, remote: string): SettingsSectionEntry => ({
  ...section,
  permissions: section.permissions ?? [],
  modules: section.modules ?? [],
  remote,
});
const standInOf = (remote: string, section: SettingsSectionMeta) =>
  function StandIn() {
    return <p>{`${section.title} de ${remote}`}</p>;
  };

/**
 * The settings page with `module`'s `sections` (its routes.ts `settingsSections`) among the others:
 * `const SettingsPage = settingsPageFor(salesModule, settingsSections)`, then `renderPage(<SettingsPage />, { route })`.
 * The registry is lent when the page mounts, so a test file may reset the contributions between tests.
 */
export function settingsPageFor(module: RemoteModule, sections: readonly SettingsSectionMeta[]): () => ReactElement {
  const name = federationName(module);
  const own = new Set(sections.map((s) => s.key));
  const standIns = STAND_INS.filter((s) => s.remote !== name && !own.has(s.section.key));
  const modules = new Map<string, RemoteModule>([[name, module]]);
  for (const { remote, section } of standIns) {
    if (remote === HOST) continue;
    const mod = modules.get(remote) ?? { name: remote.replace(/_/g, '-'), pages: {}, settingsSections: {} };
    mod.settingsSections = { ...mod.settingsSections, [section.key]: standInOf(remote, section) };
    modules.set(remote, mod);
  }
  const hosted = standIns.filter((s) => s.remote === HOST);
  const host = {
    remote: HOST,
    sections: hosted.map((s) => s.section),
    components: Object.fromEntries(hosted.map((s) => [s.section.key, standInOf(HOST, s.section)])),
  };
  const registry = [...standIns.map((s) => entryOf(s.section, s.remote)), ...sections.map((s) => entryOf(s, name))];

  return function SettingsPage() {
    // lent before the page's first render, as the shell lends it before any remote renders
    useState(() =>
      provideContributions({
        settingsSections: registry,
        loadModule: async (remote) => {
          const mod = modules.get(remote);
          if (!mod) throw new Error(`${remote} is not part of these tests`);
          return mod;
        },
        // already in the shell's module cache (its pages or widgets loaded it): rendered without a loading step
        peekModule: (remote) => modules.get(remote),
      }),
    );
    return <SettingsSections own={host} />;
  };
}

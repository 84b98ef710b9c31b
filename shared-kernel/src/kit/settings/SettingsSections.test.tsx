/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import type { RemoteModule, SettingsSectionMeta } from 'shared-kernel/contracts';
import { provideContributions, resetContributions, type SettingsSectionEntry } from 'shared-kernel/runtime';
import { iamWith, renderPage } from 'shared-kernel/testing';
import { SettingsSections } from './SettingsSections';

// the hosting remote (mfe-auth in the product) and another one lending two sections
const OWN: SettingsSectionMeta[] = [
  { key: 'account', title: 'Mon compte', titleEn: 'My account', roles: ['buyer', 'owner', 'iam', 'agent'], order: 10 },
  { key: 'infos', title: 'Informations', titleEn: 'Information', roles: ['owner', 'iam'], order: 20 },
];
const components = {
  account: () => <p>formulaire du compte</p>,
  infos: () => <p>formulaire des informations</p>,
};
const SALES: SettingsSectionEntry[] = [
  {
    key: 'billing',
    title: 'Facturation',
    titleEn: 'Billing',
    roles: ['owner'],
    permissions: [],
    modules: [],
    order: 15,
    remote: 'mfe_sales',
  },
  {
    key: 'delivery',
    title: 'Livraison',
    titleEn: 'Delivery',
    roles: ['owner', 'iam'],
    permissions: ['manageDelivery'],
    modules: [],
    order: 30,
    remote: 'mfe_sales',
  },
];
const registry: SettingsSectionEntry[] = [...OWN.map((s) => ({ ...s, permissions: [], modules: [], remote: 'mfe_auth' })), ...SALES];
const salesModule: RemoteModule = {
  name: 'mfe-sales',
  pages: {},
  settingsSections: { billing: () => <p>formulaire de facturation</p>, delivery: () => <p>formulaire de livraison</p> },
};

const page = <SettingsSections own={{ remote: 'mfe_auth', sections: OWN, components }} />;
const links = (nav = 'Sections des paramètres') =>
  within(screen.getByRole('navigation', { name: nav }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
const NOTICE = 'Certains réglages sont momentanément indisponibles. Réessayez dans quelques instants.';

afterEach(resetContributions);

it('lists the sections of every remote the viewer may open, in their order, and renders another remote’s from its module', async () => {
  const loaded: string[] = [];
  provideContributions({
    settingsSections: registry,
    loadModule: async (remote) => {
      loaded.push(remote);
      return salesModule;
    },
  });
  renderPage(page, { route: '/dashboard/settings?link=billing', session: 'owner' });
  expect(links()).toEqual([
    ['Mon compte', '/dashboard/settings?link=account'],
    ['Facturation', '/dashboard/settings?link=billing'],
    ['Informations', '/dashboard/settings?link=infos'],
    ['Livraison', '/dashboard/settings?link=delivery'],
  ]);
  expect(await screen.findByText('formulaire de facturation')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Paramètres — Facturation');
  expect(loaded).toEqual(['mfe_sales']);
  expect(screen.queryByText(NOTICE)).toBeNull();
});

it('renders its own sections without loading anything, and hides what the viewer may not open (its link says so)', async () => {
  const loaded: string[] = [];
  provideContributions({ settingsSections: registry, loadModule: async (r) => (loaded.push(r), salesModule) });
  renderPage(page, { route: '/dashboard/settings?link=billing', session: iamWith({}) });
  expect(links().map(([label]) => label)).toEqual(['Mon compte', 'Informations']);
  expect(screen.getByText('Vous n’avez pas accès à cette section des paramètres.')).toBeInTheDocument();
  expect(screen.queryByText('formulaire de facturation')).toBeNull();
  expect(loaded).toEqual([]);
});

it('hides only the sections of a remote that cannot be loaded, with a notice; the others keep working', async () => {
  provideContributions({ settingsSections: registry, loadModule: () => Promise.reject(new Error('remoteEntry.js: 502')) });
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const view = renderPage(page, { route: '/dashboard/settings?link=billing', session: 'owner' });
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  expect(links().map(([label]) => label)).toEqual(['Mon compte', 'Informations']);
  // not refused: the section exists, it is out of reach for now
  expect(screen.queryByText('Vous n’avez pas accès à cette section des paramètres.')).toBeNull();
  expect(screen.getByText('Choisissez une section.')).toBeInTheDocument();
  await view.navigate('/dashboard/settings?link=infos');
  expect(screen.getByText('formulaire des informations')).toBeInTheDocument();
  expect(error).toHaveBeenCalled();
  error.mockRestore();
});

it('a module without the declared section, or a section that fails to render, is hidden the same way', async () => {
  const Broken = () => {
    throw new Error('boom');
  };
  provideContributions({
    settingsSections: registry,
    loadModule: async () => ({ ...salesModule, settingsSections: { billing: Broken } }),
  });
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderPage(page, { route: '/dashboard/settings?link=billing', session: 'owner' });
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  await waitFor(() => expect(links().map(([label]) => label)).toEqual(['Mon compte', 'Informations']));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Paramètres$/);
  error.mockRestore();
});

it('outside the shell (no registry) lists the hosting remote’s own sections; titles follow the language', async () => {
  renderPage(page, { route: '/dashboard/settings?link=account', session: 'owner', language: 'en' });
  expect(links('Settings sections').map(([label]) => label)).toEqual(['My account', 'Information']);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Settings — My account');
  expect(screen.getByText('formulaire du compte')).toBeInTheDocument();
});

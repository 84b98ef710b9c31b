import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_SHOP, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';
import type { Iframe } from './iframes.queries';

const route = '/dashboard/settings?link=iframes';
const iframes: Iframe[] = [
  { id: 7, shopId: 1, name: 'Boutique sur le site du domaine', kind: 'list', productId: null, createdAt: '2026-03-21T09:30:00.000Z' },
  { id: 5, shopId: 1, name: 'Crémant du salon', kind: 'product', productId: 42, createdAt: '2026-01-05T10:00:00.000Z' },
];
const page = (items: Iframe[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });

it('lists the shop’s iframes, newest first, each opening its page; links to add one and to the full list', async () => {
  const view = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /iframes': page(iframes) },
    routes: { '/dashboard/iframes/:id': <p>page de l’iframe</p> },
  });
  const list = await screen.findByRole('list', { name: 'Iframes de la boutique' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(within(items[0]).getByRole('link', { name: 'Ouvrir l’iframe Boutique sur le site du domaine' })).toHaveAttribute(
    'href',
    '/dashboard/iframes/7',
  );
  expect(items[0]).toHaveTextContent('Liste des produits · créée le 21/03/2026');
  expect(items[1]).toHaveTextContent('Un produit · créée le 05/01/2026');
  expect(screen.getByRole('link', { name: 'Nouvelle iframe' })).toHaveAttribute('href', '/dashboard/iframes/add');
  expect(screen.getByRole('link', { name: 'Gérer les iframes' })).toHaveAttribute('href', '/dashboard/iframes');
  expect(view.api.callsTo('GET /iframes')[0].query).toEqual({ page: '1', pageSize: '20', sort: '-id' });

  await userEvent.click(screen.getByRole('link', { name: 'Ouvrir l’iframe Crémant du salon' }));
  await waitFor(() => expect(view.location().pathname).toBe('/dashboard/iframes/5'));
});

it('says how many there are when the section shows only the newest', async () => {
  renderPage(<SettingsPage />, { route, session: 'iam', api: { 'GET /iframes': page(iframes, 26) } });
  expect(await screen.findByRole('link', { name: 'Voir toutes les iframes (26)' })).toHaveAttribute('href', '/dashboard/iframes');
});

it('without iframes: the empty state and the link to add the first one', async () => {
  const view = renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /iframes': page([]) } });
  expect(await screen.findByText('Vous n’avez pas encore d’iframe')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Iframes de la boutique' })).toBeNull();
  const add = screen.getByRole('link', { name: 'Nouvelle iframe' });
  expect(screen.getAllByRole('link', { name: 'Nouvelle iframe' })).toHaveLength(1);
  await userEvent.click(add);
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toHaveTextContent('/dashboard/iframes/add'));
  expect(view.location().pathname).toBe('/dashboard/iframes/add');
});

it('with the module off: says so, links to the integrations, asks the api nothing', async () => {
  const shop = { ...DEMO_SHOP, integration: { ...DEMO_SHOP.integration, iframes: { active: false } } };
  const view = renderPage(<SettingsPage />, { route, session: { user: 'owner', shop } });
  expect(await screen.findByText('Le module Iframes n’est pas activé pour votre boutique.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Activer le module dans les intégrations' })).toHaveAttribute(
    'href',
    '/dashboard/settings?link=integrations',
  );
  expect(screen.queryByRole('link', { name: 'Nouvelle iframe' })).toBeNull();
  expect(view.calls).toEqual([]);
});

it('a load error offers to retry', async () => {
  let fail = true;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /iframes': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : page(iframes)) },
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Service indisponible');
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('list', { name: 'Iframes de la boutique' })).toBeInTheDocument();
});

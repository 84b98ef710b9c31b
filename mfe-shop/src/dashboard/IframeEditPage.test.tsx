import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply, type ApiHandlers, type ApiRequest } from 'shared-kernel/testing';
import IframeEditPage from './IframeEditPage';
import type { Iframe } from './iframes.queries';

const rows: Iframe[] = [{ id: 8, shopId: 1, name: 'Galets', kind: 'product', productId: 55, createdAt: '2026-03-05T10:00:00.000Z' }];
const products = { items: [{ id: 55, name: 'Les Galets Rouges' }], total: 1, limit: 100, offset: 0, facets: {}, pricesReserved: false };

function renderEdit(route: string, api: ApiHandlers) {
  return renderPage(<IframeEditPage />, {
    route,
    path: route === '/dashboard/iframes/add' ? route : '/dashboard/iframes/:id',
    session: 'owner',
    routes: { '/dashboard/iframes/:id': <p>Détail</p> },
    api: { 'GET /iframes': (req) => paginatedOf(rows, req.query), 'GET /products': () => products, ...api },
  });
}

it('opens an iframe of the shop with its product, and saves it in place', async () => {
  const page = renderEdit('/dashboard/iframes/8', { 'PUT /iframes/:id': (req: ApiRequest) => ({ ...rows[0], ...(req.body as object) }) });
  expect(await screen.findByDisplayValue('Galets')).toBeInTheDocument();
  expect(await screen.findByRole('option', { name: 'Les Galets Rouges' })).toBeInTheDocument();
  expect(screen.getByRole('combobox')).toHaveValue('55');
  expect(page.api.callsTo('GET /iframes')[0].query).toEqual({ pageSize: '100' });
  expect(page.api.callsTo('GET /products')[0].query).toMatchObject({ shopIds: '[1]', limit: '100' });

  await userEvent.clear(screen.getByRole('textbox', { name: 'Nom' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Nom' }), 'Galets 2');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.api.callsTo('PUT /iframes/:id')).toHaveLength(1));
  expect(page.api.callsTo('PUT /iframes/:id')[0].body).toEqual({ name: 'Galets 2', kind: 'product', productId: 55 });
  expect(page.location().pathname).toBe('/dashboard/iframes/8');
});

it('says an iframe that is not among the shop’s is not found', async () => {
  renderEdit('/dashboard/iframes/99', {});
  expect(await screen.findByRole('heading', { name: 'Iframe introuvable' })).toBeInTheDocument();
});

it('creates an iframe and opens it; an api error naming a field shows under it', async () => {
  let answer: unknown = reply(400, { success: false, message: 'Le nom est obligatoire', field: 'name' });
  const page = renderEdit('/dashboard/iframes/add', { 'POST /iframes': () => answer });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Le nom est obligatoire')).toBeInTheDocument();
  expect(page.api.callsTo('GET /iframes')).toHaveLength(0);

  answer = { ...rows[0], id: 12, name: 'Boutique', kind: 'list', productId: null };
  await userEvent.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Boutique');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.location().pathname).toBe('/dashboard/iframes/12'));
  expect(page.api.callsTo('POST /iframes').at(-1)!.body).toEqual({ name: 'Boutique', kind: 'list', productId: null });
});

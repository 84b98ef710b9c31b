import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { embedCode } from './iframes.columns';
import type { Iframe } from './iframes.queries';
import IframesListPage from './IframesListPage';

const rows: Iframe[] = [
  { id: 7, shopId: 1, name: 'Site du domaine', kind: 'list', productId: null, createdAt: '2026-03-02T10:00:00.000Z' },
  { id: 8, shopId: 1, name: 'Galets', kind: 'product', productId: 55, createdAt: '2026-03-05T10:00:00.000Z' },
];
const products = { items: [{ id: 55, name: 'Les Galets Rouges' }], total: 1, limit: 100, offset: 0, facets: {}, pricesReserved: false };

function renderList(list: () => Iframe[], route = '/dashboard/iframes', more: Record<string, (req: ApiRequest) => unknown> = {}) {
  return renderPage(<IframesListPage />, {
    route,
    path: '/dashboard/iframes',
    session: 'owner',
    routes: { '/dashboard/iframes/:id': <p>Détail</p> },
    api: { 'GET /iframes': (req) => paginatedOf(list(), req.query), 'GET /products': () => products, ...more },
  });
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

it('lists the widgets with kind, product and date, and copies the embed code', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  const page = renderList(() => rows);
  const galets = within(await rowOf('Galets'));
  expect(galets.getByText('Un produit')).toBeInTheDocument();
  expect(await galets.findByText('Les Galets Rouges')).toBeInTheDocument();
  expect(galets.getByText('05/03/2026')).toBeInTheDocument();
  expect(within(await rowOf('Site du domaine')).getByText('Liste des produits')).toBeInTheDocument();
  expect(page.api.callsTo('GET /iframes')[0].query).toEqual({ page: '1', pageSize: '20', sort: '-id' });
  expect(page.api.callsTo('GET /products')[0].query).toMatchObject({ shopIds: '[1]', filterByProductIds: '[55]' });

  fireEvent.click(screen.getByRole('button', { name: 'Copier le code de Galets' }));
  await waitFor(() =>
    expect(writeText).toHaveBeenCalledWith(
      `<iframe src="${window.location.origin}/iframes/8" title="Galets" width="100%" height="900" style="border:0" loading="lazy"></iframe>`,
    ),
  );
  expect(await screen.findByRole('button', { name: 'Copier le code de Galets' })).toHaveTextContent('Copié');
  expect(screen.getByRole('button', { name: 'Copier le code de Site du domaine' })).toHaveTextContent('Copier le code');
  expect(page.snackbars()).toContainEqual({ text: "Code de l'iframe « Galets » copié", error: false });
  expect(embedCode(3, 'A "b" & c', 'https://x.test')).toBe(
    '<iframe src="https://x.test/iframes/3" title="A &quot;b&quot; &amp; c" width="100%" height="900" style="border:0" loading="lazy"></iframe>',
  );
});

it('says when the product of an iframe is gone, and shows its number while its name is unknown', async () => {
  renderList(
    () => [
      { ...rows[1], id: 9, name: 'Orphelin', productId: null },
      { ...rows[1], id: 10, name: 'Inconnu', productId: 77 },
    ],
    '/dashboard/iframes',
    { 'GET /products': () => reply(500, { success: false, message: 'Erreur' }) },
  );
  expect(within(await rowOf('Orphelin')).getByText('Produit supprimé')).toBeInTheDocument();
  expect(within(await rowOf('Inconnu')).getByText('Produit n°77')).toBeInTheDocument();
});

it('opens an iframe from its row', async () => {
  const page = renderList(() => rows);
  await userEvent.click(within(await rowOf('Galets')).getByText('05/03/2026'));
  expect(await screen.findByText('Détail')).toBeInTheDocument();
  expect(page.location().pathname).toBe('/dashboard/iframes/8');
});

it('keeps the sort and the kind filter in the URL and sends them to the api', async () => {
  const page = renderList(() => rows.filter((r) => r.kind === 'product'), '/dashboard/iframes?kind=product&sort=name&pageSize=10');
  expect(await screen.findByRole('link', { name: 'Galets' })).toBeInTheDocument();
  expect(page.api.callsTo('GET /iframes')[0].query).toEqual({ page: '1', pageSize: '10', sort: 'name', kind: 'product' });
  await userEvent.click(screen.getByRole('columnheader', { name: /Créée le/ }));
  await waitFor(() =>
    expect(Object.fromEntries(new URLSearchParams(page.location().search))).toEqual({ kind: 'product', pageSize: '10', sort: 'createdAt' }),
  );
  await waitFor(() =>
    expect(page.api.callsTo('GET /iframes').at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'createdAt', kind: 'product' }),
  );
});

it('deletes only after confirmation', async () => {
  let list = [...rows];
  const page = renderList(() => list, '/dashboard/iframes', {
    'DELETE /iframes/:id': (req) => {
      list = list.filter((r) => String(r.id) !== req.params.id);
      return { success: true, message: "L'iframe a été supprimée" };
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Site du domaine' }));
  let dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText("Supprimer l'iframe ?")).toBeInTheDocument();
  expect(within(dialog).getByText('Les sites qui intègrent « Site du domaine » afficheront une page introuvable.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(page.api.callsTo('DELETE /iframes/:id')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Supprimer Site du domaine' }));
  dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Site du domaine' })).not.toBeInTheDocument());
  expect(page.api.callsTo('DELETE /iframes/:id').map((c) => c.path)).toEqual(['/iframes/7']);
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: "L'iframe a été supprimée", error: false }));
  expect(screen.getByRole('link', { name: 'Galets' })).toBeInTheDocument();
});

it("shows the empty state with a 'Nouvelle iframe' button", async () => {
  const page = renderList(() => []);
  expect(await screen.findByText("Vous n'avez pas encore d'iframe")).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Nouvelle iframe' })).toHaveLength(1);
  expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Nouvelle iframe' }));
  await waitFor(() => expect(page.location().pathname).toBe('/dashboard/iframes/add'));
});

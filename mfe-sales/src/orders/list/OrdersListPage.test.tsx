import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from 'shared-kernel/contracts';
import { PENDING, paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { EURO, summary } from '../orders.fixtures';
import OrdersListPage from './OrdersListPage';

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
beforeEach(() => setWidth(1440));

const serve = (rows: OrderSummary[]) => (req: ApiRequest) => paginatedOf(rows, req.query);
const detailRoute = { '/dashboard/orders/:id': <p>détail</p> };

describe('seller view (owner)', () => {
  it('renders the rows of the server page and asks the next page when paginating, keeping it in the URL', async () => {
    const rows = [
      ...Array.from({ length: 10 }, (_, i) => summary({ id: 100 - i, number: `C-${100 - i}`, totalTTC: 123456 + i })),
      summary({ id: 7, number: 'C-7', status: 'pending', paymentStatus: 'setup', totalTTC: 990 }),
    ];
    const page = renderPage(<OrdersListPage />, { route: '/dashboard/orders?pageSize=10', api: { 'GET /orders': serve(rows) } });

    expect(await screen.findByRole('link', { name: 'C-100' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Commandes de la boutique' })).toBeInTheDocument();
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '10', sort: '-createdAt', kind: 'order' });
    const shown = screen.getAllByTestId('resource-row');
    expect(shown).toHaveLength(10);
    // columns: number, date (dd/LL/yyyy HH:mm), buyer, status + payment status, total TTC in French format
    const first = within(shown[0]);
    expect(first.getByText('21/03/2026 14:05')).toBeInTheDocument();
    expect(first.getByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(first.getByText('buyer@demo.test')).toBeInTheDocument();
    expect(first.getByText('Validée')).toBeInTheDocument();
    expect(first.getByText('Payé')).toBeInTheDocument();
    expect(first.getByTestId('order-total').textContent).toBe(EURO('1 234,56 €'));
    expect(screen.getByText('11 commandes')).toBeInTheDocument();

    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByRole('link', { name: 'C-7' })).toBeInTheDocument();
    expect(page.calls.at(-1)!.query).toEqual({ page: '2', pageSize: '10', sort: '-createdAt', kind: 'order' });
    expect(page.location().search).toBe('?page=2&pageSize=10');
    const row = within(screen.getByTestId('resource-row'));
    expect(row.getByText('En attente')).toBeInTheDocument();
    expect(row.getByText('Empreinte enregistrée')).toBeInTheDocument();
    expect(row.getByTestId('order-total').textContent).toBe(EURO('9,90 €'));
  });

  it("reads page, pageSize and status from the URL (reload keeps the view; the dashboard's ?status=pending link)", async () => {
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders?page=3&pageSize=10&status=pending',
      api: { 'GET /orders': { items: [summary({ id: 1, status: 'pending' })], total: 31, page: 3, pageSize: 10 } },
    });
    expect(await screen.findByRole('link', { name: 'C-2026-0001' })).toBeInTheDocument();
    expect(page.calls[0].query).toEqual({ page: '3', pageSize: '10', sort: '-createdAt', status: 'pending', kind: 'order' });
    expect(screen.getByTitle('3')).toHaveClass('ant-pagination-item-active');
    expect(screen.getByRole('combobox', { name: 'Filtrer par statut' }).closest('.ant-select')).toHaveTextContent('En attente');
  });

  it('filters by status: the status goes into the api query and the URL, back to page 1', async () => {
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders?page=2&pageSize=10',
      api: {
        'GET /orders': (req: ApiRequest) =>
          req.query.status === 'cancelled'
            ? paginatedOf([summary({ id: 3, number: 'C-3', status: 'cancelled' })], req.query)
            : { items: [summary({ id: 1, number: 'C-1' })], total: 11, page: 2, pageSize: 10 },
      },
    });
    expect(await screen.findByRole('link', { name: 'C-1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par statut' }));
    await userEvent.click(await screen.findByTitle('Annulée'));
    expect(await screen.findByRole('link', { name: 'C-3' })).toBeInTheDocument();
    expect(page.calls.at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: '-createdAt', status: 'cancelled', kind: 'order' });
    expect(page.location().search).toBe('?pageSize=10&status=cancelled');
  });

  it('sorts by date from the header: the sort goes to the api and the URL (the default, newest first, stays out of it)', async () => {
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders?pageSize=10',
      api: { 'GET /orders': serve([summary({ id: 1, number: 'C-1' })]) },
    });
    await screen.findByRole('link', { name: 'C-1' });
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('columnheader', { name: /Date/ }));
    await waitFor(() => expect(page.location().search).toBe('?pageSize=10&sort=createdAt'));
    expect(page.calls.at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'createdAt', kind: 'order' });
  });

  it('opens the detail from a row click, passing the list URL for the way back', async () => {
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders?page=1',
      api: { 'GET /orders': serve([summary({ id: 42, number: 'C-42' })]) },
      routes: detailRoute,
    });
    await userEvent.click(await screen.findByText('Béatrice Acheteuse'));
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/orders/42'));
    expect(page.location().state).toEqual({ from: '/dashboard/orders?page=1' });
  });

  it('opens the detail from the keyboard (Enter on a focused row)', async () => {
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders',
      api: { 'GET /orders': serve([summary({ id: 43, number: 'C-43' })]) },
      routes: detailRoute,
    });
    const row = (await screen.findAllByTestId('resource-row'))[0];
    row.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/orders/43'));
  });

  it('shows the empty state', async () => {
    renderPage(<OrdersListPage />, { route: '/dashboard/orders', api: { 'GET /orders': serve([]) } });
    expect(await screen.findByText('Aucune commande pour le moment')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Découvrir les producteurs' })).not.toBeInTheDocument();
  });

  it('shows a loading state while the page loads', async () => {
    renderPage(<OrdersListPage />, { route: '/dashboard/orders', api: { 'GET /orders': PENDING } });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    expect(screen.queryByText('Aucune commande pour le moment')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that reloads the page', async () => {
    let fail = true;
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders',
      api: {
        'GET /orders': (req: ApiRequest) =>
          fail
            ? reply(500, { success: false, message: 'Base de données indisponible' })
            : paginatedOf([summary({ id: 9, number: 'C-9' })], req.query),
      },
    });
    expect(await screen.findByText('Impossible de charger les données')).toBeInTheDocument();
    expect(screen.getByText('Base de données indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'C-9' })).toBeInTheDocument();
    expect(page.calls).toHaveLength(2);
  });

  it('shows the filtered empty state with a way back to every order', async () => {
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders?status=refused',
      api: { 'GET /orders': (req: ApiRequest) => paginatedOf(req.query.status ? [] : [summary({ id: 1, number: 'C-1' })], req.query) },
    });
    expect(await screen.findByText('Aucune commande avec ce statut')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(await screen.findByRole('link', { name: 'C-1' })).toBeInTheDocument();
    expect(page.location().search).toBe('');
  });

  it('uses cards on a phone (no wide table)', async () => {
    setWidth(375);
    renderPage(<OrdersListPage />, { route: '/dashboard/orders', api: { 'GET /orders': serve([summary({ id: 1, number: 'C-1' })]) } });
    const card = await screen.findByTestId('resource-card');
    expect(within(card).getByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'C-1' })).toHaveAttribute('href', '/dashboard/orders/1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filtrer par statut' })).toBeInTheDocument();
  });
});

describe('CSV export (staff)', () => {
  let blobs: Blob[] = [];
  let downloads: string[] = [];
  beforeEach(() => {
    blobs = [];
    downloads = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:csv';
    }) as never;
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const text = (b: Blob) =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(reader.result as ArrayBuffer)));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(b);
    });

  it('exports every order of the current filter, French CSV with the buyer’s e-mail in its own column', async () => {
    const rows = [
      summary({ id: 5, number: 'C-5', status: 'pending', paymentStatus: 'setup', totalTTC: 123456 }),
      summary({
        id: 4,
        number: 'C-4',
        status: 'pending',
        paymentStatus: 'pending',
        totalTTC: 990,
        buyer: { id: 8, name: 'Chai Dupont', email: 'chai@demo.test' },
      }),
    ];
    const page = renderPage(<OrdersListPage />, { route: '/dashboard/orders?status=pending', api: { 'GET /orders': serve(rows) } });
    await screen.findByText('2 commandes');
    await userEvent.click(screen.getByRole('button', { name: /Exporter \(CSV\)/ }));
    await waitFor(() => expect(downloads).toEqual(['commandes.csv']));
    expect((await text(blobs[0])).slice(1).split('\r\n')).toEqual([
      'N°;Date;Client;Mail;Statut;Paiement;Total TTC',
      'C-5;21/03/2026 14:05;Béatrice Acheteuse;buyer@demo.test;En attente;Empreinte enregistrée;1234,56',
      'C-4;21/03/2026 14:05;Chai Dupont;chai@demo.test;En attente;En attente;9,9',
    ]);
    expect(page.calls.at(-1)!.query).toEqual({ page: '1', pageSize: '100', sort: '-createdAt', status: 'pending', kind: 'order' });
  });
});

it('an agent gets the read-only staff table of the orders it placed', async () => {
  renderPage(<OrdersListPage />, {
    route: '/dashboard/orders',
    session: 'agent',
    api: { 'GET /orders': serve([summary({ id: 1, number: 'C-1' })]) },
  });
  expect(await screen.findByRole('link', { name: 'C-1' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Commandes' })).toBeInTheDocument();
  expect(screen.getByTestId('order-list')).toHaveAttribute('data-view', 'staff');
  expect(screen.getByRole('table', { name: 'Liste des commandes' })).toBeInTheDocument();
});

describe('buyer view', () => {
  it("lists 'Mes commandes' as cards across shops, each opening its detail", async () => {
    const rows = [
      summary({
        id: 2,
        number: 'C-2',
        shop: { id: 2, name: 'Brasserie Démo', urlShop: 'brasserie-demo' },
        totalTTC: 4560,
        status: 'pending',
        paymentStatus: 'pending',
      }),
      summary({ id: 1, number: 'C-1' }),
    ];
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders',
      session: 'buyer',
      api: { 'GET /orders': serve(rows) },
      routes: detailRoute,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes commandes' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('resource-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: 'C-2' })).toBeInTheDocument();
    expect(first.getByText('Producteur').nextSibling).toHaveTextContent('Brasserie Démo');
    expect(first.getByText('21/03/2026 14:05')).toBeInTheDocument();
    expect(first.getAllByText('En attente')).toHaveLength(2);
    expect(first.getByTestId('order-total').textContent).toBe(EURO('45,60 €'));
    expect(within(cards[1]).getByText('Domaine de Démo')).toBeInTheDocument();
    // the buyer sees shops, not buyer names; nothing to export
    expect(screen.queryByText('buyer@demo.test')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exporter/ })).not.toBeInTheDocument();

    await userEvent.click(first.getByText('Brasserie Démo'));
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/orders/2'));
  });

  it('empty state links to the shops, without a status filter', async () => {
    renderPage(<OrdersListPage />, { route: '/dashboard/orders', session: 'buyer', api: { 'GET /orders': serve([]) } });
    expect(await screen.findByText('Aucune commande pour le moment')).toBeInTheDocument();
    expect(screen.getByText('Vos commandes passées auprès des producteurs apparaîtront ici.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Découvrir les producteurs' })).toHaveAttribute('href', '/shops');
    expect(screen.queryByRole('combobox', { name: 'Filtrer par statut' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    const { container } = renderPage(<OrdersListPage />, { route: '/dashboard/orders', session: 'buyer', api: { 'GET /orders': PENDING } });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
  });
});

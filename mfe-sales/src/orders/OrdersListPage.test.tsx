import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiConfig } from 'shared-kernel/runtime';
import { OrdersListPage } from './OrdersListPage';
import { ReservationsListPage } from '../reservations/ReservationsListPage';
import { AGENT, BUYER, OWNER, json, loginAs, mockApi, renderAt, summary } from '../test/helpers';

/** French money as displayed: narrow no-break space between thousands, no-break space before €. */
const EURO = (s: string) => s.replace(' €', '\u00a0€').replace(/ /g, '\u202f');

const page = (items: ReturnType<typeof summary>[], total: number, p = 1, pageSize = 20) => ({ items, total, page: p, pageSize });
const listUrl = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/v1/orders?')).map((c) => c.url);

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

// antd tables render slowly in jsdom when the machine is busy
jest.setTimeout(30_000);

beforeEach(() => setWidth(1440));
afterEach(() => {
  resetApiConfig();
  loginAs(null);
});

describe('seller view (owner)', () => {
  beforeEach(() => loginAs(OWNER));

  it('renders the rows of the server page and asks the next page when paginating, keeping it in the URL', async () => {
    const first = Array.from({ length: 20 }, (_, i) => summary({ id: 100 - i, number: `C-${100 - i}`, totalTTC: 123456 + i }));
    const calls = mockApi((url) =>
      url.includes('page=2')
        ? json(200, page([summary({ id: 7, number: 'C-7', status: 'pending', paymentStatus: 'setup', totalTTC: 990 })], 21, 2))
        : json(200, page(first, 21)),
    );
    const { location } = renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });

    expect(await screen.findByRole('link', { name: 'C-100' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Commandes de la boutique' })).toBeInTheDocument();
    expect(listUrl(calls)[0]).toBe('/v1/orders?page=1&pageSize=20&kind=order');
    const rows = screen.getAllByTestId('order-row');
    expect(rows).toHaveLength(20);
    // columns: number, date (dd/LL/yyyy HH:mm), buyer, status + payment status, total TTC in French format
    const firstRow = within(rows[0]);
    expect(firstRow.getByText('21/03/2026 14:05')).toBeInTheDocument();
    expect(firstRow.getByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(firstRow.getByText('Validée')).toBeInTheDocument();
    expect(firstRow.getByText('Payé')).toBeInTheDocument();
    expect(firstRow.getByTestId('order-total').textContent).toBe(EURO('1 234,56 €'));
    expect(screen.getByText('21 commandes')).toBeInTheDocument();

    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByRole('link', { name: 'C-7' })).toBeInTheDocument();
    expect(listUrl(calls).at(-1)).toBe('/v1/orders?page=2&pageSize=20&kind=order');
    expect(location().search).toBe('?page=2');
    const row = within(screen.getByTestId('order-row'));
    expect(row.getByText('En attente')).toBeInTheDocument();
    expect(row.getByText('Empreinte enregistrée')).toBeInTheDocument();
    expect(row.getByTestId('order-total').textContent).toBe(EURO('9,90 €'));
  });

  it('reads page, pageSize and status from the URL (reload keeps the page)', async () => {
    const calls = mockApi(() => json(200, page([summary({ id: 1, status: 'pending' })], 31, 3, 10)));
    renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders?page=3&pageSize=10&status=pending' });
    expect(await screen.findByRole('link', { name: 'C-2026-0001' })).toBeInTheDocument();
    expect(listUrl(calls)[0]).toBe('/v1/orders?page=3&pageSize=10&status=pending&kind=order');
    expect(screen.getByTitle('3')).toHaveClass('ant-pagination-item-active');
  });

  it('filters by status: the status goes into the api query and the URL, back to page 1', async () => {
    const calls = mockApi((url) =>
      url.includes('status=cancelled') ? json(200, page([summary({ id: 3, number: 'C-3', status: 'cancelled' })], 1)) : json(200, page([summary({ id: 1, number: 'C-1' })], 41, 2)),
    );
    const { location } = renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders?page=2' });
    expect(await screen.findByRole('link', { name: 'C-1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par statut' }));
    await userEvent.click(await screen.findByTitle('Annulée'));
    expect(await screen.findByRole('link', { name: 'C-3' })).toBeInTheDocument();
    expect(listUrl(calls).at(-1)).toBe('/v1/orders?page=1&pageSize=20&status=cancelled&kind=order');
    expect(location().search).toBe('?status=cancelled');
  });

  it('opens the detail from a row click', async () => {
    mockApi(() => json(200, page([summary({ id: 42, number: 'C-42' })], 1)));
    const { location } = renderAt(<OrdersListPage />, {
      path: '/dashboard/orders', url: '/dashboard/orders?page=1',
      extraRoutes: [{ path: '/dashboard/orders/:id', element: <p>détail</p> }],
    });
    await userEvent.click(await screen.findByText('Béatrice Acheteuse'));
    await waitFor(() => expect(location().pathname).toBe('/dashboard/orders/42'));
    expect(location().state).toEqual({ from: '?page=1' });
  });

  it('opens the detail from the keyboard (Enter on a focused row)', async () => {
    mockApi(() => json(200, page([summary({ id: 43, number: 'C-43' })], 1)));
    const { location } = renderAt(<OrdersListPage />, {
      path: '/dashboard/orders', url: '/dashboard/orders',
      extraRoutes: [{ path: '/dashboard/orders/:id', element: <p>détail</p> }],
    });
    const row = (await screen.findAllByTestId('order-row'))[0];
    row.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/dashboard/orders/43'));
  });

  it('shows the empty state', async () => {
    mockApi(() => json(200, page([], 0)));
    renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
    expect(await screen.findByText('Aucune commande pour le moment')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Découvrir les producteurs' })).not.toBeInTheDocument();
  });

  it('shows a loading state while the page loads', async () => {
    mockApi(() => 'pending');
    const { container } = renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.queryByText('Aucune commande pour le moment')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that reloads the page', async () => {
    let fail = true;
    const calls = mockApi(() => (fail ? json(500, { success: false, message: 'Base de données indisponible' }) : json(200, page([summary({ id: 9, number: 'C-9' })], 1))));
    renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
    expect(await screen.findByText('Impossible de charger les données')).toBeInTheDocument();
    expect(screen.getByText('Base de données indisponible')).toBeInTheDocument();
    fail = false;
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'C-9' })).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(before);
  });

  it('shows the filtered empty state with a way back to every order', async () => {
    mockApi((url) => (url.includes('status=') ? json(200, page([], 0)) : json(200, page([summary({ id: 1, number: 'C-1' })], 1))));
    const { location } = renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders?status=refused' });
    expect(await screen.findByText('Aucune commande avec ce statut')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Voir tout' }));
    expect(await screen.findByRole('link', { name: 'C-1' })).toBeInTheDocument();
    expect(location().search).toBe('');
  });

  it('uses cards on a phone (no wide table)', async () => {
    setWidth(375);
    mockApi(() => json(200, page([summary({ id: 1, number: 'C-1' })], 1)));
    renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

it('an agent gets the read-only staff table', async () => {
  loginAs(AGENT);
  mockApi(() => json(200, page([summary({ id: 1, number: 'C-1' })], 1)));
  renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
  expect(await screen.findByRole('link', { name: 'C-1' })).toBeInTheDocument();
  expect(screen.getByTestId('order-list')).toHaveAttribute('data-view', 'staff');
});

describe('buyer view', () => {
  beforeEach(() => loginAs(BUYER));

  it("lists 'Mes commandes' as cards across shops, each opening its detail", async () => {
    mockApi(() =>
      json(200, page([
        summary({ id: 2, number: 'C-2', shop: { id: 2, name: 'Brasserie Démo', urlShop: 'brasserie-demo' }, totalTTC: 4560, status: 'pending', paymentStatus: 'pending' }),
        summary({ id: 1, number: 'C-1' }),
      ], 2)),
    );
    const { location } = renderAt(<OrdersListPage />, {
      path: '/dashboard/orders', url: '/dashboard/orders',
      extraRoutes: [{ path: '/dashboard/orders/:id', element: <p>détail</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'Mes commandes' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('N° C-2')).toBeInTheDocument();
    expect(first.getByText('Brasserie Démo')).toBeInTheDocument();
    expect(first.getByText('21/03/2026 14:05')).toBeInTheDocument();
    expect(first.getAllByText('En attente')).toHaveLength(2);
    expect(first.getByTestId('order-total').textContent).toBe(EURO('45,60 €'));
    expect(within(cards[1]).getByText('Domaine de Démo')).toBeInTheDocument();
    // the buyer sees shops, not buyer names
    expect(screen.queryByText('buyer@demo.test')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Commande C-2' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard/orders/2'));
  });

  it('empty state links to the shops', async () => {
    mockApi(() => json(200, page([], 0)));
    renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
    expect(await screen.findByText('Aucune commande pour le moment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Découvrir les producteurs' })).toHaveAttribute('href', '/shops');
    expect(screen.queryByRole('combobox', { name: 'Filtrer par statut' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    mockApi(() => 'pending');
    const { container } = renderAt(<OrdersListPage />, { path: '/dashboard/orders', url: '/dashboard/orders' });
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
  });
});

describe('reservations', () => {
  const visite = { eventId: 3, eventTitle: 'Visite des chais', slotId: 8, slotLabel: '12/04/2026 10:00 – 11:30', places: 4 };
  const balade = { eventId: 4, eventTitle: 'Balade dans les vignes', slotId: 9, slotLabel: '13/04/2026 14:00 – 16:00 (Après-midi)', places: 1 };

  it('asks kind=reservation and shows event, slot and places of each row from the list answer: exactly one request', async () => {
    loginAs(OWNER);
    const calls = mockApi((url) =>
      url.startsWith('/v1/orders?')
        ? json(200, page([
          summary({ id: 5, number: 'R-5', hasReservations: true, reservations: [visite, balade] }),
          summary({ id: 6, number: 'R-6', hasReservations: true, reservations: [{ ...visite, eventId: null, slotId: null, places: 2 }] }),
        ], 2))
        : json(500, { success: false, message: 'pas de détail attendu' }),
    );
    renderAt(<ReservationsListPage />, { path: '/dashboard/reservations', url: '/dashboard/reservations' });
    expect(await screen.findByRole('heading', { name: 'Réservations de la boutique' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByTestId('reservation-summary').map((li) => li.textContent)).toEqual([
      'Visite des chais · 12/04/2026 10:00 – 11:30 · 4 places',
      'Balade dans les vignes · 13/04/2026 14:00 – 16:00 (Après-midi) · 1 place',
    ]);
    expect(within(rows[1]).getByTestId('reservation-summary')).toHaveTextContent('Visite des chais · 12/04/2026 10:00 – 11:30 · 2 places');
    expect(screen.getByRole('link', { name: 'R-5' })).toHaveAttribute('href', '/dashboard/reservations/5');
    // let any follow-up request start: there is none, no detail per row
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(calls.map((c) => c.url)).toEqual(['/v1/orders?page=1&pageSize=20&kind=reservation']);
  });

  it('buyer cards show the booked slots too, and a row without any shows a dash', async () => {
    loginAs(BUYER);
    const calls = mockApi(() => json(200, page([summary({ id: 7, number: 'R-7', hasReservations: true, reservations: [balade] }), summary({ id: 8, number: 'R-8' })], 2)));
    renderAt(<ReservationsListPage />, { path: '/dashboard/reservations', url: '/dashboard/reservations' });
    const cards = await screen.findAllByTestId('order-card');
    expect(within(cards[0]).getByTestId('reservation-summary')).toHaveTextContent('Balade dans les vignes · 13/04/2026 14:00 – 16:00 (Après-midi) · 1 place');
    expect(within(cards[1]).queryByTestId('reservation-summary')).not.toBeInTheDocument();
    expect(within(cards[1]).getByText('-')).toBeInTheDocument();
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(calls).toHaveLength(1);
  });

  it('buyer empty state', async () => {
    loginAs(BUYER);
    mockApi(() => json(200, page([], 0)));
    renderAt(<ReservationsListPage />, { path: '/dashboard/reservations', url: '/dashboard/reservations' });
    expect(await screen.findByText('Aucune réservation pour le moment')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mes réservations' })).toBeInTheDocument();
  });
});

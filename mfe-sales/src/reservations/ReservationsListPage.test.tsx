import { act, screen, within } from '@testing-library/react';
import type { OrderSummary } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import { summary } from '../orders/orders.fixtures';
import ReservationsListPage from './ReservationsListPage';

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

const visite = { eventId: 3, eventTitle: 'Visite des chais', slotId: 8, slotLabel: '12/04/2026 10:00 – 11:30', places: 4 };
const balade = {
  eventId: 4,
  eventTitle: 'Balade dans les vignes',
  slotId: 9,
  slotLabel: '13/04/2026 14:00 – 16:00 (Après-midi)',
  places: 1,
};
const serve = (rows: OrderSummary[]) => (req: ApiRequest) => paginatedOf(rows, req.query);

it('asks kind=reservation and shows event, slot and places of each row from the list answer: exactly one request', async () => {
  const page = renderPage(<ReservationsListPage />, {
    route: '/dashboard/reservations',
    api: {
      'GET /orders': serve([
        summary({ id: 5, number: 'R-5', hasReservations: true, reservations: [visite, balade] }),
        summary({ id: 6, number: 'R-6', hasReservations: true, reservations: [{ ...visite, eventId: null, slotId: null, places: 2 }] }),
      ]),
      // a detail request per row would be answered (and counted) here
      'GET /orders/:id': { success: false },
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Réservations de la boutique' })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('resource-row');
  expect(rows).toHaveLength(2);
  expect(
    within(rows[0])
      .getAllByTestId('reservation-summary')
      .map((li) => li.textContent),
  ).toEqual([
    'Visite des chais · 12/04/2026 10:00 – 11:30 · 4 places',
    'Balade dans les vignes · 13/04/2026 14:00 – 16:00 (Après-midi) · 1 place',
  ]);
  expect(within(rows[1]).getByTestId('reservation-summary')).toHaveTextContent('Visite des chais · 12/04/2026 10:00 – 11:30 · 2 places');
  expect(screen.getByRole('link', { name: 'R-5' })).toHaveAttribute('href', '/dashboard/reservations/5');
  expect(screen.getByText('2 réservations')).toBeInTheDocument();
  // let any follow-up request start: there is none, no detail per row
  await act(async () => {});
  expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /orders']);
  expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: '-createdAt', kind: 'reservation' });
});

it('buyer cards show the booked slots too, and a row without any shows a dash', async () => {
  const page = renderPage(<ReservationsListPage />, {
    route: '/dashboard/reservations',
    session: 'buyer',
    api: {
      'GET /orders': serve([
        summary({ id: 7, number: 'R-7', hasReservations: true, reservations: [balade] }),
        summary({ id: 8, number: 'R-8' }),
      ]),
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Mes réservations' })).toBeInTheDocument();
  const cards = await screen.findAllByTestId('resource-card');
  expect(within(cards[0]).getByTestId('reservation-summary')).toHaveTextContent(
    'Balade dans les vignes · 13/04/2026 14:00 – 16:00 (Après-midi) · 1 place',
  );
  expect(within(cards[0]).getByRole('link', { name: 'R-7' })).toHaveAttribute('href', '/dashboard/reservations/7');
  expect(within(cards[1]).queryByTestId('reservation-summary')).not.toBeInTheDocument();
  expect(within(cards[1]).getByText('Réservation').nextSibling).toHaveTextContent(/^-$/);
  await act(async () => {});
  expect(page.calls).toHaveLength(1);
});

it('buyer empty state', async () => {
  renderPage(<ReservationsListPage />, { route: '/dashboard/reservations', session: 'buyer', api: { 'GET /orders': serve([]) } });
  expect(await screen.findByText('Aucune réservation pour le moment')).toBeInTheDocument();
  expect(screen.getByText('Vos réservations de visites et dégustations apparaîtront ici.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeInTheDocument();
});

it('the filtered empty state speaks of reservations', async () => {
  renderPage(<ReservationsListPage />, { route: '/dashboard/reservations?status=refused', api: { 'GET /orders': serve([]) } });
  expect(await screen.findByText('Aucune réservation avec ce statut')).toBeInTheDocument();
});

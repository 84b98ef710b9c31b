import { act, screen, within } from '@testing-library/react';
import { iamWith, paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import EventsListPage from './EventsListPage';
import { slot, visite } from './events.fixtures';

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

it('lists the events with their next slot, places booked / left and whether they are online', async () => {
  const rows = [
    visite({ nextSlot: slot({ placesLeft: 2, booked: 4, name: 'Matin' }), upcomingSlots: 3, placesBooked: 4, placesLeft: 14 }),
    visite({ id: 8, title: 'Balade privée', online: false }),
  ];
  const page = renderPage(<EventsListPage />, {
    route: '/dashboard/reservations/events',
    api: { 'GET /events': (req: ApiRequest) => paginatedOf(rows, req.query) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Événements' })).toBeInTheDocument();
  const [first, second] = await screen.findAllByTestId('resource-row');
  expect(within(first).getByRole('link', { name: 'Visite du chai' })).toHaveAttribute('href', '/dashboard/reservations/events/7');
  expect(first).toHaveTextContent('04/06/2030 10:00 – 11:30 (Matin)');
  expect(within(first).getByTestId('event-places')).toHaveTextContent('4 réservées / 14 restantes');
  expect(within(first).getByText('En ligne')).toBeInTheDocument();
  expect(second).toHaveTextContent('Aucun créneau à venir');
  expect(within(second).getByText('Hors ligne')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Nouvel événement' })).toHaveAttribute('href', '/dashboard/reservations/events/add');
  expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: 'title' });
});

it('without createEvent: no way to add an event', async () => {
  renderPage(<EventsListPage />, {
    route: '/dashboard/reservations/events',
    session: iamWith({ accessEvent: true }),
    api: { 'GET /events': (req: ApiRequest) => paginatedOf([], req.query) },
  });
  expect(await screen.findByText('Aucun événement pour le moment')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Nouvel événement' })).not.toBeInTheDocument();
});

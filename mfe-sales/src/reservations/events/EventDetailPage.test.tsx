import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { iamWith, renderPage, reply } from 'shared-kernel/testing';
import EventDetailPage from './EventDetailPage';
import { slot, visite } from './events.fixtures';
import { toSchedule } from './ScheduleBuilder';

const withSlots = visite({
  slots: [
    slot({ id: 1, start: '2020-05-01T08:00:00.000Z', end: '2020-05-01T09:30:00.000Z', placesLeft: 0, booked: 6 }),
    slot({ id: 11, placesLeft: 2, booked: 4, name: 'Matin' }),
    slot({ id: 12, start: '2030-06-04T13:00:00.000Z', end: '2030-06-04T14:30:00.000Z' }),
    slot({ id: 13, start: '2030-06-07T22:00:00.000Z', end: '2030-06-08T22:00:00.000Z', allDay: true, name: 'Journée' }),
  ],
});

it('shows the slots to come by day with booked / left; a booked one cannot be deleted, an empty one is, after a confirmation', async () => {
  const page = renderPage(<EventDetailPage />, {
    path: '/dashboard/reservations/events/:id',
    route: '/dashboard/reservations/events/7',
    api: { 'GET /events/:id': withSlots, 'DELETE /events/:id/slots/:slotId': { success: true, message: 'Créneau supprimé' } },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Visite du chai' })).toBeInTheDocument();
  expect(screen.getByTestId('event-rates')).toHaveTextContent('Taxe de séjour · 1,00 € · Taxe de séjour (par participant)');
  const tuesday = screen.getByRole('region', { name: 'Mardi 4 juin 2030' });
  const [morning, afternoon] = within(tuesday).getAllByTestId('event-slot');
  expect(morning).toHaveTextContent('10:00 – 11:30Matin4 réservées · 2 restantes sur 6');
  expect(within(morning).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  expect(morning).toHaveTextContent('Des places sont réservées');
  expect(afternoon).toHaveTextContent('15:00 – 16:30');
  expect(within(screen.getByRole('region', { name: 'Samedi 8 juin 2030' })).getByTestId('event-slot')).toHaveTextContent('Journée entière');
  // the past slot is folded away
  expect(screen.getAllByTestId('event-slot')).toHaveLength(3);
  await userEvent.click(screen.getByRole('button', { name: 'Afficher les 1 créneau passé' }));
  expect(screen.getAllByTestId('event-slot')).toHaveLength(4);

  await userEvent.click(within(afternoon).getByRole('button', { name: 'Supprimer le créneau Mardi 4 juin 2030 15:00 – 16:30' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Créneau supprimé', error: false }]));
  expect(page.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/events/7/slots/12']);
});

it('the schedule builder checks its fields before sending; a recurrence goes out as weekdays × times over the range', async () => {
  const page = renderPage(<EventDetailPage />, {
    path: '/dashboard/reservations/events/:id',
    route: '/dashboard/reservations/events/7',
    api: { 'GET /events/:id': visite() },
  });
  expect(await screen.findByText('Aucun créneau : créez-les avec le planning ci-dessous.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Créer les créneaux' }));
  expect(await screen.findByText('Choisissez au moins un jour de la semaine')).toBeInTheDocument();
  expect(screen.getByText('Ajoutez au moins un horaire')).toBeInTheDocument();
  expect(screen.getAllByText('Date au format AAAA-MM-JJ attendue')).toHaveLength(2);
  expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  expect(
    toSchedule({
      mode: 'recurring',
      date: '',
      time: '10:00',
      from: '2030-06-03',
      to: '2030-06-23',
      weekdays: [2, 6],
      times: ['10:00', '15:00'],
      exceptions: ['2030-06-15', '2030-07-01'],
      name: ' ',
      places: null,
    }),
  ).toEqual({
    mode: 'recurring',
    from: '2030-06-03',
    to: '2030-06-23',
    weekdays: [2, 6],
    times: ['10:00', '15:00'],
    exceptions: ['2030-06-15'],
    name: null,
    places: null,
  });
});

it('read-only without createEvent; an unknown or another shop’s event → the not-found page', async () => {
  renderPage(<EventDetailPage />, {
    path: '/dashboard/reservations/events/:id',
    route: '/dashboard/reservations/events/7',
    session: iamWith({ accessEvent: true }),
    api: { 'GET /events/:id': withSlots },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Visite du chai' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Créer les créneaux' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Supprimer le créneau/ })).not.toBeInTheDocument();
});

it('another shop’s event → the not-found page', async () => {
  renderPage(<EventDetailPage />, {
    path: '/dashboard/reservations/events/:id',
    route: '/dashboard/reservations/events/99',
    api: { 'GET /events/:id': reply(404, { success: false, message: 'Événement introuvable' }) },
  });
  expect(await screen.findByRole('heading', { name: 'Événement introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Retour aux événements' })).toHaveAttribute('href', '/dashboard/reservations/events');
});

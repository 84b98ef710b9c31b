import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiRequest, dialogTitled, iamWith, renderPage, reply } from 'shared-kernel/testing';
import ReservationsListPage from '../ReservationsListPage';
import { booking, slotsView, slotWith, visite } from '../reservations.fixtures';

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

const route = '/dashboard/reservations?view=slots';
const events = { 'GET /reservations/events': [visite()] };

it('lists the week by day: each slot with its places and participants; the week and the event live in the URL', async () => {
  const page = renderPage(<ReservationsListPage />, {
    route,
    api: {
      ...events,
      'GET /orders': { items: [], total: 0, page: 1, pageSize: 20 },
      'GET /reservations/slots': (req: ApiRequest) =>
        req.query.from === '2030-06-11'
          ? slotsView({ from: '2030-06-11', to: '2030-06-17', days: [] })
          : slotsView({
              days: [
                {
                  date: '2030-06-04',
                  slots: [slotWith({ checkInOpen: true }), slotWith({ id: 24, name: null, bookings: [], booked: 0, placesLeft: 12 })],
                },
              ],
            }),
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Réservations de la boutique' })).toBeInTheDocument();
  const day = await screen.findByRole('region', { name: 'Mardi 4 juin 2030 · Aujourd’hui' });
  const [morning, empty] = within(day).getAllByTestId('slot');
  expect(morning).toHaveTextContent('10:00 – 11:30 · Visite des caves · Matin');
  expect(morning).toHaveTextContent('7 réservées · 5 restantes sur 12');
  const item = within(morning).getByTestId('booking');
  expect(item).toHaveTextContent('Famille Martin');
  expect(item).toHaveTextContent('3 participants · 1 option');
  expect(item).toHaveTextContent('2 × Adulte, 1 × Enfant, 1 × Planche');
  expect(within(item).getByRole('link', { name: 'Voir la réservation C2030-00041' })).toHaveAttribute('href', '/dashboard/reservations/41');
  expect(empty).toHaveTextContent('Aucun participant pour le moment');
  expect(within(empty).getByRole('link', { name: 'Nouvelle réservation' })).toHaveAttribute(
    'href',
    '/dashboard/reservations/add?eventId=3&slotId=24',
  );
  expect(page.calls.find((c) => c.path === '/reservations/slots')!.query).toEqual({});

  await userEvent.click(screen.getByRole('button', { name: /Semaine suivante/ }));
  expect(await screen.findByText('Aucun créneau sur cette période')).toBeInTheDocument();
  expect(page.location().search).toBe('?view=slots&from=2030-06-11');
  expect(page.calls.filter((c) => c.path === '/reservations/slots').at(-1)!.query).toEqual({ from: '2030-06-11', to: '2030-06-17' });

  await userEvent.click(screen.getByRole('combobox', { name: 'Événement' }));
  await userEvent.click(await screen.findByTitle('Visite des caves'));
  await waitFor(() => expect(page.location().search).toBe('?view=slots&from=2030-06-11&event=3'));
  expect(page.calls.filter((c) => c.path === '/reservations/slots').at(-1)!.query).toEqual({
    from: '2030-06-11',
    to: '2030-06-17',
    eventId: '3',
  });

  // back to the list: the slot view's parameters are left behind
  await userEvent.click(screen.getByText('Liste'));
  await waitFor(() => expect(page.location().search).toBe(''));
});

it('checks participants in on the slot’s day, and undoes it', async () => {
  let checked = false;
  const page = renderPage(<ReservationsListPage />, {
    route,
    api: {
      ...events,
      'GET /reservations/slots': () =>
        slotsView({
          days: [
            {
              date: '2030-06-04',
              slots: [
                slotWith({
                  checkInOpen: true,
                  bookings: [booking(checked ? { checkedInAt: '2030-06-04T08:05:00.000Z', checkedInBy: { id: 2, name: 'Olivier' } } : {})],
                }),
              ],
            },
          ],
        }),
      'POST /reservations/lines/:lineId/check-in': () => {
        checked = true;
        return { booking: booking(), message: 'Participants pointés' };
      },
      'DELETE /reservations/lines/:lineId/check-in': () => {
        checked = false;
        return { booking: booking(), message: 'Pointage annulé' };
      },
    },
  });
  const toggle = await screen.findByRole('switch', { name: 'Pointer l’arrivée de Famille Martin' });
  expect(toggle).not.toBeChecked();
  await userEvent.click(toggle);
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Pointer l’arrivée de Famille Martin' })).toBeChecked());
  expect(screen.getByTestId('booking')).toHaveTextContent('Pointés à 10:05 par Olivier');
  // checked in: moving waits for the check-in to be undone
  expect(screen.getByRole('button', { name: 'Déplacer la réservation de Famille Martin' })).toBeDisabled();
  await userEvent.click(screen.getByRole('switch', { name: 'Pointer l’arrivée de Famille Martin' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Pointer l’arrivée de Famille Martin' })).not.toBeChecked());
  expect(page.calls.filter((c) => c.path === '/reservations/lines/501/check-in').map((c) => c.method)).toEqual(['POST', 'DELETE']);
  expect(page.snackbars()).toEqual([
    { text: 'Participants pointés', error: false },
    { text: 'Pointage annulé', error: false },
  ]);
});

it('moves a booking to a slot of the event with enough places; a slot filled meanwhile shows under the field', async () => {
  let answer: unknown = reply(409, {
    success: false,
    field: 'slotId',
    message: 'Nombre maximum de places atteint pour ce créneau : il reste 1 place(s)',
  });
  const page = renderPage(<ReservationsListPage />, {
    route,
    api: {
      ...events,
      'GET /reservations/slots': () => slotsView({ days: [{ date: '2030-06-04', slots: [slotWith()] }] }),
      'POST /reservations/lines/:lineId/move': () => answer,
    },
  });
  expect(screen.queryByRole('switch')).not.toBeInTheDocument(); // not the slot's day
  await userEvent.click(await screen.findByRole('button', { name: 'Déplacer la réservation de Famille Martin' }));
  const dialog = await dialogTitled('Déplacer la réservation');
  // not the past slot, not its own, not the full one, not the one with 2 places for 3 participants
  expect(await within(dialog).findByText('Aucun autre créneau à venir n’a assez de places pour cette réservation')).toBeInTheDocument();
  expect(page.calls.filter((c) => c.path === '/reservations/events').at(-1)!.query).toEqual({ eventId: '3' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Retour' }));

  // a smaller booking fits in the 2 places of the 6th
  const small = booking({ persons: 2, lineId: 601 });
  page.api.use({
    'GET /reservations/slots': () => slotsView({ days: [{ date: '2030-06-04', slots: [slotWith({ bookings: [small] })] }] }),
  });
  await page.client.invalidateQueries();
  await waitFor(() => expect(screen.getByTestId('booking')).toHaveTextContent('2 participants'));
  await userEvent.click(screen.getByRole('button', { name: 'Déplacer la réservation de Famille Martin' }));
  const again = await dialogTitled('Déplacer la réservation');
  await userEvent.click(within(again).getByRole('combobox', { name: /^Nouveau créneau/ }));
  await userEvent.click(await screen.findByTitle('Jeudi 6 juin 2030 14:00 – 15:30 — 2 places restantes'));
  await userEvent.click(within(again).getByRole('button', { name: 'Déplacer' }));
  expect(await within(again).findByText('Nombre maximum de places atteint pour ce créneau : il reste 1 place(s)')).toBeInTheDocument();
  answer = { booking: small, message: 'Réservation déplacée' };
  await userEvent.click(await within(again).findByRole('button', { name: 'Déplacer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Réservation déplacée', error: false }]));
  expect(page.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
    ['/reservations/lines/601/move', { slotId: 23 }],
    ['/reservations/lines/601/move', { slotId: 23 }],
  ]);
});

it('cancels after a confirmation asking what becomes of what was paid', async () => {
  const page = renderPage(<ReservationsListPage />, {
    route,
    api: {
      ...events,
      'GET /reservations/slots': () => slotsView(),
      'POST /reservations/:orderId/cancel': {
        success: true,
        message: 'Réservation annulée : avoir AV2030-00003',
        creditNote: { id: 9, number: 'AV2030-00003' },
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Annuler la réservation de Famille Martin' }));
  const dialog = await dialogTitled('Annuler la réservation');
  expect(dialog).toHaveTextContent('La réservation C2030-00041 sera annulée et ses places libérées.');
  const refund = within(dialog).getByRole('radiogroup', { name: 'Ce qui a été réglé' });
  expect(within(refund).getByLabelText('Rembourser le client')).toBeChecked();
  await userEvent.click(within(refund).getByLabelText('Garder en avoir pour le client'));
  await userEvent.type(within(dialog).getByLabelText('Motif'), 'Météo');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Réservation annulée : avoir AV2030-00003', error: false }]));
  expect(page.calls.find((c) => c.method === 'POST')).toMatchObject({
    path: '/reservations/41/cancel',
    body: { refund: 'credit', reason: 'Météo' },
  });
});

it('read-only with seeAllResa alone; the error state retries', async () => {
  let fail = true;
  renderPage(<ReservationsListPage />, {
    route,
    session: iamWith({ seeAllResa: true, seeAllOrder: true }),
    api: {
      ...events,
      'GET /reservations/slots': () => (fail ? reply(500, { success: false, message: 'Une erreur est survenue' }) : slotsView()),
    },
  });
  expect(await screen.findByText('Les créneaux n’ont pas pu être chargés')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByTestId('booking')).toHaveTextContent('Famille Martin');
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Annuler la réservation de/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Nouvelle réservation' })).not.toBeInTheDocument();
});

it('without seeAllResa the view switch is not offered and ?view=slots shows the list', async () => {
  const page = renderPage(<ReservationsListPage />, {
    route,
    session: iamWith({ seeAllOrder: true }),
    api: { 'GET /orders': { items: [], total: 0, page: 1, pageSize: 20 } },
  });
  expect(await screen.findByText('Aucune réservation pour le moment')).toBeInTheDocument();
  expect(screen.queryByText('Par créneau')).not.toBeInTheDocument();
  expect(page.calls.map((c) => c.path)).toEqual(['/orders']);
});

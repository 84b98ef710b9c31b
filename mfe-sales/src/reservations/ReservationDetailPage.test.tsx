import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogTitled, renderPage, reply } from 'shared-kernel/testing';
import { IMPRINT_ORDER } from '../orders/orders.fixtures';
import ReservationDetailPage from './ReservationDetailPage';
import { booking, slotInfo } from './reservations.fixtures';
import type { ReservationBookings } from './reservations.queries';

it('the reservation detail reuses the order detail with its own wording', async () => {
  renderPage(<ReservationDetailPage />, {
    path: '/dashboard/reservations/:id',
    route: '/dashboard/reservations/42',
    session: 'buyer',
    api: { 'GET /orders/:id': IMPRINT_ORDER },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Réservation n° C-2026-0042' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '← Retour aux réservations' })).toHaveAttribute('href', '/dashboard/reservations');
  expect(screen.getByTestId('reservation-line')).toHaveTextContent('Visite des chais');
});

it('an unknown reservation → the shared not-found page, back to the reservations', async () => {
  renderPage(<ReservationDetailPage />, {
    path: '/dashboard/reservations/:id',
    route: '/dashboard/reservations/5',
    session: 'buyer',
    api: { 'GET /orders/:id': reply(404, { success: false, message: 'Commande introuvable' }) },
  });
  expect(await screen.findByRole('heading', { name: 'Réservation introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Retour aux réservations' })).toHaveAttribute('href', '/dashboard/reservations');
});

describe('the shop’s staff', () => {
  const bookings = (over: Partial<ReservationBookings> = {}): ReservationBookings => ({
    orderId: 42,
    number: 'C-2026-0042',
    status: 'validated',
    paymentStatus: 'paid',
    source: 'backoffice',
    active: true,
    invoiced: true,
    paid: true,
    bookings: [{ ...booking({ orderId: 42, orderNumber: 'C-2026-0042' }), slot: slotInfo({ checkInOpen: true }) }],
    ...over,
  });

  it('see the participants per slot, check them in, and cancel the reservation with a credit note', async () => {
    const page = renderPage(<ReservationDetailPage />, {
      path: '/dashboard/reservations/:id',
      route: '/dashboard/reservations/42',
      api: {
        'GET /orders/:id': IMPRINT_ORDER,
        'GET /reservations/:orderId': bookings(),
        'POST /reservations/lines/:lineId/check-in': { booking: booking(), message: 'Participants pointés' },
        'POST /reservations/:orderId/cancel': {
          success: true,
          message: 'Réservation annulée : avoir AV2026-00001',
          creditNote: { id: 3, number: 'AV2026-00001' },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Participants et créneaux' });
    expect(await within(section).findByTestId('reservation-booking')).toHaveTextContent(
      'Visite des caves · Mardi 4 juin 2030 10:00 – 11:30 (Matin)',
    );
    await userEvent.click(within(section).getByRole('switch', { name: 'Pointer l’arrivée de Famille Martin' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Participants pointés', error: false }]));

    await userEvent.click(within(section).getByRole('button', { name: 'Annuler la réservation' }));
    const dialog = await dialogTitled('Annuler la réservation');
    expect(dialog).toHaveTextContent('La facture est annulée par un avoir.');
    await userEvent.click(within(dialog).getByLabelText('Ne pas rembourser'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() =>
      expect(page.calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
        path: '/reservations/42/cancel',
        body: { refund: 'none', reason: null },
      }),
    );
  });

  it('a closed reservation offers nothing', async () => {
    renderPage(<ReservationDetailPage />, {
      path: '/dashboard/reservations/:id',
      route: '/dashboard/reservations/42',
      api: {
        'GET /orders/:id': IMPRINT_ORDER,
        'GET /reservations/:orderId': bookings({
          active: false,
          status: 'cancelled',
          bookings: [{ ...booking({ orderStatus: 'cancelled' }), slot: slotInfo({ checkInOpen: true }) }],
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Participants et créneaux' });
    expect(await within(section).findByText('Réservation close : plus d’action possible.')).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('no participants block when the api knows no reservation under that order', async () => {
    const page = renderPage(<ReservationDetailPage />, {
      path: '/dashboard/reservations/:id',
      route: '/dashboard/reservations/42',
      api: {
        'GET /orders/:id': IMPRINT_ORDER,
        'GET /reservations/:orderId': reply(404, { success: false, message: 'Réservation introuvable' }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation n° C-2026-0042' })).toBeInTheDocument();
    await waitFor(() => expect(page.calls.map((c) => c.path)).toContain('/reservations/42'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Participants et créneaux' })).not.toBeInTheDocument());
  });
});

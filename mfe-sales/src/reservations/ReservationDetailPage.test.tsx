import { screen } from '@testing-library/react';
import { renderPage, reply } from 'shared-kernel/testing';
import { IMPRINT_ORDER } from '../orders/orders.fixtures';
import ReservationDetailPage from './ReservationDetailPage';

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

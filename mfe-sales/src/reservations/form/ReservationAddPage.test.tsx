import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { visite } from '../reservations.fixtures';
import ReservationAddPage from './ReservationAddPage';

const clients = [{ id: 5, name: 'Famille Martin', code: 'C005', typology: 'Particulier', kind: 'private' }];
const api = {
  'GET /crm/clients': (req: ApiRequest) => paginatedOf(clients, req.query),
  'GET /reservations/events': [visite()],
};
const NBSP = /\u00a0|\u202f/g;

async function pick(combobox: RegExp, title: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByTitle(title));
}

it('checks its fields first; offers the slots to come with places only; estimates the total with the tourist tax', async () => {
  const page = renderPage(<ReservationAddPage />, { route: '/dashboard/reservations/add', api });
  expect(await screen.findByRole('heading', { level: 1, name: 'Nouvelle réservation' })).toBeInTheDocument();
  await screen.findByRole('combobox', { name: /^Événement/ });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la réservation' }));
  expect(await screen.findByText('Le client est obligatoire')).toBeInTheDocument();
  expect(screen.getByText("L'événement est obligatoire")).toBeInTheDocument();
  expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await pick(/^Événement/, 'Visite des caves');
  await userEvent.click(screen.getByRole('combobox', { name: /^Créneau/ }));
  await screen.findAllByRole('option');
  const options = [...document.querySelectorAll('.ant-select-item-option')]
    .map((o) => o.getAttribute('title'))
    .filter((title) => title?.includes('restante'));
  // the past slot (20) and the full one (22) are not offered
  expect(options).toEqual([
    'Mardi 4 juin 2030 10:00 – 11:30 (Matin) — 5 places restantes',
    'Jeudi 6 juin 2030 14:00 – 15:30 — 2 places restantes',
  ]);
  await userEvent.click(await screen.findByTitle('Jeudi 6 juin 2030 14:00 – 15:30 — 2 places restantes'));

  await userEvent.type(screen.getByLabelText(/^Adulte/), '2');
  await userEvent.type(screen.getByLabelText(/^Enfant/), '1');
  await userEvent.type(screen.getByLabelText(/^Planche/), '1');
  expect(screen.getByText(/^Taxe de séjour : 1,00.€ par participant, ajoutée automatiquement$/)).toBeInTheDocument();
  // 2 × 15 € + 0 € + 12 € + 3 participants × 1 €
  expect(screen.getByTestId('reservation-total').textContent!.replace(NBSP, ' ')).toBe('Total estimé : 45,00 € TTC');
  expect(screen.getByRole('status')).toHaveTextContent('Il ne reste que 2 places sur ce créneau');
});

it('sends the quantities by rate and the settlement, opens the reservation; a full slot refused by the api shows under the slot', async () => {
  let answer: unknown = reply(409, { success: false, message: 'Ce créneau est complet', field: 'slotId' });
  const page = renderPage(<ReservationAddPage />, {
    route: '/dashboard/reservations/add?eventId=3&slotId=21',
    api: { ...api, 'POST /reservations': () => answer },
    routes: { '/dashboard/reservations/:id': <p>détail</p> },
  });
  await screen.findByRole('combobox', { name: /^Événement/ });
  await pick(/^Client/, 'Famille Martin');
  await userEvent.type(screen.getByLabelText(/^Planche/), '2');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la réservation' }));
  // options alone are not participants
  expect(await screen.findByText('Ajoutez au moins un participant')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/^Adulte/), '3');
  await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Règlement' })).getByLabelText('Régler maintenant'));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la réservation' }));
  expect(await screen.findByText('Choisissez le moyen de paiement')).toBeInTheDocument();
  await pick(/^Moyen de paiement/, 'Espèces');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la réservation' }));

  expect(await screen.findByText('Ce créneau est complet')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: /^Créneau/ })).toHaveAccessibleDescription('Ce créneau est complet');
  expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({
    clientId: 5,
    eventId: 3,
    slotId: 21,
    prices: [
      { name: 'Adulte', quantity: 3 },
      { name: 'Planche', quantity: 2 },
    ],
    settle: { mode: 'now', method: 'cash' },
    notes: null,
  });

  answer = [
    201,
    {
      orderId: 88,
      number: 'C2030-00088',
      status: 'validated',
      paymentStatus: 'paid',
      totalTTC: 7200,
      invoice: null,
      message: 'Réservation C2030-00088 enregistrée et réglée',
    },
  ];
  await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer la réservation' }));
  await waitFor(() => expect(page.location().pathname).toBe('/dashboard/reservations/88'));
  expect(page.snackbars()).toEqual([{ text: 'Réservation C2030-00088 enregistrée et réglée', error: false }]);
});

it('a rate refused by the api shows under its quantity; the client of the URL is preselected', async () => {
  const page = renderPage(<ReservationAddPage />, {
    route: '/dashboard/reservations/add?eventId=3&slotId=21&clientId=5',
    api: {
      ...api,
      'GET /crm/clients/:id': clients[0],
      'POST /reservations': reply(400, {
        success: false,
        message: 'Le tarif « Enfant » n’existe pas pour cet événement',
        field: 'prices.1.name',
      }),
    },
  });
  await screen.findByRole('combobox', { name: /^Événement/ });
  await userEvent.type(screen.getByLabelText(/^Adulte/), '1');
  await userEvent.type(screen.getByLabelText(/^Enfant/), '1');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la réservation' }));
  expect(await screen.findByText('Le tarif « Enfant » n’existe pas pour cet événement')).toBeInTheDocument();
  expect(screen.getByLabelText(/^Enfant/)).toHaveAccessibleDescription('Le tarif « Enfant » n’existe pas pour cet événement');
  expect(page.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ clientId: 5, settle: { mode: 'later' } });
});

it('the events not loading: the message and a retry', async () => {
  let fail = true;
  renderPage(<ReservationAddPage />, {
    route: '/dashboard/reservations/add',
    api: {
      ...api,
      'GET /reservations/events': () => (fail ? reply(500, { success: false, message: 'Une erreur est survenue' }) : [visite()]),
    },
  });
  expect(await screen.findByText('Les événements n’ont pas pu être chargés')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('combobox', { name: /^Événement/ })).toBeInTheDocument();
});

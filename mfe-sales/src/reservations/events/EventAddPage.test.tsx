import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import EventAddPage from './EventAddPage';
import { visite } from './events.fixtures';

it('sends the event with its rates in cents TTC and opens it; a field refused by the api shows under it', async () => {
  let answer: unknown = reply(400, { success: false, message: 'Ce nom de tarif est déjà utilisé', field: 'rates.1.name' });
  const page = renderPage(<EventAddPage />, {
    route: '/dashboard/reservations/events/add',
    api: { 'POST /events': () => answer, 'GET /events/:id': visite() },
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Nouvel événement' })).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/^Titre/), 'Visite du chai');
  const first = screen.getByRole('group', { name: 'Tarif 1' });
  const price = within(first).getByLabelText(/Prix TTC/);
  await userEvent.clear(price);
  await userEvent.type(price, '15,5');
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un tarif' }));
  await userEvent.type(within(screen.getByRole('group', { name: 'Tarif 2' })).getByLabelText(/Nom du tarif/), 'Enfant');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’événement' }));
  expect(await screen.findByText('Ce nom de tarif est déjà utilisé')).toBeInTheDocument();
  const sent = page.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
  expect(sent).toMatchObject({
    title: 'Visite du chai',
    durationMinutes: 60,
    placesPerSlot: 10,
    online: true,
    mandatoryReservation: true,
    languages: ['fr'],
    rates: [
      { name: 'Adulte', priceCents: 1550, optional: false, touristTax: false },
      { name: 'Enfant', priceCents: 0, optional: false, touristTax: false },
    ],
  });
  answer = [201, { ...visite(), message: 'Événement créé' }];
  await userEvent.click(await screen.findByRole('button', { name: /Enregistrer l’événement/ }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Événement enregistré', error: false }]));
  expect(page.location().pathname).toBe('/dashboard/reservations/events/7');
});

it('an event needs a title and a rate counting participants', async () => {
  const page = renderPage(<EventAddPage />, { route: '/dashboard/reservations/events/add', api: {} });
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer le tarif 1' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’événement' }));
  expect(await screen.findByText('Le titre est obligatoire')).toBeInTheDocument();
  expect(screen.getByText('Ajoutez au moins un tarif qui compte des participants')).toBeInTheDocument();
  expect(page.calls).toHaveLength(0);
});

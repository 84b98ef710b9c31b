import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const typologies = [
  { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false, clients: 0, prices: 40 },
  {
    id: 'professionnel',
    name: 'Professionnel',
    public: false,
    ttc: false,
    globalDiscount: 5,
    allRulesInEq75: false,
    clients: 1,
    prices: 40,
  },
];

it('lists the typologies of the shop in settings ?link=typos', async () => {
  renderPage(<SettingsPage />, { route: '/dashboard/settings?link=typos', api: { 'GET /tariffs/typologies': () => typologies } });
  const list = await screen.findByRole('list', { name: 'Typologies de clients' });
  expect(within(list).getByText('Professionnel')).toBeInTheDocument();
  expect(within(list).getByText('Remise 5 %')).toBeInTheDocument();
  expect(within(list).getByText('1 compte client · 40 prix')).toBeInTheDocument();
  expect(screen.queryByText('Cet écran n’est pas encore disponible. Il arrive dans une prochaine version.')).toBeNull();
});

it('shows the §5 messages and the api refusal under the field, then adds the typology', async () => {
  let answer: unknown = reply(409, { success: false, message: 'Une typologie porte déjà ce nom', field: 'name' });
  const page = renderPage(<SettingsPage />, {
    route: '/dashboard/settings?link=typos',
    api: { 'GET /tariffs/typologies': () => typologies, 'POST /tariffs/typologies': () => answer },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle typologie' }));
  const drawer = await screen.findByRole('dialog');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  expect(await within(drawer).findByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
  const discount = within(drawer).getByLabelText('Remise globale');
  await userEvent.clear(discount);
  await userEvent.type(discount, '120');
  await userEvent.tab();
  expect(await within(drawer).findByText('La remise doit être comprise entre 0 et 100')).toBeInTheDocument();
  await userEvent.clear(discount);
  await userEvent.type(discount, '7,5');
  await userEvent.type(within(drawer).getByLabelText(/^Nom/), 'Particulier');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  expect(await within(drawer).findByText('Une typologie porte déjà ce nom')).toBeInTheDocument();

  answer = {
    id: 'caviste',
    name: 'Caviste',
    public: false,
    ttc: false,
    globalDiscount: 7.5,
    allRulesInEq75: false,
    message: 'La typologie a été créée',
  };
  await userEvent.clear(within(drawer).getByLabelText(/^Nom/));
  await userEvent.type(within(drawer).getByLabelText(/^Nom/), 'Caviste');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  expect(page.calls.filter((c) => c.method === 'POST')[1].body).toEqual({
    name: 'Caviste',
    public: false,
    ttc: false,
    globalDiscount: 7.5,
    allRulesInEq75: false,
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'La typologie a été enregistrée', error: false }));
});

it('shows the refusal to delete a typology still in use', async () => {
  const page = renderPage(<SettingsPage />, {
    route: '/dashboard/settings?link=typos',
    api: {
      'GET /tariffs/typologies': () => typologies,
      'DELETE /tariffs/typologies/:key': () =>
        reply(409, {
          success: false,
          message: 'Cette typologie est utilisée par 1 compte client et 40 prix : attribuez-leur une autre typologie avant de la supprimer',
        }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Professionnel' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
  await waitFor(() =>
    expect(page.snackbars()).toContainEqual({
      text: 'Cette typologie est utilisée par 1 compte client et 40 prix : attribuez-leur une autre typologie avant de la supprimer',
      error: true,
    }),
  );
  expect(page.calls.find((c) => c.method === 'DELETE')!.path).toBe('/tariffs/typologies/professionnel');
});

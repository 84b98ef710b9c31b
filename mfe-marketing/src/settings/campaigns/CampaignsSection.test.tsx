import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const route = '/dashboard/settings?link=campaigns';
const SETTINGS = { senderName: 'Domaine de Démo', senderEmail: null, replyTo: null, postalAddress: null, ratePerMinute: 60 };

it('loads the settings, checks the addresses and the rate, saves them', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /campaigns/settings': SETTINGS,
      'PUT /campaigns/settings': (call) => ({ ...(call.body as object), message: 'Réglages des campagnes enregistrés' }),
    },
  });
  const name = await screen.findByLabelText(/^Nom de l’expéditeur/);
  expect(name).toHaveValue('Domaine de Démo');
  await userEvent.type(screen.getByLabelText(/^Adresse de l’expéditeur/), 'pas-une-adresse');
  const rate = screen.getByLabelText(/^Rythme d’envoi/);
  await userEvent.clear(rate);
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('L’adresse de l’expéditeur est incorrecte')).toBeInTheDocument();
  expect(screen.getByText('Le rythme d’envoi doit être un nombre entier entre 1 et 1000 mails par minute')).toBeInTheDocument();
  expect(page.api.callsTo('PUT /campaigns/settings')).toHaveLength(0);

  await userEvent.clear(screen.getByLabelText(/^Adresse de l’expéditeur/));
  await userEvent.type(screen.getByLabelText(/^Adresse de l’expéditeur/), 'news@domaine-demo.test');
  await userEvent.type(screen.getByLabelText(/^Adresse de réponse/), 'contact@domaine-demo.test');
  await userEvent.type(screen.getByLabelText(/^Adresse postale/), '1 route des Vignes, 21200 Beaune');
  await userEvent.clear(rate);
  await userEvent.type(rate, '120');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Réglages des campagnes enregistrés', error: false }]));
  expect(page.api.callsTo('PUT /campaigns/settings')[0].body).toEqual({
    senderName: 'Domaine de Démo',
    senderEmail: 'news@domaine-demo.test',
    replyTo: 'contact@domaine-demo.test',
    postalAddress: '1 route des Vignes, 21200 Beaune',
    ratePerMinute: 120,
  });
});

it('shows the api’s refusal (module off); the iam is told only the owner changes them', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /campaigns/settings': reply(403, { success: false, message: 'Ce module n’est pas activé pour votre boutique' }) },
  });
  expect(await screen.findByText('Ce module n’est pas activé pour votre boutique')).toBeInTheDocument();
  page.unmount();
  const iam = renderPage(<SettingsPage />, { route, session: 'iam', api: {} });
  expect(screen.queryByRole('link', { name: 'Campagnes' })).toBeNull();
  expect(await screen.findByText('Vous n’avez pas accès à cette section des paramètres.')).toBeInTheDocument();
  expect(iam.calls).toEqual([]);
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import { detail, OPTIONS } from '../campaigns.fixtures';
import CampaignAddPage from './CampaignAddPage';

async function pick(combobox: RegExp, title: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByTitle(title));
}

it('composes a campaign: checks its fields, counts the recipients of the lists live, saves a draft', async () => {
  const page = renderPage(<CampaignAddPage />, {
    route: '/dashboard/crm/campaigns/add',
    session: 'owner',
    api: {
      'GET /campaigns/options': OPTIONS,
      'GET /campaigns/audience': (req) => ({ count: String(req.query.listIds) === '1,2' ? 143 : 120 }),
      'POST /campaigns': (req) => detail({ id: 12, ...(req.body as object) }),
    },
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Nouvelle campagne' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Le nom de la campagne est obligatoire (200 caractères au plus)')).toBeInTheDocument();
  expect(screen.getByText('L’objet du mail est obligatoire (200 caractères au plus)')).toBeInTheDocument();
  expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await userEvent.type(screen.getByLabelText(/^Nom de la campagne/), 'Millésime 2024');
  await pick(/^Modèle du mail/, 'Nouveau millésime');
  await pick(/^Listes de destinataires/, 'Clients fidèles (statique)');
  expect(await screen.findByText('120 destinataires (adresse valide, consentement donné, non désinscrits)')).toBeInTheDocument();
  await userEvent.click(await screen.findByTitle('Particuliers de Côte-d’Or (dynamique)'));
  expect(await screen.findByText(/^143 destinataires/)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/^Objet du mail/), 'Du nouveau au domaine');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.location().pathname).toBe('/dashboard/crm/campaigns/12'));
  expect(page.api.callsTo('POST /campaigns')[0].body).toEqual({
    name: 'Millésime 2024',
    modelId: 3,
    listIds: [1, 2],
    subject: 'Du nouveau au domaine',
    previewText: '',
  });
});

it('shows the api’s message under its field', async () => {
  renderPage(<CampaignAddPage />, {
    route: '/dashboard/crm/campaigns/add',
    session: 'owner',
    api: {
      'GET /campaigns/options': OPTIONS,
      'POST /campaigns': reply(400, { success: false, message: 'Ce modèle n’existe pas dans votre boutique', field: 'modelId' }),
    },
  });
  await userEvent.type(screen.getByLabelText(/^Nom de la campagne/), 'A');
  await userEvent.type(screen.getByLabelText(/^Objet du mail/), 'B');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Ce modèle n’existe pas dans votre boutique')).toBeInTheDocument();
});

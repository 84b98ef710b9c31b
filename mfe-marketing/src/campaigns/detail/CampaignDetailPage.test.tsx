import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import { detail, OPTIONS, recipient } from '../campaigns.fixtures';
import CampaignDetailPage from './CampaignDetailPage';

const EMAIL = '<html><body><h1>Bonjour Camille</h1><script>parent.hacked = true</script></body></html>';
const recipients = [
  recipient(),
  recipient({ id: 2, email: 'bruno@client.test', name: 'Bruno Petit', status: 'bounced', error: '550 User unknown' }),
];

it('shows the figures, the email in a sandboxed frame and the recipients filtered by status', async () => {
  const page = renderPage(<CampaignDetailPage />, {
    route: '/dashboard/crm/campaigns/7',
    path: '/dashboard/crm/campaigns/:id',
    session: 'owner',
    api: {
      'GET /campaigns/:id': detail(),
      'GET /campaigns/:id/preview': { subject: 'Le millésime 2024 est arrivé, Camille', previewText: null, html: EMAIL },
      'GET /campaigns/:id/recipients': (req) => paginatedOf(recipients, req.query),
    },
  });
  expect(await screen.findByRole('heading', { name: 'Millésime 2024' })).toBeInTheDocument();
  const figures = screen.getByRole('list', { name: 'Résultats' });
  expect(within(figures).getByText('Ouvertures')).toBeInTheDocument();
  expect(within(figures).getByText('50 %')).toBeInTheDocument();
  expect(within(figures).getByText('Rejetés : 1')).toBeInTheDocument();
  expect(screen.getByText('Clients fidèles')).toBeInTheDocument();

  const frame = await screen.findByTitle('Aperçu du mail');
  expect(frame).toHaveAttribute('sandbox', '');
  expect(frame.getAttribute('srcdoc')).toBe(EMAIL);
  expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

  expect(await screen.findByText('alice@client.test')).toBeInTheDocument();
  expect(screen.getByText('550 User unknown')).toBeInTheDocument();
  // a sent campaign is neither sent again nor changed
  expect(screen.queryByRole('button', { name: 'Envoyer maintenant' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
  const calls = page.api.callsTo('GET /campaigns/:id/recipients');
  expect(calls[0].query).toEqual({ page: '1', pageSize: '10', sort: 'email' });
});

it('sends a test to addresses added with Enter or Tab, then sends the campaign now after confirming', async () => {
  const page = renderPage(<CampaignDetailPage />, {
    route: '/dashboard/crm/campaigns/7',
    path: '/dashboard/crm/campaigns/:id',
    session: 'owner',
    api: {
      'GET /campaigns/:id': detail({
        status: 'draft',
        sentAt: null,
        startedAt: null,
        actions: { edit: true, send: true, schedule: true, cancel: false, delete: true },
      }),
      'GET /campaigns/:id/preview': { subject: 'x', previewText: null, html: '<p>x</p>' },
      'GET /campaigns/:id/recipients': (req) => paginatedOf([], req.query),
      'GET /campaigns/options': OPTIONS,
      'POST /campaigns/:id/test': { sent: 2, message: 'Test envoyé à 2 adresses' },
      // the picker suggests the owner's team (§6 accessCollaborator / accessAgent)
      'GET /agents': [],
      'POST /campaigns/:id/send': detail({ status: 'sending' }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Envoyer un test' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le test' }));
  expect(await within(dialog).findByText('Veuillez renseigner au moins une adresse mail.')).toBeInTheDocument();
  const input = within(dialog).getByLabelText('Ajouter une adresse mail');
  await userEvent.type(input, 'pas-une-adresse{Enter}');
  expect(within(dialog).getByText("L'adresse mail n'est pas valide")).toBeInTheDocument();
  await userEvent.clear(input);
  await userEvent.type(input, 'moi@domaine.test{Enter}');
  await userEvent.type(input, 'associe@domaine.test');
  await userEvent.tab();
  expect(
    within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['moi@domaine.test', 'associe@domaine.test']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le test' }));
  await waitFor(() => expect(page.api.callsTo('POST /campaigns/:id/test')).toHaveLength(1));
  expect(page.api.callsTo('POST /campaigns/:id/test')[0].body).toEqual({ emails: ['moi@domaine.test', 'associe@domaine.test'] });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Test envoyé à 2 adresses', error: false }));

  await userEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
  const confirm = await screen.findByText('Envoyer la campagne maintenant ?');
  await userEvent.click(within(confirm.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Envoyer maintenant' }));
  await waitFor(() => expect(page.api.callsTo('POST /campaigns/:id/send')).toHaveLength(1));
});

it('refuses a past date when scheduling, and shows the api’s refusal', async () => {
  const page = renderPage(<CampaignDetailPage />, {
    route: '/dashboard/crm/campaigns/7',
    path: '/dashboard/crm/campaigns/:id',
    session: 'owner',
    api: {
      'GET /campaigns/:id': detail({ status: 'draft', actions: { edit: true, send: true, schedule: true, cancel: false, delete: true } }),
      'GET /campaigns/:id/preview': { subject: 'x', previewText: null, html: '<p>x</p>' },
      'GET /campaigns/:id/recipients': (req) => paginatedOf([], req.query),
      'POST /campaigns/:id/schedule': reply(400, {
        success: false,
        message: 'Choisissez au moins une liste de destinataires avant d’envoyer la campagne',
        field: 'listIds',
      }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Programmer' }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByLabelText('Date et heure d’envoi');
  await userEvent.type(input, '2020-01-01T10:00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Programmer' }));
  expect(await within(dialog).findByText('La date d’envoi doit être dans le futur')).toBeInTheDocument();
  expect(page.api.callsTo('POST /campaigns/:id/schedule')).toHaveLength(0);
  await userEvent.clear(input);
  await userEvent.type(input, '2099-06-01T10:00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Programmer' }));
  expect(await within(dialog).findByText('Choisissez au moins une liste de destinataires avant d’envoyer la campagne')).toBeInTheDocument();
  expect(page.api.callsTo('POST /campaigns/:id/schedule')[0].body).toEqual({ scheduledAt: new Date('2099-06-01T10:00').toISOString() });
});

it('another shop’s or an unknown campaign: the not-found page', async () => {
  renderPage(<CampaignDetailPage />, {
    route: '/dashboard/crm/campaigns/99',
    path: '/dashboard/crm/campaigns/:id',
    session: 'owner',
    api: { 'GET /campaigns/:id': reply(404, { success: false, message: 'Campagne introuvable' }) },
  });
  expect(await screen.findByText("Cette page n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CrmClientListItem, MarketingListSummary } from 'shared-kernel/contracts';
import { DEMO_SHOP, iamWith, OWNER, paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import ClientsListPage from './ClientsListPage';

const row = (over: Partial<CrmClientListItem> & { id: number; name: string }): CrmClientListItem => ({
  code: `CL0000${over.id}`,
  kind: 'private',
  civility: null,
  firstname: null,
  lastname: over.name,
  company: null,
  email: null,
  phone: null,
  mobile: null,
  typology: 'particulier',
  city: 'Lyon',
  zipcode: '69002',
  department: '69',
  tags: [],
  pipe: null,
  agentUserId: null,
  agentName: null,
  status: 'active',
  createdAt: '2026-02-01T10:00:00Z',
  lastOrderAt: null,
  totalSpent: 0,
  ...over,
});
const rows = [
  row({ id: 1, name: 'Martin' }),
  row({ id: 2, name: 'Cave des Amis', kind: 'prospect', company: 'Cave des Amis', pipe: 'Contacté' }),
];
const api = {
  'GET /crm/clients': (req: { query: Record<string, string> }) =>
    paginatedOf(
      rows.filter((r) => !req.query.kind || r.kind === req.query.kind),
      req.query,
    ),
  'GET /tariffs/typologies': [],
  'GET /agents': [{ id: 5, username: 'Antoine Agent', email: 'agent@demo.test', firstname: 'Antoine', lastname: 'Agent', kind: 'agent' }],
};

describe('client file list (/dashboard/clients)', () => {
  it('a tab puts its kind in the URL and in the api query; the price-grid requests have their own tab', async () => {
    const page = renderPage(<ClientsListPage />, {
      route: '/dashboard/clients?pageSize=10',
      session: 'owner',
      api: {
        ...api,
        'GET /shops/me/price-grid-requests': (req) => paginatedOf([], req.query),
        'GET /shops/me/clients': (req) => paginatedOf([], req.query),
      },
    });
    await screen.findByRole('link', { name: 'Martin' });
    await userEvent.click(screen.getByRole('tab', { name: 'Prospects' }));
    await screen.findByRole('link', { name: 'Cave des Amis' });
    expect(page.location().search).toBe('?kind=prospect');
    const lists = page.calls.filter((c) => c.path === '/crm/clients');
    expect(lists.at(-1)!.query).toMatchObject({ kind: 'prospect', page: '1' });
    expect(screen.queryByRole('link', { name: 'Martin' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nouveau prospect' })).toHaveAttribute('href', '/dashboard/clients/add?pipe=Prospect');

    await userEvent.click(screen.getByRole('tab', { name: 'Demandes de grille tarifaire' }));
    expect(page.location().search).toBe('?view=requests');
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
  });

  it('bulk: assigns the selected clients to an agent', async () => {
    const page = renderPage(<ClientsListPage />, {
      route: '/dashboard/clients?pageSize=10',
      session: 'owner',
      api: { ...api, 'POST /crm/clients/bulk': { success: true, message: '1 client mis à jour', updated: 1 } },
    });
    await screen.findByRole('link', { name: 'Martin' });
    await userEvent.click(screen.getAllByRole('checkbox', { name: /1$/ })[0]);
    await userEvent.click(screen.getByLabelText('Agent à attribuer'));
    await userEvent.click(await screen.findByTitle('Antoine Agent'));
    await userEvent.click(screen.getByRole('button', { name: 'Attribuer à un agent' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [1], action: 'assignAgent', value: 5 }));
  });

  describe('the agents (GET /agents answers 403 to an iam without accessAgent, §6)', () => {
    const { 'GET /agents': agentsHandler, ...withoutAgents } = api;

    it('an iam without accessAgent is not offered the agent filter nor the assignment, and the agents are not asked for', async () => {
      const page = renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: iamWith({ seeAllClient: true, createClient: true }),
        api: withoutAgents,
      });
      await screen.findByRole('link', { name: 'Martin' });
      await userEvent.click(screen.getAllByRole('checkbox', { name: /1$/ })[0]);
      expect(screen.getByRole('button', { name: 'Archiver' })).toBeInTheDocument();
      expect(screen.queryByLabelText('Agent à attribuer')).toBeNull();
      expect(page.calls.filter((c) => c.path === '/agents')).toEqual([]);
    });

    it('an iam with accessAgent gets them', async () => {
      const page = renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: iamWith({ seeAllClient: true, createClient: true, accessAgent: true }),
        api: { ...withoutAgents, 'GET /agents': agentsHandler },
      });
      await screen.findByRole('link', { name: 'Martin' });
      await userEvent.click(screen.getAllByRole('checkbox', { name: /1$/ })[0]);
      expect(await screen.findByLabelText('Agent à attribuer')).toBeInTheDocument();
      expect(page.calls.filter((c) => c.path === '/agents')).toHaveLength(1);
    });
  });

  describe('bulk « Ajouter à une liste »', () => {
    const list = (id: number, name: string, memberCount: number): MarketingListSummary => ({
      id,
      name,
      kind: 'static',
      filters: {},
      memberCount,
      createdAt: '2026-01-05T10:00:00Z',
      updatedAt: '2026-01-05T10:00:00Z',
    });
    const lists = [list(3, 'Clients fidèles', 12), list(4, 'Salon 2026', 1)];
    const listsApi = {
      'GET /marketing/lists': (req: { query: Record<string, string> }) =>
        paginatedOf(
          lists.filter((l) => !req.query.q || l.name.toLowerCase().includes(req.query.q.toLowerCase())),
          req.query,
        ),
    };

    async function selectBoth() {
      await screen.findByRole('link', { name: 'Martin' });
      await userEvent.click(screen.getAllByRole('checkbox', { name: /1$/ })[0]);
      await userEvent.click(screen.getAllByRole('checkbox', { name: /2$/ })[0]);
    }

    it('adds the selected clients to a static list picked in the dialog; the api message is shown', async () => {
      const page = renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: 'owner',
        api: {
          ...api,
          ...listsApi,
          'POST /marketing/lists/:id/members': { added: 2, message: '2 clients ajoutés à la liste' },
        },
      });
      await selectBoth();
      await userEvent.click(screen.getByRole('button', { name: 'Ajouter à une liste' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Ajouter 2 clients à une liste')).toBeInTheDocument();
      // nothing picked: a French message, no call
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
      expect(await within(dialog).findByText('Choisissez une liste')).toBeInTheDocument();
      expect(page.api.callsTo('POST /marketing/lists/:id/members')).toHaveLength(0);

      await userEvent.click(within(dialog).getByLabelText('Liste statique'));
      await userEvent.click(await screen.findByTitle('Clients fidèles (12 membres)'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
      await waitFor(() => expect(page.snackbars()).toContainEqual({ text: '2 clients ajoutés à la liste', error: false }));
      const [post] = page.api.callsTo('POST /marketing/lists/:id/members');
      expect(post.path).toBe('/marketing/lists/3/members');
      expect(post.body).toEqual({ clientIds: [1, 2] });
      expect(page.api.callsTo('GET /marketing/lists')[0].query).toMatchObject({ kind: 'static' });
      expect(page.api.callsTo('POST /marketing/lists')).toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('creates a static list by its name, then adds the clients; a failed addition is retried on the same list', async () => {
      let attempts = 0;
      const page = renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: 'owner',
        api: {
          ...api,
          ...listsApi,
          'POST /marketing/lists': (req: { body: unknown }) => ({
            ...list(12, (req.body as { name: string }).name, 0),
            count: { total: 0, recipients: 0, duplicates: 0, cannotBeMailed: { noEmail: 0, unsubscribed: 0, bounced: 0, noConsent: 0 } },
            message: 'Liste créée',
          }),
          'POST /marketing/lists/:id/members': () =>
            ++attempts === 1
              ? [503, { success: false, message: 'Service momentanément indisponible' }]
              : { added: 2, message: '2 clients ajoutés à la liste' },
        },
      });
      await selectBoth();
      await userEvent.click(screen.getByRole('button', { name: 'Ajouter à une liste' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Une nouvelle liste' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
      expect(await within(dialog).findByText('Le nom est obligatoire')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText('Nom de la nouvelle liste'), 'Dégustation de mai');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Service momentanément indisponible');
      expect(page.api.callsTo('POST /marketing/lists').map((c) => c.body)).toEqual([{ name: 'Dégustation de mai', kind: 'static' }]);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
      await waitFor(() => expect(page.snackbars()).toContainEqual({ text: '2 clients ajoutés à la liste', error: false }));
      expect(page.api.callsTo('POST /marketing/lists')).toHaveLength(1);
      expect(page.api.callsTo('POST /marketing/lists/:id/members').map((c) => [c.path, c.body])).toEqual([
        ['/marketing/lists/12/members', { clientIds: [1, 2] }],
        ['/marketing/lists/12/members', { clientIds: [1, 2] }],
      ]);
    });

    it('a shop without a static list starts on a new one; Enter sends its name, the api’s message on it shows under the field', async () => {
      const page = renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: 'owner',
        api: {
          ...api,
          'GET /marketing/lists': (req: { query: Record<string, string> }) => paginatedOf([], req.query),
          'POST /marketing/lists': reply(400, { success: false, message: 'Une liste porte déjà ce nom', field: 'name' }),
        },
      });
      await selectBoth();
      await userEvent.click(screen.getByRole('button', { name: 'Ajouter à une liste' }));
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Une nouvelle liste' })).toBeChecked());
      const name = within(dialog).getByLabelText('Nom de la nouvelle liste');
      await userEvent.type(name, 'Clients fidèles{Enter}');
      await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
      expect(name).toHaveAccessibleDescription('Une liste porte déjà ce nom');
      expect(page.api.callsTo('POST /marketing/lists').map((c) => c.body)).toEqual([{ name: 'Clients fidèles', kind: 'static' }]);
      expect(page.api.callsTo('POST /marketing/lists/:id/members')).toHaveLength(0);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('offered to a collaborator with createList', async () => {
      renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: iamWith({ seeAllClient: true, createClient: true, createList: true }),
        api: { ...api, ...listsApi },
      });
      await selectBoth();
      expect(screen.getByRole('button', { name: 'Ajouter à une liste' })).toBeInTheDocument();
    });

    it('not offered to a collaborator without createList', async () => {
      renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: iamWith({ seeAllClient: true, createClient: true }),
        api: { ...api, ...listsApi },
      });
      await selectBoth();
      expect(screen.getByRole('button', { name: 'Archiver' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ajouter à une liste' })).toBeNull();
    });

    it('not offered when the campaigns module of the shop is off', async () => {
      renderPage(<ClientsListPage />, {
        route: '/dashboard/clients?pageSize=10',
        session: { user: OWNER, shop: { ...DEMO_SHOP, integration: { ...DEMO_SHOP.integration, campaigns: { active: false } } } },
        api: { ...api, ...listsApi },
      });
      await selectBoth();
      expect(screen.getByRole('button', { name: 'Archiver' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ajouter à une liste' })).toBeNull();
    });
  });
});

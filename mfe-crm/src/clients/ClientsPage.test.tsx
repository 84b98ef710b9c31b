import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceGridRequestItem, Shop, ShopClient } from 'shared-kernel/contracts';
import { DEMO_SHOP, PENDING, iamWith, paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { ClientsPage } from './ClientsPage';
import { defaultTypology } from './list/RequestDecision';

const request = (over: Partial<PriceGridRequestItem> & { id: number }): PriceGridRequestItem => ({
  status: 'pending',
  createdAt: '2026-03-21T14:05:00',
  company: 'Cave du Coin',
  typology: null,
  requester: { id: 6, name: 'Béatrice Acheteuse', email: 'buyer@demo.test', phone: '+33612345678' },
  ...over,
});
const marc = (id: number) =>
  request({ id, company: null, requester: { id: 7, name: 'Marc Caviste', email: 'marc@cave.test', phone: null } });
const client = (over: Partial<ShopClient> & { userId: number }): ShopClient => ({
  name: 'Paul Pro',
  email: 'paul@bar.test',
  phone: null,
  company: 'Bar Paul',
  typology: 'professionnel',
  typologyName: 'Professionnel',
  since: '2026-02-01T10:00:00',
  ...over,
});

const REQUESTS = 'GET /shops/me/price-grid-requests';
const CLIENTS = 'GET /shops/me/clients';
const DECIDE = 'PUT /shops/me/price-grid-requests/:id';
const serve =
  <T,>(rows: () => readonly T[]) =>
  (req: ApiRequest) =>
    paginatedOf(rows(), req.query);

/** The demo shop with a third typology, to pick another one than the proposed. */
const SHOP_WITH_CAVISTE: Shop = {
  ...DEMO_SHOP,
  typologies: [
    ...DEMO_SHOP.typologies,
    { id: 'caviste', name: 'Caviste', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false },
  ],
};

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(1024));

const requestsSection = () => within(screen.getByTestId('grid-requests'));
const clientsSection = () => within(screen.getByTestId('shop-clients'));

describe('defaultTypology', () => {
  it("proposes the shop's first professional (non-public) typology, else the first one", () => {
    expect(
      defaultTypology([
        { id: 'particulier', name: 'Particulier', public: true },
        { id: 'pro', name: 'Pro', public: false },
      ]),
    ).toBe('pro');
    expect(defaultTypology([{ id: 'particulier', name: 'Particulier', public: true }])).toBe('particulier');
    expect(defaultTypology([])).toBeUndefined();
  });
});

describe('/dashboard/clients for the owner', () => {
  it('shows the pending requests (name, company, email, phone, date), the attached clients and says the client file comes later', async () => {
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: 'owner',
      api: { [REQUESTS]: serve(() => [request({ id: 11 }), marc(12)]), [CLIENTS]: serve(() => [client({ userId: 9 })]) },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Clients professionnels' })).toBeInTheDocument();
    expect(screen.getByTestId('clients-later')).toHaveTextContent(
      'La fiche client complète (création d’un client, fiche client, opportunités, prospection) arrive prochainement.',
    );
    const rows = await requestsSection().findAllByTestId('resource-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(first.getByText('Cave du Coin')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'buyer@demo.test' })).toHaveAttribute('href', 'mailto:buyer@demo.test');
    expect(first.getByRole('link', { name: '+33612345678' })).toHaveAttribute('href', 'tel:+33612345678');
    expect(first.getByText('21/03/2026 14:05')).toBeInTheDocument();
    // the professional typology is proposed first
    expect(first.getByTestId('typology-select')).toHaveTextContent('Professionnel');
    expect(within(rows[1]).getAllByText('-')).toHaveLength(2); // no company, no phone
    expect(screen.getByTestId('pending-count')).toHaveTextContent('2');

    const clientRow = (await clientsSection().findAllByTestId('resource-row'))[0];
    expect(within(clientRow).getByText('Paul Pro')).toBeInTheDocument();
    expect(within(clientRow).getByText('paul@bar.test')).toBeInTheDocument();
    expect(within(clientRow).getByText('Professionnel')).toBeInTheDocument();
    expect(within(clientRow).getByText('01/02/2026')).toBeInTheDocument();

    expect(page.api.callsTo(REQUESTS).map((c) => c.query)).toEqual([{ status: 'pending', page: '1', pageSize: '20', sort: '-createdAt' }]);
    expect(page.api.callsTo(CLIENTS).map((c) => c.query)).toEqual([{ page: '1', pageSize: '20', sort: '-since' }]);
  });

  it('keeps each list’s page and sort in the URL, the requests’ under the req_ prefix', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      request({ id: 100 + i, requester: { id: 100 + i, name: `Acheteur ${i + 1}`, email: `a${i}@x.test`, phone: null } }),
    );
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients?req_pageSize=10&req_page=2',
      session: 'owner',
      api: { [REQUESTS]: serve(() => many), [CLIENTS]: serve(() => [client({ userId: 9 })]) },
    });
    expect(await requestsSection().findByText('Acheteur 11')).toBeInTheDocument();
    expect(requestsSection().getAllByTestId('resource-row')).toHaveLength(2);
    expect(page.api.callsTo(REQUESTS)[0].query).toEqual({ status: 'pending', page: '2', pageSize: '10', sort: '-createdAt' });
    expect(page.api.callsTo(CLIENTS)[0].query).toEqual({ page: '1', pageSize: '20', sort: '-since' });

    // sorting the clients by their date (oldest first) leaves the requests' state alone
    await clientsSection().findByText('Paul Pro');
    await userEvent.click(clientsSection().getByRole('columnheader', { name: /Depuis le/ }));
    await waitFor(() => expect(page.location().search).toBe('?req_pageSize=10&req_page=2&sort=since'));
    await waitFor(() => expect(page.api.callsTo(CLIENTS).at(-1)!.query).toEqual({ page: '1', pageSize: '20', sort: 'since' }));
  });

  it('accepts with the proposed typology, or with another one chosen from the list; the lists are refreshed', async () => {
    let pending = [request({ id: 11 }), marc(12)];
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: { user: 'owner', shop: SHOP_WITH_CAVISTE },
      api: {
        [REQUESTS]: serve(() => pending),
        [CLIENTS]: serve(() => []),
        [DECIDE]: (req) => {
          const id = Number(req.params.id);
          pending = pending.filter((r) => r.id !== id);
          return {
            success: true,
            message: 'Demande acceptée',
            request: { ...request({ id }), status: 'accepted', typology: (req.body as { typology: string }).typology },
          };
        },
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Accepter la demande de Béatrice Acheteuse' }));
    await waitFor(() => expect(page.api.callsTo(DECIDE)).toHaveLength(1));
    expect(page.api.callsTo(DECIDE)[0]).toMatchObject({
      path: '/shops/me/price-grid-requests/11',
      body: { decision: 'accept', typology: 'professionnel' },
    });
    await waitFor(() => expect(screen.queryByText('Béatrice Acheteuse')).not.toBeInTheDocument());
    // the api's message, and the attached clients asked again (the buyer became one)
    expect(page.snackbars()).toContainEqual({ text: 'Demande acceptée', error: false });
    await waitFor(() => expect(page.api.callsTo(CLIENTS)).toHaveLength(2));

    // Marc: choose 'Caviste' in the select
    await userEvent.click(screen.getByRole('combobox', { name: 'Typologie tarifaire pour Marc Caviste' }));
    await userEvent.click(await screen.findByTitle('Caviste'));
    expect(screen.getByTestId('typology-select')).toHaveTextContent('Caviste');
    await userEvent.click(screen.getByRole('button', { name: 'Accepter la demande de Marc Caviste' }));
    await waitFor(() => expect(page.api.callsTo(DECIDE)).toHaveLength(2));
    expect(page.api.callsTo(DECIDE)[1]).toMatchObject({
      path: '/shops/me/price-grid-requests/12',
      body: { decision: 'accept', typology: 'caviste' },
    });
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
  });

  it('refuses only after confirmation; cancelling sends nothing; the clients are not asked again', async () => {
    let refused = false;
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: 'owner',
      api: {
        [REQUESTS]: serve(() => (refused ? [] : [request({ id: 11 })])),
        [CLIENTS]: serve(() => []),
        [DECIDE]: () => {
          refused = true;
          return { success: true, message: 'La demande a été refusée', request: { ...request({ id: 11 }), status: 'refused' } };
        },
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Refuser la demande de Béatrice Acheteuse' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refuser la demande ?')).toBeInTheDocument();
    expect(within(dialog).getByText(/pourra en envoyer une nouvelle/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.api.callsTo(DECIDE)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Refuser la demande de Béatrice Acheteuse' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refuser' }));
    await waitFor(() =>
      expect(page.api.callsTo(DECIDE)[0]).toMatchObject({ path: '/shops/me/price-grid-requests/11', body: { decision: 'refuse' } }),
    );
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
    expect(page.api.callsTo(REQUESTS)).toHaveLength(2);
    expect(page.api.callsTo(CLIENTS)).toHaveLength(1);
  });

  it('shows empty states in French', async () => {
    renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: 'owner',
      api: { [REQUESTS]: serve(() => []), [CLIENTS]: serve(() => []) },
    });
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
    expect(await screen.findByText('Aucun client professionnel rattaché pour le moment')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-count')).not.toBeInTheDocument();
  });

  it('shows the loading state while the api has not answered', async () => {
    renderPage(<ClientsPage />, { route: '/dashboard/clients', session: 'owner', api: { [REQUESTS]: PENDING, [CLIENTS]: PENDING } });
    expect(await requestsSection().findByRole('status', { name: 'Chargement…' })).toHaveAttribute('aria-busy', 'true');
    expect(clientsSection().getByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
  });

  it('shows an error with the api message and a working retry', async () => {
    let fail = true;
    renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: 'owner',
      api: {
        [REQUESTS]: (req) =>
          fail
            ? reply(500, { success: false, message: 'Service momentanément indisponible' })
            : paginatedOf([request({ id: 11 })], req.query),
        [CLIENTS]: serve(() => []),
      },
    });
    expect(await requestsSection().findByText('Impossible de charger les données')).toBeInTheDocument();
    expect(requestsSection().getByText('Service momentanément indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(requestsSection().getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByText('Béatrice Acheteuse')).toBeInTheDocument();
  });

  it('lists the clients as cards on a phone', async () => {
    setWidth(400);
    renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: 'owner',
      api: { [REQUESTS]: serve(() => []), [CLIENTS]: serve(() => [client({ userId: 9, phone: '+33600000000' })]) },
    });
    const list = await screen.findByRole('list', { name: 'Clients professionnels rattachés' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByTestId('resource-card');
    expect(within(card).getByText('Paul Pro')).toBeInTheDocument();
    expect(within(card).getByText('Bar Paul')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+33600000000' })).toHaveAttribute('href', 'tel:+33600000000');
  });
});

describe('/dashboard/clients for other roles', () => {
  it('a collaborator with seeAllClient only reads the requests: no accept or refuse button', async () => {
    renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: iamWith({ seeAllClient: true }),
      api: { [REQUESTS]: serve(() => [request({ id: 11 })]), [CLIENTS]: serve(() => []) },
    });
    expect(await screen.findByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(screen.getByText(/seul un compte autorisé à créer des clients peut les accepter ou les refuser/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accepter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refuser/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('typology-select')).not.toBeInTheDocument();
  });

  it('an agent gets a plain note and no request to the shop endpoints', async () => {
    // no handler: any call would also fail the test when it ends
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients', session: 'agent' });
    expect(screen.getByText(/La liste de vos clients arrive prochainement/)).toBeInTheDocument();
    await act(async () => {});
    expect(page.calls).toEqual([]);
  });
});

describe('/dashboard/clients in English', () => {
  it('shows the English texts when the language is English', async () => {
    renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      session: 'owner',
      language: 'en',
      api: { [REQUESTS]: serve(() => [request({ id: 11 })]), [CLIENTS]: serve(() => []) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Professional clients' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accept the request of Béatrice Acheteuse' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Requested on' })).toBeInTheDocument();
    expect(await screen.findByText('No professional client attached yet')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceGridRequestItem, ShopClient } from 'shared-kernel/contracts';
import { initI18n, setLanguage } from 'shared-kernel/i18n';
import { resetApiConfig } from 'shared-kernel/runtime';
import { ClientsPage, defaultTypology } from './ClientsPage';
import { AGENT, IAM_READER, OWNER, json, loginAs, mockApi, renderPage } from '../test/helpers';

// antd renders slowly in jsdom when the machine is busy
jest.setTimeout(30_000);

const request = (over: Partial<PriceGridRequestItem> & { id: number }): PriceGridRequestItem => ({
  status: 'pending', createdAt: '2026-03-21T14:05:00', company: 'Cave du Coin', typology: null,
  requester: { id: 6, name: 'Béatrice Acheteuse', email: 'buyer@demo.test', phone: '+33612345678' },
  ...over,
});
const client = (over: Partial<ShopClient> & { userId: number }): ShopClient => ({
  name: 'Paul Pro', email: 'paul@bar.test', phone: null, company: 'Bar Paul', typology: 'professionnel', typologyName: 'Professionnel',
  since: '2026-02-01T10:00:00', ...over,
});
const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });

const isRequests = (url: string) => url.startsWith('/v1/shops/me/price-grid-requests?');
const isClients = (url: string) => url.startsWith('/v1/shops/me/clients');

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

beforeAll(() => { initI18n({ lng: 'fr' }); });
beforeEach(() => setWidth(1440));
afterEach(() => {
  resetApiConfig();
  loginAs(null);
});

describe('defaultTypology', () => {
  it("proposes the shop's first professional (non-public) typology, else the first one", () => {
    expect(defaultTypology([{ id: 'particulier', name: 'Particulier', public: true }, { id: 'pro', name: 'Pro', public: false }])).toBe('pro');
    expect(defaultTypology([{ id: 'particulier', name: 'Particulier', public: true }])).toBe('particulier');
    expect(defaultTypology([])).toBeUndefined();
  });
});

describe('/dashboard/clients for the owner', () => {
  beforeEach(() => loginAs(OWNER));

  it('shows the pending requests (name, company, email, phone, date), the attached clients and says the client file comes later', async () => {
    const calls = mockApi((url) => {
      if (isRequests(url)) return json(200, page([request({ id: 11 }), request({ id: 12, company: null, requester: { id: 7, name: 'Marc Caviste', email: 'marc@cave.test', phone: null } })]));
      if (isClients(url)) return json(200, page([client({ userId: 9 })]));
      return json(404, {});
    });
    renderPage(<ClientsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Clients professionnels' })).toBeInTheDocument();
    expect(screen.getByTestId('clients-later')).toHaveTextContent('La fiche client complète (création d’un client, fiche client, opportunités, prospection) arrive prochainement.');
    const list = await screen.findByRole('list', { name: 'Demandes de grille tarifaire en attente' });
    const cards = within(list).getAllByTestId('grid-request');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(first.getByText('Cave du Coin')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'buyer@demo.test' })).toHaveAttribute('href', 'mailto:buyer@demo.test');
    expect(first.getByRole('link', { name: '+33612345678' })).toHaveAttribute('href', 'tel:+33612345678');
    expect(first.getByText('21/03/2026 14:05')).toBeInTheDocument();
    // the professional typology is proposed first
    expect(first.getByTestId('typology-select')).toHaveTextContent('Professionnel');
    expect(within(cards[1]).getAllByText('-')).toHaveLength(2); // no company, no phone
    expect(screen.getByTestId('pending-count')).toHaveTextContent('2');

    const clients = await screen.findByRole('table');
    const row = within(clients).getAllByTestId('client-item')[0];
    expect(within(row).getByText('Paul Pro')).toBeInTheDocument();
    expect(within(row).getByText('paul@bar.test')).toBeInTheDocument();
    expect(within(row).getByText('Professionnel')).toBeInTheDocument();
    expect(calls.filter((c) => isRequests(c.url)).map((c) => c.url)).toEqual(['/v1/shops/me/price-grid-requests?status=pending&page=1&pageSize=20']);
  });

  it('accepts with the proposed typology, or with another one chosen from the list; the lists are refreshed', async () => {
    let pending = [request({ id: 11 }), request({ id: 12, requester: { id: 7, name: 'Marc Caviste', email: 'marc@cave.test', phone: null } })];
    const calls = mockApi((url, method, body) => {
      if (method === 'PUT') {
        const id = Number(url.split('/').pop());
        pending = pending.filter((r) => r.id !== id);
        return json(200, { success: true, message: 'Demande acceptée', request: { ...request({ id }), status: 'accepted', typology: (body as { typology: string }).typology } });
      }
      if (isRequests(url)) return json(200, page(pending));
      return json(200, page([]));
    });
    renderPage(<ClientsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Accepter la demande de Béatrice Acheteuse' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/v1/shops/me/price-grid-requests/11', body: { decision: 'accept', typology: 'professionnel' } });
    await waitFor(() => expect(screen.queryByText('Béatrice Acheteuse')).not.toBeInTheDocument());
    expect(calls.filter((c) => isClients(c.url)).length).toBeGreaterThanOrEqual(2);

    // Marc: choose 'Caviste' in the select (keyboard: open, arrow down, Enter)
    const select = screen.getByRole('combobox', { name: 'Typologie tarifaire pour Marc Caviste' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Caviste'));
    expect(screen.getByTestId('typology-select')).toHaveTextContent('Caviste');
    await userEvent.click(screen.getByRole('button', { name: 'Accepter la demande de Marc Caviste' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]).toMatchObject({ url: '/v1/shops/me/price-grid-requests/12', body: { decision: 'accept', typology: 'caviste' } });
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
  });

  it('refuses only after confirmation; cancelling sends nothing', async () => {
    const calls = mockApi((url, method) => {
      if (method === 'PUT') return json(200, { success: true, message: 'La demande a été refusée', request: { ...request({ id: 11 }), status: 'refused' } });
      if (isRequests(url)) return json(200, page(calls.some((c) => c.method === 'PUT') ? [] : [request({ id: 11 })]));
      return json(200, page([]));
    });
    renderPage(<ClientsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Refuser la demande de Béatrice Acheteuse' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refuser la demande ?')).toBeInTheDocument();
    expect(within(dialog).getByText(/pourra en envoyer une nouvelle/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Refuser la demande de Béatrice Acheteuse' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/v1/shops/me/price-grid-requests/11', body: { decision: 'refuse' } }));
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
  });

  it('shows empty states in French', async () => {
    mockApi(() => json(200, page([])));
    renderPage(<ClientsPage />);
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
    expect(await screen.findByText('Aucun client professionnel rattaché pour le moment')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-count')).not.toBeInTheDocument();
  });

  it('shows the loading state, then an error with the api message and a working retry', async () => {
    let fail = true;
    let hold = true;
    mockApi((url) => {
      if (hold) return 'pending';
      if (isRequests(url) && fail) return json(500, { success: false, message: 'Une erreur est survenue' });
      return json(200, page(isRequests(url) ? [request({ id: 11 })] : []));
    });
    const { unmount } = renderPage(<ClientsPage />);
    expect(document.querySelectorAll('.ant-skeleton').length).toBeGreaterThan(0);
    unmount();

    hold = false;
    renderPage(<ClientsPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Impossible de charger les données');
    expect(alert).toHaveTextContent('Une erreur est survenue');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByText('Béatrice Acheteuse')).toBeInTheDocument();
  });

  it('lists the clients as cards on a phone', async () => {
    setWidth(400);
    mockApi((url) => json(200, page(isClients(url) ? [client({ userId: 9, phone: '+33600000000' })] : [])));
    renderPage(<ClientsPage />);
    const list = await screen.findByRole('list', { name: 'Clients professionnels rattachés' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByTestId('client-item');
    expect(within(card).getByText('Paul Pro')).toBeInTheDocument();
    expect(within(card).getByText('Bar Paul')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+33600000000' })).toBeInTheDocument();
  });
});

describe('/dashboard/clients in English', () => {
  afterEach(async () => { await act(async () => { await setLanguage('fr'); }); });

  it('shows the English texts when the language is English', async () => {
    await act(async () => { await setLanguage('en'); });
    loginAs(OWNER);
    mockApi((url) => json(200, page(isRequests(url) ? [request({ id: 11 })] : [])));
    renderPage(<ClientsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Professional clients' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accept the request of Béatrice Acheteuse' })).toBeInTheDocument();
    expect(await screen.findByText('No professional client attached yet')).toBeInTheDocument();
  });
});

describe('/dashboard/clients for other roles', () => {
  it('a collaborator with seeAllClient only reads the requests: no accept or refuse button', async () => {
    loginAs(IAM_READER);
    mockApi((url) => json(200, page(isRequests(url) ? [request({ id: 11 })] : [])));
    renderPage(<ClientsPage />);
    expect(await screen.findByText('Béatrice Acheteuse')).toBeInTheDocument();
    expect(screen.getByText(/seul un compte autorisé à créer des clients peut les accepter ou les refuser/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accepter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refuser/ })).not.toBeInTheDocument();
  });

  it('an agent gets a plain note and no request to the shop endpoints', async () => {
    loginAs(AGENT);
    const calls = mockApi(() => json(403, { success: false, message: 'interdit' }));
    renderPage(<ClientsPage />);
    expect(screen.getByText(/La liste de vos clients arrive prochainement/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});

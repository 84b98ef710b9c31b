import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared-kernel/runtime';
import { mockFetch, renderShell, resetStores } from '../test/render';
import { shopFixture, users } from '../test/fixtures';

beforeEach(() => resetStores());

describe('header per role', () => {
  it('owner: search, calendar, tickets, Boutique to own shop, no cart', async () => {
    mockFetch({
      'GET /v1/users/me': users.owner,
      'GET /v1/notifications-centers': [],
      'GET /v1/tickets/unread-count': { count: 2, threads: 1 },
    });
    renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    const header = within(await screen.findByRole('banner'));
    expect(header.getByRole('link', { name: 'Boutique' })).toHaveAttribute('href', '/domaine-demo');
    expect(header.getByRole('link', { name: 'Calendrier' })).toHaveAttribute('href', '/dashboard/calendar');
    // the shop's unread messages on the Messagerie icon
    expect(await header.findByRole('link', { name: 'Messagerie, 2 non lus' })).toHaveAttribute('href', '/tickets');
    expect(header.getByTestId('tickets-unread')).toHaveTextContent('2');
    expect(header.queryByRole('button', { name: /Panier/ })).toBeNull();
    expect(await header.findByRole('combobox')).toBeInTheDocument();
  });

  it('buyer: cart badge (emits cart:open), Producteurs, tickets, no search nor calendar', async () => {
    mockFetch({
      'GET /v1/users/me': users.buyer,
      'GET /v1/notifications-centers': [],
      'GET /v1/tickets/unread-count': { count: 0, threads: 0 },
    });
    renderShell({ path: '/dashboard', user: users.buyer });
    const header = within(await screen.findByRole('banner'));
    expect(await header.findByRole('link', { name: 'Messagerie' })).toHaveAttribute('href', '/tickets');
    const onOpen = jest.fn();
    const off = bus.on('cart:open', onOpen);
    await userEvent.click(header.getByRole('button', { name: /Panier/ }));
    off();
    expect(onOpen).toHaveBeenCalled();
    expect(header.getByRole('link', { name: 'Producteurs' })).toHaveAttribute('href', '/shops');
    expect(header.queryByRole('link', { name: 'Calendrier' })).toBeNull();
    expect(header.queryByRole('combobox')).toBeNull();
  });

  it('anonymous: account menu offers Se connecter and Créer un compte', async () => {
    mockFetch({});
    renderShell({ path: '/domaine-demo' });
    const header = within(await screen.findByRole('banner'));
    await userEvent.click(header.getByRole('button', { name: 'Mon compte' }));
    expect(header.getByRole('menuitem', { name: 'Se connecter' })).toHaveAttribute('href', '/auth/login');
    expect(header.getByRole('menuitem', { name: 'Créer un compte' })).toHaveAttribute('href', '/auth/register');
    expect(header.getByRole('button', { name: /Panier/ })).toBeInTheDocument();
  });

  it('agent: tour switch', async () => {
    mockFetch({ 'GET /v1/users/me': users.agent, 'GET /v1/notifications-centers': [] });
    const { router } = renderShell({ path: '/dashboard', user: users.agent });
    const header = within(await screen.findByRole('banner'));
    await userEvent.click(header.getByRole('button', { name: /Mode tournée/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shops'));
  });

  it('master account: Changer de compte → Choisissez un compte → switch reloads session and shop', async () => {
    const user = userEvent.setup();
    const masterAccount = {
      id: 99,
      email: 'master@demo.test',
      username: 'master',
      subAccounts: [
        { id: 1, username: 'owner', email: 'owner@demo.test', shopName: 'Domaine de Démo' },
        { id: 2, username: 'owner2', email: 'owner2@demo.test', shopName: 'Brasserie Démo' },
      ],
    };
    const fetchMock = mockFetch({
      'POST /v1/auth/switch-account': { user: users.owner, jwt: 'jwt-owner', masterAccount },
      'GET /v1/users/me': users.owner,
      'GET /v1/shops/me': shopFixture,
      'GET /v1/notifications-centers': [],
    });
    // master-only session: the popup opens by itself on /dashboard
    renderShell({ path: '/dashboard', masterAccount });
    const dialog = within(await screen.findByRole('dialog', {}, { timeout: 3000 }));
    expect(dialog.getByText('Choisissez un compte')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: /Domaine de Démo/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/v1/shops/me')).toBe(true));
    const body = fetchMock.mock.calls.find(([u]) => String(u) === '/v1/auth/switch-account')![1] as RequestInit;
    expect(JSON.parse(String(body.body))).toEqual({ userId: 1 });
    const header = within(await screen.findByRole('banner'));
    expect(await header.findByRole('button', { name: 'Changer de compte' })).toBeInTheDocument();
    expect(await header.findByRole('link', { name: 'Boutique' })).toBeInTheDocument();
  });
});

describe('the owner’s logo (Personnaliser › logo)', () => {
  const open = (shop: typeof shopFixture) => {
    mockFetch({
      'GET /v1/users/me': users.owner,
      'GET /v1/shops/me': shop,
      'GET /v1/notifications-centers': [],
      'GET /v1/tickets/unread-count': { count: 0, threads: 0 },
    });
    renderShell({ path: '/dashboard', user: users.owner, shop });
  };

  it('shows the shop’s logo in place of Wineriz when set', async () => {
    open({ ...shopFixture, editedShop: { color: null, banner: null, logo: '/v1/shops/10/images/logo.png' } });
    const header = within(await screen.findByRole('banner'));
    const home = header.getByRole('link', { name: 'Domaine de Démo, accueil' });
    expect(within(home).getByRole('img', { name: 'Domaine de Démo' })).toHaveAttribute('src', '/v1/shops/10/images/logo.png');
    expect(within(home).queryByText('Wineriz')).toBeNull();
  });

  it('shows Wineriz when the shop has no logo', async () => {
    open({ ...shopFixture, editedShop: { color: null, banner: null, logo: null } });
    const header = within(await screen.findByRole('banner'));
    const home = header.getByRole('link', { name: 'Wineriz, accueil' });
    expect(within(home).queryByRole('img')).toBeNull();
    expect(within(home).getByText('Wineriz')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderShell, resetStores } from '../test/render';
import { shopFixture, users } from '../test/fixtures';

beforeEach(() => {
  resetStores();
  mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
});

describe('router built from the registry', () => {
  it('renders a dashboard route inside the dashboard layout with the remote page', async () => {
    const { container, loader } = renderShell({ path: '/dashboard/orders', user: users.owner, shop: shopFixture });
    expect(await screen.findByText('Page /dashboard/orders')).toBeInTheDocument();
    expect(container.querySelector('[data-layout="dashboard"]')).not.toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mfe_sales');
  });

  it('says in the back office that the shop is suspended, and only there', async () => {
    renderShell({ path: '/dashboard/orders', user: users.owner, shop: { ...shopFixture, suspended: true } });
    expect(await screen.findByText('Page /dashboard/orders')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Votre boutique est suspendue par la plateforme.');
  });

  it('shows no suspension notice for a shop that is open', async () => {
    renderShell({ path: '/dashboard/orders', user: users.owner, shop: shopFixture });
    expect(await screen.findByText('Page /dashboard/orders')).toBeInTheDocument();
    expect(screen.queryByText(/Votre boutique est suspendue/)).toBeNull();
  });

  it('renders an auth route in the auth layout (no header)', async () => {
    const { container } = renderShell({ path: '/auth/login' });
    expect(await screen.findByText('Page /auth/login')).toBeInTheDocument();
    expect(container.querySelector('[data-layout="auth"]')).not.toBeNull();
    expect(container.querySelector('[data-season]')).not.toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('puts the shop’s banner and logo beside its login page (?id=<code>) instead of the season image', async () => {
    const shop = {
      ...shopFixture,
      editedShop: { color: '#1e5a7b', banner: '/v1/shops/10/images/banner.jpg', logo: '/v1/shops/10/images/logo.png' },
    };
    mockFetch({ 'GET /v1/shops/DEMO01': shop });
    const { container } = renderShell({ path: '/auth/login?id=DEMO01' });
    const banner = await screen.findByRole('complementary', { name: 'Domaine de Démo' });
    expect(banner.style.backgroundImage).toContain('/v1/shops/10/images/banner.jpg');
    expect(container.querySelector('[data-season]')).toBeNull();
    expect(screen.getByRole('img', { name: 'Domaine de Démo' })).toHaveAttribute('src', '/v1/shops/10/images/logo.png');
  });

  it('keeps the season image and the shop’s name on the login page of a shop without banner nor logo', async () => {
    mockFetch({ 'GET /v1/shops/DEMO01': { ...shopFixture, editedShop: { color: null, banner: null, logo: null } } });
    const { container } = renderShell({ path: '/auth/login?id=DEMO01' });
    expect(await screen.findByRole('link', { name: 'Domaine de Démo' })).toHaveTextContent('Domaine de Démo');
    expect(container.querySelector('[data-season]')).not.toBeNull();
    expect(screen.queryByRole('img', { name: 'Domaine de Démo' })).toBeNull();
  });

  it('renders a shop by name in the shops layout', async () => {
    const { container } = renderShell({ path: '/domaine-demo' });
    expect(await screen.findByText('Page /:name')).toBeInTheDocument();
    expect(container.querySelector('[data-layout="shops"]')).not.toBeNull();
  });

  it('the tickets layout is titled Messagerie', async () => {
    renderShell({ path: '/tickets', user: users.buyer });
    expect(await screen.findByText('Page /tickets')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeInTheDocument();
  });
});

describe('guard', () => {
  it('anonymous on /dashboard goes to login with redirectLink', async () => {
    const { router } = renderShell({ path: '/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirectLink=%2Fdashboard');
    expect(await screen.findByText('Page /auth/login')).toBeInTheDocument();
  });

  it('a reserved first segment is never a shop: /dashboard/unknown is a 404 for a logged-in user', async () => {
    renderShell({ path: '/dashboard/unknown', user: users.owner, shop: shopFixture });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.queryByText('Page /:name/:product')).toBeNull();
  });

  it('an unknown reserved path sends an anonymous visitor to login', async () => {
    const { router } = renderShell({ path: '/dashboard/unknown' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirectLink=%2Fdashboard%2Funknown');
  });

  it('an iam without the right stays on the page, told which right is missing, with a way back to the dashboard', async () => {
    mockFetch({ 'GET /v1/users/me': users.iam, 'GET /v1/notifications-centers': [] });
    const { router, loader } = renderShell({ path: '/dashboard/accounting/journals', user: users.iam, shop: shopFixture });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Vous n'avez pas accès à cette page : droit “Accéder à la pré-comptabilité” requis",
      }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/accounting/journals');
    // the page's remote is not loaded, the chrome is there
    expect(loader).not.toHaveBeenCalledWith('mfe_accounting');
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Retour au tableau de bord' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
  });

  it('names every right the page needs that the iam lacks', async () => {
    const iam = { ...users.iam, shops: [{ id: 10, authorizations: { seeAllClient: true } }] };
    mockFetch({ 'GET /v1/users/me': iam, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard/orders/samples', user: iam, shop: shopFixture });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Vous n'avez pas accès à cette page : droits “Voir toutes les commandes”, “Créer des devis” requis",
      }),
    ).toBeInTheDocument();
  });

  it('a role not allowed goes to the dashboard (buyer on clients)', async () => {
    const { router } = renderShell({ path: '/dashboard/clients', user: users.buyer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('owner fetches the shop when missing before deciding', async () => {
    const fetchMock = mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/shops/me': shopFixture, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard/analytics', user: users.owner });
    expect(await screen.findByText('Page /dashboard/analytics')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/v1/shops/me'))).toBe(true);
  });

  it('logged-in user on a guest-only page goes home', async () => {
    const { router } = renderShell({ path: '/auth/login', user: users.buyer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('remote failures', () => {
  it("shows 'Module indisponible' in the page area while the header keeps working, and retries", async () => {
    const { loader } = renderShell({ path: '/dashboard/orders', user: users.owner, shop: shopFixture, failing: ['mfe_sales'] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Module indisponible')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
    const calls = loader.mock.calls.length;
    within(alert).getByRole('button', { name: 'Réessayer' }).click();
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
  });

  it('a loader resolving to nothing (failover marker / undefined) is also unavailable', async () => {
    renderShell({ path: '/dashboard/orders', user: users.owner, shop: shopFixture, loader: jest.fn(async () => undefined) });
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
  });
});

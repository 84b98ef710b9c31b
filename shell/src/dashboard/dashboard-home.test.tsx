import { screen, waitFor, within } from '@testing-library/react';
import { renderShell, resetStores, mockFetch } from '../test/render';
import { shopFixture, users } from '../test/fixtures';

const widgetTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('/dashboard (the home screen: widgets contributed by the remotes)', () => {
  beforeEach(() => {
    resetStores();
    mockFetch({ 'GET /v1/notifications-centers': [], '/version.json': { version: '5.5.1' } });
  });

  it('shows the owner every widget declared for owners, in their declared order, with the remote content', async () => {
    renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('widget-content')).toHaveLength(3));
    expect(widgetTitles()).toEqual(['Commandes à valider', "Chiffre d'affaires", 'Prochaines réservations']);
    expect(within(screen.getByTestId('widget-toValidate')).getByText('Widget toValidate')).toBeInTheDocument();
  });

  it('follows the route rules: an iam without seeAllResa does not see the reservations widget; a buyer sees only theirs', async () => {
    renderShell({ path: '/dashboard', user: users.iam, shop: shopFixture });
    await waitFor(() => expect(screen.getAllByTestId('widget-content')).toHaveLength(2));
    expect(widgetTitles()).toEqual(['Commandes à valider', "Chiffre d'affaires"]);
  });

  it('a buyer sees their own widgets only', async () => {
    renderShell({ path: '/dashboard', user: users.buyer });
    await waitFor(() => expect(screen.getAllByTestId('widget-content')).toHaveLength(1));
    expect(widgetTitles()).toEqual(['Mes dernières commandes']);
  });

  it('a shop whose reservations module is off hides the reservations widget', async () => {
    const shop = { ...shopFixture, integration: { ...shopFixture.integration, reservations: { active: false } } };
    renderShell({ path: '/dashboard', user: users.owner, shop });
    await waitFor(() => expect(screen.getAllByTestId('widget-content')).toHaveLength(2));
    expect(widgetTitles()).not.toContain('Prochaines réservations');
  });

  it('a remote that fails to load hides only its own widgets; the page and the rest of the shell keep working', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loader } = renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture, failing: ['mfe_sales'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    await waitFor(() => expect(loader).toHaveBeenCalledWith('mfe_sales'));
    await waitFor(() => expect(screen.queryAllByTestId(/^widget-/)).toHaveLength(0));
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.queryByText('Module indisponible')).toBeNull();
    error.mockRestore();
  });

  it('a master account that has not chosen an account gets the chooser and no widget behind it: no shop data is asked for', async () => {
    const masterAccount = {
      id: 99,
      email: 'master@demo.test',
      username: 'master',
      subAccounts: [{ id: 2, username: 'owner', email: 'owner@demo.test', shopName: 'Domaine de Démo' }],
    };
    const { loader } = renderShell({ path: '/dashboard', masterAccount });
    expect(await screen.findByRole('dialog', {}, { timeout: 3000 })).toHaveTextContent('Choisissez un compte');
    expect(screen.getByText('Choisissez un compte pour afficher son tableau de bord.')).toBeInTheDocument();
    expect(screen.queryAllByTestId(/^widget-/)).toHaveLength(0);
    expect(loader).not.toHaveBeenCalled();
  });

  it("the superAdmin's dashboard is the admin console: /dashboard leads there and loads no shop widget", async () => {
    const { router, loader } = renderShell({ path: '/dashboard', user: users.admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByText('Page /admin')).toBeInTheDocument();
    expect(screen.queryAllByTestId(/^widget-/)).toHaveLength(0);
    expect(loader.mock.calls.map(([remote]) => remote)).toEqual(['mfe_auth_admin']);
  });

  it("the superAdmin's header « Tableau de bord » opens the admin console", async () => {
    renderShell({ path: '/admin', user: users.admin });
    const header = within(await screen.findByRole('banner'));
    expect(header.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/admin');
  });

  it('says so when the viewer may see no widget at all', async () => {
    renderShell({ path: '/dashboard', user: users.agent, shop: shopFixture });
    expect(await screen.findByText("Rien à afficher ici pour l'instant.")).toBeInTheDocument();
  });
});

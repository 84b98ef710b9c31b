import { screen, within } from '@testing-library/react';
import { mockFetch, renderShell, resetStores, setWidth } from '../test/render';
import { registryFixture, shopFixture, users } from '../test/fixtures';

beforeEach(() => {
  resetStores();
});

async function sidebar() {
  return within(await screen.findByRole('navigation', { name: 'Menu principal' }));
}
const groupsOf = (nav: HTMLElement) => [...nav.querySelectorAll('[data-group]')].map((el) => el.getAttribute('data-group'));

describe('sidebar', () => {
  it('owner sees every seller group in order, with the create menu', async () => {
    mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    const nav = await sidebar();
    const el = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(groupsOf(el)).toEqual([
      'dashboard',
      'ventes',
      'oenotourisme',
      'crm',
      'articles',
      'marketing',
      'commercial',
      'achats',
      'rapports',
      'precompta',
      'caisse',
      'messagerie',
      'boutique',
      'aide',
      'parametres',
    ]);
    for (const title of ['Ventes', 'Oenotourisme', 'CRM', 'Articles', 'Aide'])
      expect(nav.getByRole('button', { name: title })).toBeInTheDocument();
    for (const link of ['Dashboard', 'Rapports', 'Caisse', 'Messagerie', 'Boutique en ligne', 'Paramètres'])
      expect(nav.getByRole('link', { name: link })).toBeInTheDocument();
    nav.getByRole('button', { name: 'Créer' }).click();
    expect(await nav.findByRole('link', { name: 'Nouvelle commande' })).toHaveAttribute('href', '/dashboard/orders/add');
    expect(nav.getByRole('link', { name: 'Nouveau produit' })).toBeInTheDocument();
  });

  it('highlights one entry of a group: the deepest the page is under (invoices, not the purchase orders above them)', async () => {
    const registry = registryFixture();
    const menu = (label: string, order: number) => [{ group: 'achats' as const, label, labelKey: label, order }];
    const route = (path: string, title: string, order: number) => ({
      path,
      layout: 'dashboard' as const,
      roles: ['owner' as const, 'iam' as const],
      permissions: [],
      modules: [],
      titleKey: path,
      title,
      menu: menu(title, order),
    });
    const stock = registry.remotes.find((x) => x.name === 'mfe-stock')!;
    stock.routes = [
      ...stock.routes,
      route('/dashboard/purchases', 'Commandes fournisseurs', 2),
      route('/dashboard/purchases/invoices', 'Factures fournisseurs', 3),
      { ...route('/dashboard/purchases/:id', 'Commande fournisseur', 9), menu: undefined },
    ];
    const current = (nav: ReturnType<typeof within>) =>
      nav
        .getAllByRole('link')
        .filter((a: HTMLElement) => a.getAttribute('aria-current') === 'page')
        .map((a: HTMLElement) => a.textContent);

    mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
    const first = renderShell({ path: '/dashboard/purchases/invoices', user: users.owner, shop: shopFixture, registry });
    expect(current(await sidebar())).toEqual(['Factures fournisseurs']);
    first.unmount();

    // a purchase order's page stays under « Commandes fournisseurs »
    renderShell({ path: '/dashboard/purchases/42', user: users.owner, shop: shopFixture, registry });
    expect(current(await sidebar())).toEqual(['Commandes fournisseurs']);
  });

  it('external help entries open in a new tab', async () => {
    mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    const nav = await sidebar();
    nav.getByRole('button', { name: 'Aide' }).click();
    const link = await nav.findByRole('link', { name: "Centre d'aide" });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('href', 'https://help.example');
  });

  it('iam (seeAllOrder, createOrder, seeAllClient, createClient) only sees what it may open', async () => {
    mockFetch({ 'GET /v1/users/me': users.iam, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard', user: users.iam, shop: shopFixture });
    const nav = await sidebar();
    expect(groupsOf(screen.getByRole('navigation', { name: 'Menu principal' }))).toEqual([
      'dashboard',
      'ventes',
      'crm',
      'boutique',
      'aide',
      'parametres',
    ]);
    nav.getByRole('button', { name: 'Ventes' }).click();
    expect(await nav.findByRole('link', { name: 'Commandes' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Devis' })).toBeNull();
    nav.getByRole('button', { name: 'Créer' }).click();
    expect(await nav.findByRole('link', { name: 'Nouvelle commande' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Nouveau client' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Nouveau produit' })).toBeNull();
  });

  it('buyer menu', async () => {
    mockFetch({ 'GET /v1/users/me': users.buyer, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard', user: users.buyer });
    const nav = await sidebar();
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Tableau de bord',
      'Commandes',
      'Réservations',
      'Messagerie',
      'Boutique(s) en ligne',
      'Paramètres',
    ]);
    expect(nav.queryByRole('button', { name: 'Créer' })).toBeNull();
  });

  it('agent menu', async () => {
    mockFetch({ 'GET /v1/users/me': users.agent, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard', user: users.agent });
    const nav = await sidebar();
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Tableau de bord',
      'Commandes',
      'Échantillons',
      'Clients',
      'Catalogue',
      'Calendrier',
      'Producteurs',
      'Paramètres',
    ]);
  });

  it('tablet: 56 px rail that expands from the menu button', async () => {
    setWidth(1000);
    mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
    const { container } = renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    await sidebar();
    expect((container.querySelector('.wz-sidebar') as HTMLElement).style.width).toBe('56px');
    screen.getByRole('button', { name: 'Menu' }).click();
    expect(await screen.findByRole('button', { name: 'Ventes' })).toBeInTheDocument();
    expect((container.querySelector('.wz-sidebar') as HTMLElement).style.width).toBe('180px');
  });

  it('mobile: bottom bar and a drawer with Déconnexion', async () => {
    setWidth(400);
    mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
    const { router } = renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    const bar = within(await screen.findByRole('navigation', { name: 'Barre de navigation mobile' }));
    expect(bar.getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(bar.getByRole('link', { name: 'Commandes' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'QR code' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    screen.getByRole('button', { name: 'Menu' }).click();
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    expect(await drawer.findByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    drawer.getByRole('button', { name: 'Déconnexion' }).click();
    await screen.findByText('Page /auth/login');
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

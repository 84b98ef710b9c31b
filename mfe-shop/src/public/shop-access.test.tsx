// Who may see a shop's public page: « Boutique fermée » when its online shop is switched off (§1 module `shop`,
// the api's 404), and the §6 warning shown to a collaborator or a sales agent browsing a shop.
import { screen } from '@testing-library/react';
import { SHOP_CLOSED_MESSAGE, type ProductListResponse, type PublicShopPage } from 'shared-kernel/contracts';
import { reply, renderPage, type SessionOption } from 'shared-kernel/testing';
import ShopPage from './ShopPage';
import NutritionPage from './NutritionPage';

const page = (kind: PublicShopPage['viewer']['kind'] = null): PublicShopPage => ({
  id: 1,
  code: 'DOMDEM',
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  // not alcoholic: no age gate in front of the page
  businessType: 'other',
  editedShop: null,
  description: null,
  legalNotice: null,
  headerStyle: {},
  pricesReservedToMembers: false,
  titleProducts: 'Nos produits',
  tabs: [],
  viewer: { member: kind !== null, kind, typology: 'particulier', typologyName: 'Particulier', ttc: true },
});
const noProducts: ProductListResponse = {
  items: [],
  total: 0,
  limit: 100,
  offset: 0,
  facets: { gamme: [], type: [], color: [], vintage: [] },
  pricesReserved: false,
};

const open = (session: SessionOption, shop: PublicShopPage | ReturnType<typeof reply>) =>
  renderPage(<ShopPage />, {
    route: '/domaine-demo',
    path: '/:name',
    session,
    api: { 'GET /shops/by-name/:name': shop, 'GET /products': noProducts, 'GET /shops/:id/events': [] },
  });

describe('a closed shop', () => {
  it('shows « Boutique fermée » when the api says the shop is closed', async () => {
    open(null, reply(404, { success: false, message: SHOP_CLOSED_MESSAGE }));
    expect(await screen.findByRole('heading', { name: 'Boutique fermée' })).toBeInTheDocument();
    expect(screen.getByText(/ne vend pas en ligne pour le moment/)).toBeInTheDocument();
    expect(screen.queryByText('Boutique introuvable')).not.toBeInTheDocument();
  });

  it('still says « Boutique introuvable » for an unknown shop', async () => {
    open(null, reply(404, { success: false, message: 'Boutique introuvable' }));
    expect(await screen.findByRole('heading', { name: 'Boutique introuvable' })).toBeInTheDocument();
    expect(screen.queryByText('Boutique fermée')).not.toBeInTheDocument();
  });

  it('closes its nutritional values page the same way', async () => {
    renderPage(<NutritionPage />, {
      route: '/domaine-demo/nutritiveValues',
      path: '/:name/nutritiveValues',
      session: null,
      api: { 'GET /shops/by-name/:name': reply(404, { success: false, message: SHOP_CLOSED_MESSAGE }) },
    });
    expect(await screen.findByRole('heading', { name: 'Boutique fermée' })).toBeInTheDocument();
  });
});

describe('§6 warning to staff accounts browsing a shop', () => {
  it('tells a collaborator they are signed in as a collaborator', async () => {
    open('iam', page('iam'));
    expect(await screen.findByTestId('staff-warning')).toHaveTextContent('Vous êtes connecté en tant que collaborateur');
    expect(await screen.findByRole('heading', { name: 'Nos produits' })).toBeInTheDocument();
  });

  it('tells a sales agent they are signed in as an agent, on another producer’s shop too', async () => {
    open('agent', page(null));
    expect(await screen.findByTestId('staff-warning')).toHaveTextContent('Vous êtes connecté en tant qu’agent commercial');
  });

  it.each([
    ['an anonymous visitor', null, null],
    ['a buyer', 'buyer', null],
    ['the owner', 'owner', 'owner'],
  ] as const)('shows nothing to %s', async (_who, session, kind) => {
    open(session, page(kind));
    expect(await screen.findByRole('heading', { name: 'Nos produits' })).toBeInTheDocument();
    expect(screen.queryByTestId('staff-warning')).not.toBeInTheDocument();
  });
});

import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoyaltyBuyerView } from 'shared-kernel/contracts';
import { PENDING, renderPage, reply, type ApiHandlers } from 'shared-kernel/testing';
import remoteModule from '../module';
import { widgets } from '../routes';
import MyLoyaltyWidget from './MyLoyaltyWidget';

/** Text matched as written (the no-break spaces of French numbers are part of what is checked). */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const DOMAINE: LoyaltyBuyerView = {
  shop: { id: 1, name: 'Domaine de Démo', slug: 'domaine-demo' },
  basis: 'euro',
  pointsPerUnit: 1,
  balance: 320,
  total: 420,
  spent: 100,
  level: { index: 1, name: 'Argent', threshold: 300 },
  next: { index: 2, name: 'Or', threshold: 500, needed: 180 },
  levels: [
    { index: 0, name: 'Bronze', threshold: 100, reached: true, offers: [{ kind: 'discount', type: '€', amount: 500 }], products: [null] },
    {
      index: 1,
      name: 'Argent',
      threshold: 300,
      reached: true,
      offers: [
        { kind: 'discount', type: '%', amount: 10 },
        { kind: 'products', productIds: [7, 8], maxProducts: 1 },
      ],
      products: [
        null,
        [
          {
            id: 7,
            name: 'Cuvée Prestige',
            formatId: 1,
            formatLabel: 'Bouteille 75 cl',
            vintageId: 3,
            vintageName: '2020',
            productType: 'wine',
            image: null,
            available: true,
          },
          {
            id: 8,
            name: 'Rosé de saignée',
            formatId: 1,
            formatLabel: 'Bouteille 75 cl',
            vintageId: null,
            vintageName: null,
            productType: 'wine',
            image: null,
            available: false,
          },
        ],
      ],
    },
    { index: 2, name: 'Or', threshold: 500, reached: false, offers: [{ kind: 'discount', type: '%', amount: 20 }], products: [null] },
  ],
};

/** A shop without public name (page by id), the buyer below the first level. */
const BRASSERIE: LoyaltyBuyerView = {
  shop: { id: 42, name: 'Brasserie du Port', slug: null },
  basis: 'bottle',
  pointsPerUnit: 2,
  balance: 1,
  total: 1,
  spent: 0,
  level: null,
  next: { index: 0, name: 'Fidèle', threshold: 1500, needed: 1499 },
  levels: [
    { index: 0, name: 'Fidèle', threshold: 1500, reached: false, offers: [{ kind: 'discount', type: '%', amount: 5 }], products: [null] },
  ],
};

/** Every level reached: nothing left to reach. */
const TOP: LoyaltyBuyerView = {
  ...DOMAINE,
  shop: { id: 3, name: 'Cave des Pros Démo', slug: 'cave-pros-demo' },
  balance: 2500,
  total: 2500,
  spent: 0,
  level: { index: 0, name: 'Unique', threshold: 2000 },
  next: null,
  levels: [
    {
      index: 0,
      name: 'Unique',
      threshold: 2000,
      reached: true,
      offers: [{ kind: 'products', productIds: [9], maxProducts: 2 }],
      products: [[]],
    },
  ],
};

// the shell renders a widget without props on /dashboard, inside its own card
const onDashboard = (api: ApiHandlers, language: 'fr' | 'en' = 'fr') =>
  renderPage(<MyLoyaltyWidget />, {
    route: '/dashboard',
    session: 'buyer',
    api,
    language,
    routes: { '/:name': <p>page boutique</p>, '/shops/:id': <p>page boutique par id</p> },
  });

describe('« Mes points de fidélité » (buyer dashboard widget)', () => {
  it('is declared for buyers only and lent by ./module under its id', () => {
    expect(widgets).toEqual([{ id: 'myLoyalty', title: 'Mes points de fidélité', roles: ['buyer'], order: 35 }]);
    expect(remoteModule.widgets?.myLoyalty).toBeTruthy();
    expect(Object.keys(remoteModule.widgets ?? {})).toEqual(widgets.map((w) => w.id));
  });

  it('lists, per shop, the balance, the level reached, what is missing to the next one and the offers to use in the cart', async () => {
    const page = onDashboard({ 'GET /buyer/loyalty': { items: [DOMAINE, BRASSERIE] } });
    const list = await screen.findByRole('list', { name: 'Mes points de fidélité par boutique' });
    const [domaine, brasserie] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);

    const d = within(domaine);
    expect(d.getByRole('link', { name: 'Domaine de Démo' })).toHaveAttribute('href', '/domaine-demo');
    expect(d.getByText('320 points')).toBeInTheDocument();
    expect(d.getByText('Niveau atteint : Argent')).toBeInTheDocument();
    expect(d.getByText('Encore 180 points pour atteindre Or')).toBeInTheDocument();
    const offers = d.getByRole('list', { name: 'Offres disponibles chez Domaine de Démo' });
    // the offers of both reached levels, none of 'Or' (not reached); only the available products are offered
    expect(
      within(offers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bronze (100 points) : Remise de 5,00\u00a0€',
      'Argent (300 points) : Remise de 10 %',
      'Argent (300 points) : 1 produit offert au choix — au choix : Cuvée Prestige 2020',
    ]);
    expect(d.queryByText(/Remise de 20/)).not.toBeInTheDocument();
    expect(d.getByText('À utiliser dans votre panier')).toBeInTheDocument();

    const b = within(brasserie);
    expect(b.getByRole('link', { name: 'Brasserie du Port' })).toHaveAttribute('href', '/shops/42');
    expect(b.getByText('1 point')).toBeInTheDocument();
    expect(b.getByText('Aucun niveau atteint')).toBeInTheDocument();
    expect(b.getByText('Encore 1\u202f499 points pour atteindre Fidèle', exact)).toBeInTheDocument();
    expect(b.queryByRole('list')).not.toBeInTheDocument();
    expect(b.queryByText('À utiliser dans votre panier')).not.toBeInTheDocument();

    await userEvent.click(d.getByRole('link', { name: 'Domaine de Démo' }));
    expect(page.location().pathname).toBe('/domaine-demo');
    expect(page.api.callsTo('GET /buyer/loyalty')).toHaveLength(1);
  });

  it('says when the highest level is reached, with thousands written the French way', async () => {
    onDashboard({ 'GET /buyer/loyalty': { items: [TOP] } });
    expect(await screen.findByText('2\u202f500 points', exact)).toBeInTheDocument();
    expect(screen.getByText('Niveau atteint : Unique')).toBeInTheDocument();
    expect(screen.getByText('Vous avez atteint le plus haut niveau')).toBeInTheDocument();
    expect(screen.queryByText(/Encore/)).not.toBeInTheDocument();
    // a products offer whose products are all unavailable names none
    expect(within(screen.getByRole('list', { name: 'Offres disponibles chez Cave des Pros Démo' })).getByRole('listitem').textContent).toBe(
      'Unique (2\u202f000 points) : 2 produits offerts au choix',
    );
  });

  it('shows the empty state when the buyer holds no points anywhere', async () => {
    onDashboard({ 'GET /buyer/loyalty': { items: [] } });
    expect(await screen.findByText("Vous n'avez pas encore de points de fidélité")).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error of its own that can be retried', async () => {
    const loading = onDashboard({ 'GET /buyer/loyalty': PENDING });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    loading.unmount();

    let fail = true;
    const page = onDashboard({
      'GET /buyer/loyalty': () => (fail ? reply(500, { success: false, message: 'Base de données indisponible' }) : { items: [DOMAINE] }),
    });
    expect(await screen.findByText('Impossible de charger vos points de fidélité')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('320 points')).toBeInTheDocument();
    expect(page.api.callsTo('GET /buyer/loyalty')).toHaveLength(2);
  });

  it('speaks English', async () => {
    onDashboard({ 'GET /buyer/loyalty': { items: [DOMAINE] } }, 'en');
    expect(await screen.findByText('320 points')).toBeInTheDocument();
    expect(screen.getByText('Level reached: Argent')).toBeInTheDocument();
    expect(screen.getByText('180 more points to reach Or')).toBeInTheDocument();
    expect(screen.getByText('To use in your cart')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Offers available at Domaine de Démo' })).toHaveTextContent('10 % off');
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PublicShopPage, ShopTab } from 'shared-kernel/contracts';
import { buildFilter, ProductList } from './ProductList';
import { selectTab, tabHref } from './ShopFrame';
import { hasAdultCookie } from './AgeGate';
import { productSlug, tabQueryName } from 'shared-kernel/domain';
import { toCartFormat } from 'shared-kernel/domain';
import { initI18n } from 'shared-kernel/i18n';

beforeAll(() => {
  initI18n({ lng: 'fr' });
});

const fetchProducts = jest.fn();
jest.mock('./data', () => ({
  ...jest.requireActual('./data'),
  fetchProducts: (...args: unknown[]) => fetchProducts(...args),
}));

const tab = (id: number, name: string, children: ShopTab[] = []): ShopTab => ({
  id,
  name,
  order: id,
  exists: true,
  content: { kind: 'products' },
  children,
});
const tabs = [tab(1, 'Accueil'), tab(2, 'Nos vins', [tab(3, 'Rouges'), tab(4, 'Nouveautés')]), tab(5, 'Nouveautés'), tab(6, 'Le domaine')];

describe('tab query handling (§2 page / pageid)', () => {
  it('names tabs lowercased with hyphens', () => {
    expect(tabQueryName('Le domaine')).toBe('le-domaine');
    expect(tabQueryName('Coffrets et  accessoires')).toBe('coffrets-et-accessoires');
  });
  it('selects by page, then by pageid when names collide', () => {
    expect(selectTab(tabs, 'le-domaine', null)?.id).toBe(6);
    expect(selectTab(tabs, 'rouges', null)?.id).toBe(3);
    expect(selectTab(tabs, 'nouveautés', null)?.id).toBe(4);
    expect(selectTab(tabs, 'nouveautés', '5')?.id).toBe(5);
    expect(selectTab(tabs, 'inconnu', null)).toBeNull();
    expect(selectTab(tabs, null, null)).toBeNull();
  });
  it('adds pageid only to links of tabs sharing a name', () => {
    expect(tabHref('/domaine-demo', tabs[3], tabs)).toBe('/domaine-demo?page=le-domaine');
    expect(tabHref('/domaine-demo', tabs[2], tabs)).toBe(`/domaine-demo?page=${encodeURIComponent('nouveautés')}&pageid=5`);
  });
});

describe('helpers', () => {
  it('builds the §7 filter from the tab filter, the chosen groups and the search', () => {
    expect(buildFilter({ productType: ['bottle'] }, { color: 'red', vintage: 'NV' }, '  galets ')).toEqual({
      productType: ['bottle'],
      color: ['red'],
      vintage: ['NV'],
      search: 'galets',
    });
    expect(buildFilter(undefined, {}, '')).toEqual({});
  });
  it('makes product slugs without accents', () => {
    expect(productSlug({ id: 12, name: 'Rosé des Vignes' })).toBe('12-rose-des-vignes');
  });
  it('reads the adult cookie', () => {
    expect(hasAdultCookie('a=1; wz_adult=1')).toBe(true);
    expect(hasAdultCookie('wz_adult=0')).toBe(false);
  });
  it('converts a TTC catalogue price to the cart HT format, tiers and € promotions in euros', () => {
    const f = toCartFormat(
      {
        id: 7,
        unity: 'litre',
        unityValue: 0.75,
        eq75: 1,
        container: 'bouteille',
        formatType: 'bottle',
        nameInShop: 'Bouteille 75 cl',
        showUnityValue: true,
        packing: null,
        packingQuantity: 6,
        weight: 1.3,
        gtin: '3760123000021',
        stock: 5,
        minPurchase: 1,
        maxPurchase: null,
        promotions: [{ id: 1, name: 'x', type: '€', amount: 200, activation: 'minPriceOrder', threshold: 15000 }],
        price: null,
      },
      {
        typology: 'particulier',
        typologyName: 'Particulier',
        ttc: true,
        priceCents: 1200,
        discountPrice: { 6: 1080 },
        discountAdd: { 12: 1 },
      },
      20,
    );
    expect(f).toMatchObject({
      id: 7,
      price: 10,
      discountPrice: { 6: 9 },
      discountAdd: { 12: 1 },
      typologies: [{ typology: 'particulier', price: 10 }],
      promotions: [{ amount: 2, threshold: 150 }],
    });
  });
});

const shop = {
  id: 1,
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  titleProducts: null,
  tabs: [],
} as unknown as PublicShopPage;
const product = (id: number, name: string, color: string) => ({
  id,
  shopId: 1,
  productType: 'bottle',
  name,
  precision: null,
  description: null,
  type: 'stillWine',
  color,
  gamme: 'Tradition',
  status: 'online',
  vatType: 'standard',
  labels: [],
  visuals: [],
  vintages: [{ id, name: '2022' }],
  formats: [{ id, stock: 3, price: { priceCents: 1250, ttc: true } }],
});

describe('ProductList', () => {
  beforeEach(() => {
    fetchProducts.mockReset();
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows filter groups, sends the colour filter, and the empty states', async () => {
    const facets = { gamme: ['Tradition'], type: ['stillWine'], color: ['red', 'rose'], vintage: ['2022', 'NV'] };
    fetchProducts.mockImplementation((_id: number, filter: { color?: string[]; search?: string }) => {
      if (filter.search) return Promise.resolve({ items: [], total: 0, limit: 100, offset: 0, facets, pricesReserved: false });
      const items =
        filter.color?.[0] === 'rose'
          ? [product(2, 'Rosé des Vignes', 'rose')]
          : [product(1, 'Les Galets Rouges', 'red'), product(2, 'Rosé des Vignes', 'rose')];
      return Promise.resolve({ items, total: items.length, limit: 100, offset: 0, facets, pricesReserved: false });
    });
    render(
      <MemoryRouter>
        <ProductList shop={shop} base="/domaine-demo" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /Les Galets Rouges/ })).toBeTruthy();
    expect(screen.getAllByText('Tous les produits')).toHaveLength(4);
    expect(screen.getAllByText('Autres produits')).toHaveLength(3); // not for vintages
    expect(screen.getByText('Non millésimé (NV)')).toBeTruthy();
    expect(screen.getAllByText('Dès 12,50 € TTC')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Rosé' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Les Galets Rouges/ })).toBeNull());
    expect(fetchProducts).toHaveBeenLastCalledWith(1, { color: ['rose'] }, expect.anything());
    expect(screen.getByRole('button', { name: 'Rosé' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Rechercher un produit'), { target: { value: 'zzz' } });
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(await screen.findByText('Aucun produit ne correspond à votre recherche')).toBeTruthy();
  });

  it('says the shop has no products when nothing is online and nothing is filtered', async () => {
    fetchProducts.mockResolvedValue({
      items: [],
      total: 0,
      limit: 100,
      offset: 0,
      facets: { gamme: [], type: [], color: [], vintage: [] },
      pricesReserved: false,
    });
    render(
      <MemoryRouter>
        <ProductList shop={shop} base="/domaine-demo" />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Cette boutique n'a pas encore de produits en ligne")).toBeTruthy();
  });
});

describe('ProductList after the gateway’s first paint', () => {
  beforeEach(() => {
    fetchProducts.mockReset();
  });
  afterEach(() => {
    document.getElementById('wz-listing-data')?.remove();
    document.getElementById('wz-first-paint')?.remove();
  });

  it('renders the inlined first page at once (filters included, no request), then removes the first paint', async () => {
    const facets = { gamme: ['Tradition'], type: [], color: ['red'], vintage: [] };
    const items = [product(1, 'Les Galets Rouges', 'red')];
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'wz-listing-data';
    script.textContent = JSON.stringify({ key: '1|{}', data: { items, total: 1, limit: 100, offset: 0, facets, pricesReserved: false } });
    document.head.appendChild(script);
    const host = document.createElement('div');
    host.id = 'wz-first-paint';
    document.body.appendChild(host);
    render(
      <MemoryRouter>
        <ProductList shop={shop} base="/domaine-demo" />
      </MemoryRouter>,
    );
    // first render: the listing and its filter groups, no loading state
    expect(screen.getByRole('link', { name: /Les Galets Rouges/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rouge' })).toBeTruthy();
    expect(screen.queryByText('Chargement…')).toBeNull();
    await waitFor(() => expect(document.getElementById('wz-first-paint')).toBeNull());
    expect(fetchProducts).not.toHaveBeenCalled();
    // a filter asks the api as usual
    fetchProducts.mockResolvedValue({ items, total: 1, limit: 100, offset: 0, facets, pricesReserved: false });
    fireEvent.click(screen.getByRole('button', { name: 'Rouge' }));
    await waitFor(() => expect(fetchProducts).toHaveBeenCalledWith(1, { color: ['red'] }, expect.anything()));
  });

  it('keeps the first paint while its own listing loads, and ignores an inlined listing of another filter', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'wz-listing-data';
    script.textContent = JSON.stringify({
      key: '1|{"color":["red"]}',
      data: { items: [], total: 0, limit: 100, offset: 0, facets: { gamme: [], type: [], color: [], vintage: [] }, pricesReserved: false },
    });
    document.head.appendChild(script);
    const host = document.createElement('div');
    host.id = 'wz-first-paint';
    document.body.appendChild(host);
    let answer!: (v: unknown) => void;
    fetchProducts.mockReturnValue(
      new Promise((r) => {
        answer = r;
      }),
    );
    render(
      <MemoryRouter>
        <ProductList shop={shop} base="/domaine-demo" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Chargement…')).toBeTruthy();
    expect(document.getElementById('wz-first-paint')).not.toBeNull();
    await act(async () => {
      answer({
        items: [product(1, 'Les Galets Rouges', 'red')],
        total: 1,
        limit: 100,
        offset: 0,
        facets: { gamme: [], type: [], color: [], vintage: [] },
        pricesReserved: false,
      });
    });
    expect(screen.getByRole('link', { name: /Les Galets Rouges/ })).toBeTruthy();
    expect(document.getElementById('wz-first-paint')).toBeNull();
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CatalogProduct, HeaderStyle, ProductListResponse, PublicShopPage, ShopTab } from 'shared-kernel/contracts';
import { renderPage, reply } from 'shared-kernel/testing';
import { buildFilter, ProductList } from './ProductList';
import ShopPage from './ShopPage';
import IframePage from './IframePage';
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

// What the owner sets (Produits, Informations, Personnaliser) as a visitor of the shop page sees it.
const shopPage = (over: Partial<PublicShopPage> = {}): PublicShopPage => ({
  id: 1,
  code: 'DOMDEM',
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  editedShop: null,
  description: null,
  legalNotice: null,
  headerStyle: {},
  pricesReservedToMembers: false,
  titleProducts: null,
  tabs: [tab(1, 'Accueil'), tab(2, 'Le domaine')],
  viewer: { member: false, kind: null, typology: 'particulier', typologyName: 'Particulier', ttc: true },
  ...over,
});
const listing = (items = [product(1, 'Les Galets Rouges', 'red')]): ProductListResponse =>
  ({
    items,
    total: items.length,
    limit: 100,
    offset: 0,
    facets: { gamme: [], type: [], color: [], vintage: ['2022'] },
    pricesReserved: false,
  }) as unknown as ProductListResponse;

// a signed-in buyer: no age gate in front of an alcoholic shop
const openShop = (page: PublicShopPage, route = '/domaine-demo') => {
  fetchProducts.mockResolvedValue(listing());
  return renderPage(<ShopPage />, {
    route,
    path: '/:name',
    session: 'buyer',
    api: { 'GET /shops/by-name/:name': page, 'GET /shops/:id/events': [] },
  });
};
const shopHeader = async () => {
  await screen.findByRole('link', { name: /Les Galets Rouges/ });
  return screen.getByRole('banner');
};

describe('the shop page with the shop’s settings', () => {
  beforeEach(() => fetchProducts.mockReset());

  it('titles the product list with « Titre de la liste des produits », else with the wording of the business type', async () => {
    const first = openShop(shopPage({ titleProducts: 'La cave du domaine' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'La cave du domaine' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nos vins' })).not.toBeInTheDocument();
    first.unmount();

    openShop(shopPage({ titleProducts: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nos vins' })).toBeInTheDocument();
  });

  it('words a beer shop « Nos bières » and its vintages « Brassin », a wine shop « Nos vins » and « Millésime »', async () => {
    const wine = openShop(shopPage({ businessType: 'wine' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nos vins' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Millésime' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Brassin' })).not.toBeInTheDocument();
    wine.unmount();

    openShop(shopPage({ businessType: 'beer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nos bières' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Brassin' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Millésime' })).not.toBeInTheDocument();
  });

  it('shows the banner above the listing and the logo in the header when set, neither when unset', async () => {
    const set = openShop(shopPage({ editedShop: { banner: '/v1/shops/1/images/banner.jpg', logo: '/v1/shops/1/images/logo.png' } }));
    const header = await shopHeader();
    expect(header.querySelector('.wzs-brand img')?.getAttribute('src')).toBe('/v1/shops/1/images/logo.png');
    expect(document.querySelector('.wzs-banner img')?.getAttribute('src')).toBe('/v1/shops/1/images/banner.jpg');
    set.unmount();

    openShop(shopPage({ editedShop: { banner: null, logo: null } }));
    const plain = await shopHeader();
    expect(plain.querySelector('img')).toBeNull();
    expect(document.querySelector('.wzs-banner')).toBeNull();
    expect(within(plain).getByText('Domaine de Démo')).toBeInTheDocument();
  });

  it('draws the header as its style says: dark in the colour, logo hidden or centred, current tab underlined', async () => {
    const logo = { logo: '/v1/shops/1/images/logo.png' };
    const styled: HeaderStyle = {
      dark: true,
      color: '#1e5a7b',
      hideLogo: true,
      underline: true,
      logoPlacement: 'center',
      border: false,
      shadow: true,
      elevation: 4,
      font: 'Georgia',
      justifyContent: 'space-between',
    };
    const first = openShop(shopPage({ editedShop: logo, headerStyle: styled }), '/domaine-demo?page=accueil');
    let header = await screen.findByRole('banner');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Accueil', hidden: true })).toHaveAttribute('aria-current', 'page'));
    let look = getComputedStyle(header);
    // dark: the header's background is the colour of the style, its text white
    expect(header.style.background).toBe('rgb(30, 90, 123)');
    expect(look.color).toBe('rgb(255, 255, 255)');
    expect(header.style.getPropertyValue('--wzs-accent')).toBe('#1e5a7b');
    expect(header.querySelector('img')).toBeNull();
    expect(look.justifyContent).toBe('center');
    expect(look.borderBottom).toMatch(/^0/);
    expect(header.style.fontFamily).toBe('Georgia');
    expect(header.style.boxShadow).not.toBe('');
    expect(header.style.getPropertyValue('--wzs-justify')).toBe('space-between');
    expect(getComputedStyle(screen.getByRole('link', { name: 'Accueil', hidden: true })).textDecoration).toBe('underline');
    first.unmount();

    // the same shop without a header style: light, logo shown at the start, no underline
    openShop(shopPage({ editedShop: logo, headerStyle: {} }), '/domaine-demo?page=accueil');
    header = await screen.findByRole('banner');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Accueil', hidden: true })).toHaveAttribute('aria-current', 'page'));
    look = getComputedStyle(header);
    expect(header.style.background).toBe('');
    expect(look.color).not.toBe('rgb(255, 255, 255)');
    expect(header.style.getPropertyValue('--wzs-accent')).toBe('#6d1a36');
    expect(header.querySelector('img')?.getAttribute('src')).toBe('/v1/shops/1/images/logo.png');
    expect(look.justifyContent).not.toBe('center');
    expect(look.borderBottom).toMatch(/^1px solid/);
    expect(header.style.fontFamily).toBe('');
    expect(header.style.boxShadow).toBe('');
    expect(getComputedStyle(screen.getByRole('link', { name: 'Accueil', hidden: true })).textDecoration).not.toBe('underline');
  });
});

describe('/iframes/{id}', () => {
  beforeEach(() => fetchProducts.mockReset());

  const bottle = {
    ...product(7, 'Cuvée des Galets', 'red'),
    formats: [
      {
        id: 7,
        unity: 'litre',
        unityValue: 0.75,
        eq75: 1,
        container: 'bouteille',
        formatType: 'bottle',
        nameInShop: 'Bouteille 75 cl',
        showUnityValue: false,
        packing: null,
        packingQuantity: 6,
        weight: 1.3,
        gtin: null,
        stock: 3,
        minPurchase: 1,
        maxPurchase: null,
        promotions: [],
        price: { typology: 'particulier', typologyName: 'Particulier', ttc: true, priceCents: 1250, discountPrice: {}, discountAdd: {} },
      },
    ],
  } as unknown as CatalogProduct;
  const openIframe = (cfg: { kind: 'list' | 'product'; productId: number | null }) => {
    fetchProducts.mockResolvedValue(listing([product(1, 'Les Galets Rouges', 'red'), product(2, 'Rosé des Vignes', 'rose')]));
    return renderPage(<IframePage />, {
      route: '/iframes/5',
      path: '/iframes/:id',
      session: 'buyer',
      api: {
        'GET /iframes/:id/public': { id: 5, shopId: 1, name: 'Widget du blog', urlShop: 'domaine-demo', ...cfg },
        'GET /shops/by-name/:name': shopPage(),
        'GET /products/:id': (req: { params: Record<string, string> }) =>
          req.params.id === '7' ? bottle : reply(404, { success: false, message: 'Produit inexistant' }),
      },
    });
  };

  it('shows the shop’s product list for an iframe of kind list', async () => {
    const page = openIframe({ kind: 'list', productId: null });
    const widget = await screen.findByTestId('iframe-widget');
    expect(await within(widget).findByRole('link', { name: /Les Galets Rouges/ })).toBeInTheDocument();
    expect(within(widget).getByRole('link', { name: /Rosé des Vignes/ })).toBeInTheDocument();
    expect(within(widget).queryByRole('button', { name: 'Ajouter au panier' })).not.toBeInTheDocument();
    expect(page.api.callsTo('GET /products/:id')).toHaveLength(0);
  });

  it('shows the one product of an iframe of kind product, not the list', async () => {
    const page = openIframe({ kind: 'product', productId: 7 });
    const widget = await screen.findByTestId('iframe-widget');
    expect(await within(widget).findByRole('heading', { level: 1, name: 'Cuvée des Galets' })).toBeInTheDocument();
    expect(within(widget).getByRole('button', { name: 'Ajouter au panier' })).toBeInTheDocument();
    expect(within(widget).queryByRole('link', { name: /Les Galets Rouges/ })).not.toBeInTheDocument();
    expect(fetchProducts).not.toHaveBeenCalled();
    expect(page.api.callsTo('GET /products/:id').map((c) => c.params.id)).toEqual(['7']);
  });
});

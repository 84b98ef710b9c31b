/**
 * @jest-environment node
 */
// The server render runs in the gateway's Node process: no DOM here.
import type { CatalogProduct, ProductListResponse, PublicShopPage } from 'shared-kernel/contracts';
import { buildUrl } from 'shared-kernel/runtime';
import { listingKey } from '../public/first-paint';
import { languageOf, listingRequest, render } from './first-paint';
import fixtures from './test-fixtures.json';

// Real api answers of the demo (Domaine de Démo, its listing cut to 14 of 32 products, Les Galets Rouges).
const shop = fixtures.shop as unknown as PublicShopPage;
const listingData = fixtures.listing as unknown as ProductListResponse;
const product = fixtures.product as unknown as CatalogProduct;
const listing = { key: listingKey(shop.id, {}), data: listingData };
const cards = (html: string) => (html.match(/class="wzs-card"/g) ?? []).length;

describe('listingRequest', () => {
  it('asks for the listing of the shop page as the app does (same key, same query)', () => {
    expect(listingRequest('', shop)).toEqual({
      key: `${shop.id}|{}`,
      path: buildUrl('/products', { shopIds: [shop.id], filter: {}, origin: 'shop', limit: 100, offset: 0 }),
    });
    expect(listingRequest('?page=rouges', shop)).toEqual({
      key: `${shop.id}|{"color":["red"]}`,
      path: `/v1/products?shopIds=%5B${shop.id}%5D&filter=%7B%22color%22%3A%5B%22red%22%5D%7D&origin=shop&limit=100&offset=0`,
    });
  });
  it('asks for nothing on a text tab', () => {
    expect(listingRequest('?page=accueil', shop)).toBeNull();
  });
  it('asks for nothing for a suspended shop', () => {
    expect(listingRequest('', { ...shop, tabs: [], suspended: true })).toBeNull();
  });
});

describe('languageOf', () => {
  it('follows ?lang, then the lang cookie, then the browser', () => {
    expect(languageOf('?lang=en', 'lang=fr', 'fr-FR')).toBe('en');
    expect(languageOf('', 'a=1; lang=en', 'fr-FR')).toBe('en');
    expect(languageOf('', undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(languageOf('', undefined, 'fr-FR,fr;q=0.9')).toBe('fr');
    expect(languageOf('', undefined, undefined)).toBe('fr');
  });
});

describe('render', () => {
  it('renders a suspended shop’s page as a plain notice, without tabs or cards', () => {
    const html = render({
      url: '/domaine-demo',
      lang: 'fr',
      adult: true,
      wide: false,
      shop: { ...shop, tabs: [], suspended: true },
      listing: null,
    });
    expect(html).toContain('Boutique momentanément indisponible');
    expect(html).toContain('Cette boutique a été suspendue par la plateforme');
    expect(cards(html)).toBe(0);
    expect(html).not.toContain('href="/domaine-demo?page=rouges"');
  });
  it('renders an adult visitor’s shop page: header, tabs, Loi Evin, title, the first cards with their prices', () => {
    const html = render({ url: '/domaine-demo', lang: 'fr', adult: true, wide: false, shop, listing });
    expect(html).toContain('class="fp-bar"');
    expect(html).toContain('Domaine de Démo');
    expect(html).toContain('href="/domaine-demo?page=rouges"');
    expect(html).toContain('data-testid="evin"');
    expect(html).toContain('L&#x27;abus d&#x27;alcool est dangereux pour la santé, à consommer avec modération.');
    expect(html).toContain('32 produit(s)');
    expect(cards(html)).toBe(12);
    expect(html).toContain('Les Galets Rouges');
    expect(html).toMatch(/Dès \d+,\d\d\s€ TTC/);
    expect(html).not.toContain('class="wzs-gate"');
    expect(html).not.toContain('Chargement');
    // filters: closed on a phone, open on a wide screen, as the app opens them
    expect(html).toMatch(/<details class="wzs-filters">/);
    expect(render({ url: '/domaine-demo', lang: 'fr', adult: true, wide: true, shop, listing })).toMatch(
      /<details class="wzs-filters" open="">/,
    );
  });

  it('renders the age gate for a first visit, with links that work before the app runs', () => {
    const html = render({ url: '/domaine-demo?page=rouges', lang: 'fr', adult: false, wide: false, shop, listing });
    // in the shop's colour: the buttons are 'background: var(--wzs-accent)' with white text
    expect(html).toContain(
      `class="wzs-gate" role="dialog" aria-modal="true" aria-labelledby="wzs-gate-title" style="--wzs-accent:${shop.editedShop?.color}"`,
    );
    expect(html).toContain('href="/domaine-demo?page=rouges&amp;adult=1"');
    expect(html).toContain('href="/auth"');
    expect(cards(html)).toBe(0);
  });

  it('renders in English', () => {
    const html = render({ url: '/domaine-demo?lang=en', lang: 'en', adult: true, wide: false, shop, listing });
    expect(html).toContain('32 product(s)');
    expect(html).toMatch(/From €\d+\.\d\d incl\. VAT/);
  });

  it('renders a product page: name, vintage and format choices, price, stock', () => {
    const html = render({ url: '/domaine-demo/1-les-galets-rouges', lang: 'fr', adult: true, wide: false, shop, product });
    expect(html).toContain('<h1 style="margin:4px 0">Les Galets Rouges</h1>');
    expect(html).toContain('data-testid="price"');
    expect(html).toContain('data-testid="stock"');
    expect(html).toContain('Ajouter au panier');
    expect(html).not.toContain('Produit inexistant');
  });

  it('shows the app’s loading state, not someone else’s data, when the listing is not the one asked for', () => {
    const html = render({ url: '/domaine-demo?page=rouges', lang: 'fr', adult: true, wide: false, shop, listing });
    expect(cards(html)).toBe(0);
    expect(html).toContain('Chargement');
  });
});

// The shop page's oenotourism section (its online events, booked straight into the cart) and its « Infos pratiques »
// block (Settings › Informations), on the renderPage harness with a faked api.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ProductListResponse, PublicEvent, PublicShopPage } from 'shared-kernel/contracts';
import { useCart } from 'shared-kernel/runtime';
import { renderPage, type SessionOption } from 'shared-kernel/testing';
import ShopPage from './ShopPage';
import { slotText } from './ShopEvents';

const shop = (over: Partial<PublicShopPage> = {}): PublicShopPage => ({
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
  viewer: { member: false, kind: null, typology: 'particulier', typologyName: 'Particulier', ttc: true },
  ...over,
});
const noProducts: ProductListResponse = {
  items: [],
  total: 0,
  limit: 100,
  offset: 0,
  facets: { gamme: [], type: [], color: [], vintage: [] },
  pricesReserved: false,
};
const visite: PublicEvent = {
  id: 7,
  shopId: 1,
  title: 'Visite du chai',
  description: 'Une heure et demie dans le chai à barriques',
  location: 'Chai principal',
  durationMinutes: 90,
  languages: ['fr', 'en'],
  message: 'Prévoyez des chaussures fermées',
  visuals: [],
  rates: [
    { name: 'Adulte', priceTTC: 15, optional: false, touristTax: false },
    { name: 'Planche', priceTTC: 8, optional: true, touristTax: false },
    { name: 'Taxe de séjour', priceTTC: 1, optional: false, touristTax: true },
  ],
  slots: [
    // Saturday 4 May 2030, 10:00–11:30 in Paris (UTC+2)
    { id: 71, name: 'Matin', start: '2030-05-04T08:00:00.000Z', end: '2030-05-04T09:30:00.000Z', places: 6, placesLeft: 2 },
    { id: 72, name: null, start: '2030-05-04T12:00:00.000Z', end: '2030-05-04T13:30:00.000Z', places: 6, placesLeft: 0 },
  ],
};

const open = (events: PublicEvent[], page: PublicShopPage = shop(), session: SessionOption = null) =>
  renderPage(<ShopPage />, {
    route: '/domaine-demo',
    path: '/:name',
    session,
    api: { 'GET /shops/by-name/:name': page, 'GET /products': noProducts, 'GET /shops/:id/events': events },
  });

beforeEach(() => {
  act(() => useCart.getState().replace({ orders: [], lastUpdated: null }));
});

describe('the events section of the shop page', () => {
  it('lists each online event with its slots, places left and prices', async () => {
    const page = open([visite]);
    const section = await screen.findByRole('region', { name: 'Visites et dégustations' });
    expect(page.calls.some((c) => c.method === 'GET' && c.path === '/shops/1/events')).toBe(true);
    const card = within(section).getByRole('article', { name: 'Visite du chai' });
    expect(card).toHaveTextContent('Chai principal · Durée : 1 h 30 · Langues : FR, EN');
    expect(within(card).getByTestId('event-rates')).toHaveTextContent(
      'Adulte 15,00 € · Planche 8,00 € (option, ne compte pas comme participant)',
    );
    expect(card).toHaveTextContent('Prévoyez des chaussures fermées');
    const morning = within(card).getByRole('radio', { name: /Matin · sam\. 04\/05\/2030 10:00 – 11:30/ });
    expect(morning.closest('label')).toHaveTextContent('2 place(s) restante(s)');
    const full = within(card).getByRole('radio', { name: /sam\. 04\/05\/2030 14:00 – 15:30/ });
    expect(full).toBeDisabled();
    expect(full.closest('label')).toHaveTextContent('Complet');
    // a link at the top of the page leads to the section
    expect(screen.getByRole('link', { name: /Réserver une visite ou une dégustation/ })).toHaveAttribute('href', '#wzs-events');
  });

  it('« Réserver » adds the reservation to the cart, tourist tax per counting person, never beyond the places left', async () => {
    const page = open([visite]);
    const card = await screen.findByRole('article', { name: 'Visite du chai' });
    // the only slot with places left is chosen already; the keyboard (a native radio group) may choose it again
    expect(within(card).getByRole('radio', { name: /Matin/ })).toBeChecked();
    fireEvent.click(within(card).getByRole('radio', { name: /Matin/ }));
    const book = within(card).getByRole('button', { name: 'Réserver' });
    expect(book).toBeDisabled();
    const addAdult = within(card).getByRole('button', { name: 'Ajouter une place : Adulte' });
    fireEvent.click(addAdult);
    fireEvent.click(addAdult);
    // two places left: a third adult cannot be added
    expect(addAdult).toBeDisabled();
    expect(within(card).getByTestId('last-places')).toHaveTextContent('Plus que 2 place(s) sur ce créneau');
    // an option does not take a place
    fireEvent.click(within(card).getByRole('button', { name: 'Ajouter une place : Planche' }));
    expect(within(card).getByTestId('tourist-tax')).toHaveTextContent('× 2 = 2,00 €');
    expect(within(card).getByTestId('booking-total')).toHaveTextContent('40,00 €');
    fireEvent.click(book);

    const orders = useCart.getState().orders;
    expect(orders).toHaveLength(1);
    expect(orders[0].seller).toMatchObject({ id: 1, name: 'Domaine de Démo' });
    expect(orders[0].products).toEqual([]);
    expect(orders[0].reservations).toEqual([
      expect.objectContaining({
        eventId: 7,
        event: { title: 'Visite du chai', visuals: [] },
        selectedSlot: { id: 71, name: 'Matin', start: visite.slots[0].start, end: visite.slots[0].end },
        totalQuantity: 2,
        optionalQuantities: 1,
        taxQuantities: 2,
        selectedPrices: [
          { name: 'Adulte', quantity: 2, priceTTC: 15 },
          { name: 'Planche', quantity: 1, priceTTC: 8, notCounting: true },
          { name: 'Taxe de séjour', quantity: 2, priceTTC: 1, productType: 'touristTax' },
        ],
      }),
    ]);
    expect(page.snackbars()).toContainEqual({ text: 'Réservation ajoutée au panier', error: false });
    // booked: the same slot now updates the cart's reservation instead of adding a second one
    fireEvent.click(within(card).getByRole('button', { name: 'Retirer une place : Adulte' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Mettre à jour la réservation' }));
    expect(useCart.getState().orders[0].reservations).toHaveLength(1);
    expect(useCart.getState().orders[0].reservations[0]).toMatchObject({ totalQuantity: 1, taxQuantities: 1 });
  });

  it('shows no section when the shop has no online event (or takes no booking)', async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'Nos produits' })).toBeInTheDocument();
    await screen.findByTestId('empty');
    expect(screen.queryByTestId('shop-events')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Réserver une visite/ })).not.toBeInTheDocument();
  });

  it('says when an event has no slot left to book', async () => {
    open([{ ...visite, slots: [{ ...visite.slots[1] }] }]);
    const card = await screen.findByRole('article', { name: 'Visite du chai' });
    expect(card).toHaveTextContent("Aucun créneau n'est disponible");
    expect(within(card).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('writes a whole-day slot without hours, in the shop’s time', () => {
    const day = { id: 1, name: null, start: '2030-05-03T22:00:00.000Z', end: '2030-05-04T22:00:00.000Z', places: 10, placesLeft: 10 };
    expect(slotText(day, 'fr')).toBe('sam. 04/05/2030');
    expect(slotText(visite.slots[0], 'en')).toBe('Matin · Sat 04/05/2030 10:00 – 11:30');
  });
});

describe('the « Infos pratiques » block of the shop page', () => {
  const infos: NonNullable<PublicShopPage['infos']> = {
    phone: '06 12 34 56 78',
    address: { street: '12 chemin des Vignes', complement: '', zipcode: '84110', city: 'Vaison-la-Romaine', country: 'FR' },
    socials: { website: 'https://domaine-demo.test', instagram: 'https://instagram.com/domaine' },
    openingHours: { monday: '9h-12h, 14h-18h', sunday: 'Fermé' },
  };

  it('shows the saved phone, address, opening hours and links, and the saved description', async () => {
    open([], shop({ infos, description: 'Un domaine familial depuis 1920.' }));
    const block = await screen.findByRole('region', { name: 'Infos pratiques' });
    expect(screen.getByText('Un domaine familial depuis 1920.')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:0612345678');
    expect(within(block).getByLabelText('Adresse')).toHaveTextContent('12 chemin des Vignes84110 Vaison-la-RomaineFrance');
    expect(within(block).getByText('Lundi').nextSibling).toHaveTextContent('9h-12h, 14h-18h');
    expect(within(block).getByText('Dimanche').nextSibling).toHaveTextContent('Fermé');
    expect(within(block).queryByText('Mardi')).not.toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Site internet' })).toHaveAttribute('href', 'https://domaine-demo.test');
    expect(within(block).getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/domaine');
    expect(within(block).queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();
  });

  it('is hidden when nothing is filled in', async () => {
    open([], shop({ infos: null }));
    expect(await screen.findByRole('heading', { name: 'Nos produits' })).toBeInTheDocument();
    await screen.findByTestId('empty');
    expect(screen.queryByTestId('shop-infos')).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CART_MESSAGES, type PublicEvent } from 'shared-kernel/contracts';
import { priceOrder, type Cart } from 'shared-kernel/domain';
import { useCart } from 'shared-kernel/runtime';
import { mockApi, renderPage } from '../test-utils';
import { ReservationPicker, buildReservation } from './ReservationPicker';
import { initI18n } from 'shared-kernel/i18n';

const seller = { id: 2, name: 'Brasserie Démo', urlShop: 'brasserie-demo' };
const EVENT: PublicEvent = {
  id: 9,
  shopId: 2,
  title: 'Visite de la brasserie',
  description: 'Visite commentée et dégustation.',
  location: 'Brasserie Démo, Lille',
  durationMinutes: 90,
  languages: ['fr', 'en'],
  message: null,
  visuals: [],
  rates: [
    { name: 'Adulte', priceTTC: 15, optional: false, touristTax: false },
    { name: 'Enfant', priceTTC: 8, optional: false, touristTax: false },
    { name: 'Plateau de fromages', priceTTC: 6, optional: true, touristTax: false },
    { name: 'Taxe de séjour', priceTTC: 1.5, optional: false, touristTax: true },
  ],
  slots: [
    { id: 31, name: 'Matin', start: '2030-05-04T10:00:00', end: '2030-05-04T11:30:00', places: 12, placesLeft: 3 },
    { id: 32, name: 'Après-midi', start: '2030-05-04T15:00:00', end: '2030-05-04T16:30:00', places: 12, placesLeft: 0 },
  ],
};

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => useCart.getState().replace({ orders: [], lastUpdated: null } as Cart));

async function openPicker() {
  renderPage(<ReservationPicker seller={seller} />);
  fireEvent.click(screen.getByRole('button', { name: /Réserver une activité/ }));
}

describe('reservation picker', () => {
  it('builds the reservation with the tourist tax line following the counting persons', () => {
    const r = buildReservation(EVENT, EVENT.slots[0], { Adulte: 2, 'Plateau de fromages': 1 });
    expect(r).toMatchObject({
      eventId: 9,
      selectedSlot: { id: 31, name: 'Matin', start: '2030-05-04T10:00:00', end: '2030-05-04T11:30:00' },
      selectedPrices: [
        { name: 'Adulte', quantity: 2, priceTTC: 15 },
        { name: 'Plateau de fromages', quantity: 1, priceTTC: 6, notCounting: true },
        { name: 'Taxe de séjour', quantity: 2, priceTTC: 1.5, productType: 'touristTax' },
      ],
      totalQuantity: 2,
      optionalQuantities: 1,
      taxQuantities: 2,
    });
  });

  it('lists the events and slots with places left; enforces the places; shows the tourist tax; adds to the cart', async () => {
    mockApi({ 'GET /shops/2/events': { body: [EVENT] } });
    await openPicker();
    const booking = await screen.findByTestId('event-booking');
    expect(screen.getByText('Visite de la brasserie')).toBeInTheDocument();
    expect(screen.getByText(/Brasserie Démo, Lille · Durée : 1 h 30/)).toBeInTheDocument();
    expect(within(booking).getByRole('radio', { name: /Après-midi.*Complet/ })).toBeDisabled();
    // the only open slot is chosen
    expect(within(booking).getByRole('radio', { name: /Matin.*3 place\(s\) restante\(s\)/ })).toBeChecked();

    fireEvent.change(within(booking).getByRole('spinbutton', { name: 'Nombre : Adulte' }), { target: { value: '2' } });
    fireEvent.change(within(booking).getByRole('spinbutton', { name: 'Nombre : Enfant' }), { target: { value: '2' } });
    // 3 places left: the second child does not fit
    expect(await within(booking).findByTestId('max-places')).toHaveTextContent(CART_MESSAGES.maxPlaces(3));
    await waitFor(() => expect((within(booking).getByRole('spinbutton', { name: 'Nombre : Enfant' }) as HTMLInputElement).value).toBe('1'));
    fireEvent.change(within(booking).getByRole('spinbutton', { name: 'Nombre : Plateau de fromages' }), { target: { value: '2' } });
    const tax = within(booking).getByTestId('tourist-tax');
    expect(tax).toHaveTextContent('× 3');
    expect(tax).toHaveTextContent(/× 3\s*4,50\s€/);
    // 2 × 15 + 8 + 2 × 6 + 4.50 = 54.50 €
    expect(within(booking).getByTestId('resa-total').textContent).toBe('54,50\u00a0€');

    fireEvent.click(within(booking).getByRole('button', { name: 'Ajouter au panier' }));
    const [order] = useCart.getState().orders;
    expect(order.seller.id).toBe(2);
    expect(order.reservations[0]).toMatchObject({ eventId: 9, totalQuantity: 3, optionalQuantities: 2, taxQuantities: 3 });
    expect(order.reservations[0].selectedPrices).toContainEqual(expect.objectContaining({ productType: 'touristTax', quantity: 3 }));
    expect(priceOrder(order).price.touristTax).toBe(450);
    expect(await within(booking).findByRole('button', { name: 'Mettre à jour la réservation' })).toBeInTheDocument();
  });

  it('empty states: no event, no slot', async () => {
    mockApi({ 'GET /shops/2/events': { body: [] } });
    await openPicker();
    expect(await screen.findByText(CART_MESSAGES.noEvent)).toBeInTheDocument();
  });

  it("says 'Aucun créneau n'est disponible' when every slot is full", async () => {
    mockApi({ 'GET /shops/2/events': { body: [{ ...EVENT, slots: [EVENT.slots[1]] }] } });
    await openPicker();
    expect(await screen.findByText(CART_MESSAGES.noSlot)).toBeInTheDocument();
  });
});

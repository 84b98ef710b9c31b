import { breweryTour } from '../test-utils';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { configureApi, resetApiConfig, useCart, usePopup, bus } from 'shared-kernel/runtime';
import type { Cart, CartProduct } from 'shared-kernel/domain';
import CartDrawer from './CartDrawer';
import CartPage from './CartPage';
import { imageOf, packingLabel, vintageLabel, slotDates, shopPathOf } from './view';
import { initI18n } from 'shared-kernel/i18n';

const wine = (over: Partial<CartProduct>): CartProduct => ({
  idTmp: 'a',
  id: 1,
  productType: 'bottle',
  quantity: 1,
  chosenFormat: { id: 1, price: 10 },
  ...over,
});
const cart: Cart = {
  lastUpdated: null,
  orders: [
    {
      id: 41,
      seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
      products: [wine({ idTmp: 'a', name: 'Cuvée Prestige', quantity: 2, chosenVintage: { id: 1, name: '2019' }, packing: 'Carton de 6' })],
      reservations: [],
    },
    {
      seller: { id: 2, name: 'Brasserie Démo' },
      products: [wine({ idTmp: 'b', id: 2, name: 'Blonde', chosenFormat: { id: 2, price: 2.5 }, chosenVintage: { id: 2, name: 'NV' } })],
      reservations: [breweryTour()],
    },
  ],
};

let calls: string[];
beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  calls = [];
  resetApiConfig();
  configureApi({
    fetch: (async (url: string, init: RequestInit) => (
      calls.push(`${init.method} ${url}`),
      { status: 404, ok: false, text: async () => '{"success":false}' }
    )) as unknown as typeof fetch,
  });
  useCart.getState().replace(cart);
  usePopup.getState().close();
});

describe('view helpers', () => {
  it.each([
    ['2019', '2019'],
    ['NV', null],
    ['Non millésimé', null],
    [undefined, null],
  ])('vintage %s → %s', (name, expected) => {
    expect(vintageLabel(wine({ chosenVintage: name ? { id: 1, name } : null }))).toBe(expected);
  });
  it('packing from the product or its format, bottles only; image from the product or its visuals', () => {
    expect(packingLabel(wine({ chosenFormat: { id: 1, packing: 'Caisse bois de 3' } }))).toBe('Caisse bois de 3');
    expect(packingLabel(wine({ productType: 'accessory', packing: 'Lot' }))).toBeNull();
    expect(imageOf(wine({ visuals: ['/img/a.webp'] }))).toBe('/img/a.webp');
    expect(imageOf(wine({}))).toBeNull();
  });
  it('slot dates and shop path', () => {
    expect(slotDates(cart.orders[1].reservations[0])).toBe('01/04/2025 09:00 – 01/04/2025 11:00');
    expect(shopPathOf(cart.orders[0])).toBe('/domaine-demo');
    expect(shopPathOf(undefined)).toBe('/shops');
  });
});

describe('CartDrawer', () => {
  it('shows orders by seller, lines, reservations and totals; +/- change quantities', () => {
    render(<CartDrawer open onClose={() => undefined} />);
    const sellers = screen.getAllByTestId('cart-seller');
    expect(sellers.map((s) => within(s).getByRole('heading').textContent)).toEqual(['Domaine de Démo', 'Brasserie Démo']);
    expect(within(sellers[0]).getByText('2019')).toBeInTheDocument();
    expect(within(sellers[0]).getByText('Carton de 6')).toBeInTheDocument();
    expect(within(sellers[1]).queryByText('NV')).toBeNull();
    expect(within(sellers[1]).getByText('Visite de la brasserie')).toBeInTheDocument();
    expect(within(sellers[1]).getByText('2 place(s) soumise(s) à la taxe de séjour')).toBeInTheDocument();
    expect(within(sellers[1]).getByText('1 option(s)')).toBeInTheDocument();
    // 2 × 10 € HT × 1.2 = 24 € ; 2.50 € × 1.2 = 3 € ; places 2 × 12 + 5 = 29 € TTC ; tourist tax 2 € → 58 €
    expect(screen.getByTestId('cart-total-ttc').textContent).toBe('58,00\u00a0€');
    expect(screen.getByTestId('cart-tourist-tax').textContent).toBe('2,00\u00a0€');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un Cuvée Prestige' }));
    expect(useCart.getState().orders[0].products[0].quantity).toBe(3);
    expect(screen.getByTestId('cart-total-ttc').textContent).toBe('70,00\u00a0€');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer un Blonde' }));
    expect(useCart.getState().orders[1].products).toEqual([]);
  });

  it("'Vider le panier' asks 'Attention !!', aborts saved orders (404 ignored) and shows the empty state", async () => {
    render(<CartDrawer open onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Vider le panier' }));
    const popup = usePopup.getState().popup!;
    expect(popup.title).toBe('Attention !!');
    expect(popup.content).toBe('Vous êtes sur le point de vider votre panier');
    await act(async () => {
      await popup.onOk!();
    });
    await waitFor(() => expect(screen.getByTestId('cart-empty')).toBeInTheDocument());
    expect(screen.getByText('Votre panier est vide')).toBeInTheDocument();
    expect(calls).toEqual(['PUT /v1/orders/41/aborted-cart']);
  });

  it('cancelling the confirmation keeps the cart', async () => {
    render(<CartDrawer open onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Vider le panier' }));
    act(() => usePopup.getState().popup!.onCancel!());
    await Promise.resolve();
    expect(useCart.getState().orders).toHaveLength(2);
  });

  it("'Voir le panier' closes and navigates to /cart", () => {
    const onClose = jest.fn();
    const nav = jest.fn();
    const off = bus.on('navigate', nav);
    render(<CartDrawer open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Voir le panier' }));
    expect(onClose).toHaveBeenCalled();
    expect(nav).toHaveBeenCalledWith({ to: '/cart' });
    off();
  });
});

describe('CartPage', () => {
  it('per-seller totals; an anonymous buyer is sent to the login page by Commander (cart kept)', () => {
    const nav = jest.fn();
    const off = bus.on('navigate', nav);
    render(<CartPage routePath="/cart" />);
    const orders = screen.getAllByTestId('cart-page-order');
    expect(within(orders[0]).getByTestId('order-total-ht').textContent).toBe('20,00\u00a0€');
    expect(within(orders[0]).getByTestId('order-tva').textContent).toBe('4,00\u00a0€');
    expect(within(orders[0]).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€');
    expect(screen.getByTestId('cart-page-total-ttc').textContent).toBe('58,00\u00a0€');
    expect(within(orders[0]).getByText('Connectez-vous pour commander : votre panier est conservé.')).toBeInTheDocument();
    fireEvent.click(within(orders[0]).getByRole('button', { name: 'Commander' }));
    expect(nav).toHaveBeenCalledWith({ to: '/auth/login?redirectLink=%2Fcart' });
    expect(useCart.getState().orders).toHaveLength(2);
    expect(screen.queryByTestId('checkout-section')).toBeNull();
    off();
  });

  it('emptying on /cart returns to the shop page', async () => {
    const nav = jest.fn();
    const off = bus.on('navigate', nav);
    window.history.pushState({}, '', '/cart');
    render(<CartPage routePath="/cart" />);
    fireEvent.click(screen.getByRole('button', { name: 'Vider le panier' }));
    await act(async () => {
      await usePopup.getState().popup!.onOk!();
    });
    await waitFor(() => expect(nav).toHaveBeenCalledWith({ to: '/domaine-demo' }));
    expect(screen.getByTestId('cart-empty')).toBeInTheDocument();
    off();
  });
});

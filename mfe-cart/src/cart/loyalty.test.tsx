import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOYALTY_MESSAGES, type LoyaltyBuyerView, type LoyaltyOfferedProduct } from 'shared-kernel/contracts';
import { initI18n } from 'shared-kernel/i18n';
import { useCart, useSession } from 'shared-kernel/runtime';
import type { CartOrder, CartProduct } from 'shared-kernel/domain';
import { mockApi, renderPage, type Call } from '../test-utils';
import CartDrawer from './CartDrawer';
import CartPage from './CartPage';

// Issue 18: spending loyalty points in a seller's order on the cart page (GET /loyalty/shops/:id/me, loyaltyData and
// offered lines sent with get-cart-price, the server's « Fidélité » line and total).
const wine: CartProduct = { idTmp: 'a', id: 1, productType: 'accessory', quantity: 2, name: 'Cuvée', chosenFormat: { id: 1, price: 10 } };
const USER = { id: 9, username: 'bob', email: 'buyer@demo.test', role: 'buyer' as const, shops: [] };

const offered = (id: number, over: Partial<LoyaltyOfferedProduct> = {}): LoyaltyOfferedProduct => ({
  id,
  name: `Cadeau ${id}`,
  formatId: 100 + id,
  formatLabel: 'Bouteille 75 cl',
  vintageId: 1000 + id,
  vintageName: '2020',
  productType: 'bottle',
  image: null,
  available: true,
  ...over,
});
const VIEW: LoyaltyBuyerView = {
  shop: { id: 1, name: 'Domaine de Démo', slug: 'domaine-demo' },
  basis: 'euro',
  pointsPerUnit: 1,
  balance: 320,
  total: 500,
  spent: 180,
  level: { index: 1, name: 'Or', threshold: 200 },
  next: { index: 2, name: 'Platine', threshold: 500, needed: 180 },
  levels: [
    { index: 0, name: 'Argent', threshold: 100, reached: true, offers: [{ kind: 'discount', type: '%', amount: 5 }], products: [null] },
    {
      index: 1,
      name: 'Or',
      threshold: 200,
      reached: true,
      offers: [
        { kind: 'discount', type: '€', amount: 1000 },
        { kind: 'products', productIds: [5, 6, 7], maxProducts: 2 },
      ],
      products: [null, [offered(5), offered(6, { vintageId: null, vintageName: null }), offered(7, { available: false })]],
    },
    {
      index: 2,
      name: 'Platine',
      threshold: 500,
      reached: false,
      offers: [{ kind: 'discount', type: '€', amount: 5000 }],
      products: [null],
    },
  ],
};

const priceOf = (over: Record<string, unknown> = {}, problems: unknown[] = []) => ({
  sellerId: 1,
  price: {
    productsHT: 2000,
    productsTTC: 2400,
    promoAmount: 0,
    shipping: 0,
    touristTax: 0,
    totalHT: 2000,
    tva: 400,
    totalTTC: 2400,
    ...over,
  },
  lines: [],
  franco: false,
  francoPercent: 0,
  amountBeforeFranco: null,
  amountBeforeBottleFranco: null,
  problems,
});
/** The server's price with Or's 10 € off. */
const GOLD_OFF = priceOf({
  promoAmount: 833,
  totalHT: 1167,
  tva: 233,
  totalTTC: 1400,
  loyalty: { levelIndex: 1, levelName: 'Or', offerIndex: 0, pointsToLose: 200, amount: 1000, amountHT: 833 },
});

type SentOrder = { loyaltyData?: unknown; products: Array<{ idTmp: string; id: number; quantity: number; isFromFidelity?: boolean }> };
const sent = (c: Call) => (c.body as { orders: SentOrder[] }).orders[0];
const lastSent = (api: ReturnType<typeof mockApi>) => sent(api.of('POST /orders/get-cart-price').at(-1)!);

function serverAnswering() {
  return mockApi({
    'GET /loyalty/shops/1/me': { body: VIEW },
    'POST /orders/get-cart-price': (call) => {
      const data = sent(call).loyaltyData as { selectedLevel?: number; selectedDiscount?: number } | undefined;
      if (data?.selectedLevel === 1 && data.selectedDiscount === 0) return { body: [GOLD_OFF] };
      if (data?.selectedLevel === 1 && data.selectedDiscount === 1)
        return {
          body: [priceOf({ loyalty: { levelIndex: 1, levelName: 'Or', offerIndex: 1, pointsToLose: 200, amount: 0, amountHT: 0 } })],
        };
      return { body: [priceOf()] };
    },
  });
}

const setCart = (order: Partial<CartOrder> = {}) =>
  useCart
    .getState()
    .replace({ lastUpdated: null, orders: [{ seller: { id: 1, name: 'Domaine de Démo' }, products: [wine], reservations: [], ...order }] });
const logIn = (role: 'buyer' | 'owner' = 'buyer') =>
  useSession.setState({ user: { ...USER, role }, jwt: 'jwt', masterAccount: null, shop: null });
const cartLines = () => useCart.getState().orders[0]?.products.map((p) => [p.idTmp, p.quantity, !!p.isFromFidelity]);

beforeAll(() => initI18n({ lng: 'fr' }));
beforeEach(() => {
  useSession.getState().logout();
  setCart();
});
afterEach(() => useSession.getState().logout());

it('shows the points, the next level and the offers of the levels reached', async () => {
  serverAnswering();
  logIn();
  renderPage(<CartPage routePath="/cart" />);
  const block = await screen.findByTestId('loyalty');
  expect(within(block).getByRole('heading', { name: 'Fidélité : 320 points' })).toBeInTheDocument();
  expect(within(block).getByText('Encore 180 points pour Platine')).toBeInTheDocument();
  expect(within(block).getByText('Palier atteint : Or')).toBeInTheDocument();
  const radios = within(within(block).getByRole('group', { name: 'Utiliser mes points' })).getAllByRole('radio');
  expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
    'Argent · Remise de 5 % −100 points',
    'Or · Remise de 10,00\u00a0€ −200 points',
    'Or · 2 produits offerts au choix −200 points',
  ]);
  expect(radios.some((r) => (r as HTMLInputElement).checked)).toBe(false);
  expect(within(block).queryByRole('button', { name: "Retirer l'offre" })).toBeNull();
});

it("a discount offer: loyaltyData sent with get-cart-price, the server's « Fidélité » line and total; 'Retirer l'offre'", async () => {
  const api = serverAnswering();
  logIn();
  renderPage(<CartPage routePath="/cart" />);
  const order = screen.getByTestId('cart-page-order');
  const block = await within(order).findByTestId('loyalty');
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€');

  fireEvent.click(within(block).getByRole('radio', { name: /Or · Remise de 10,00/ }));
  expect(useCart.getState().orders[0].loyaltyData).toMatchObject({ selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200 });
  await waitFor(() => expect(within(order).getByTestId('order-loyalty').textContent).toBe('−10,00\u00a0€'));
  expect(within(within(order).getByTestId('cart-order-totals')).getByText('Fidélité (Or)')).toBeInTheDocument();
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('14,00\u00a0€');
  expect(screen.getByTestId('cart-page-total-ttc').textContent).toBe('14,00\u00a0€');
  // the offer's HT share is not shown a second time as a product discount
  expect(within(order).queryByText('Remise')).toBeNull();
  expect(lastSent(api).loyaltyData).toEqual({ selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200 });
  expect(within(block).getByText('Offre appliquée : −200 points')).toBeInTheDocument();
  expect((within(block).getByRole('radio', { name: /Or · Remise de 10,00/ }) as HTMLInputElement).checked).toBe(true);
  expect(within(block).queryByTestId('loyalty-products')).toBeNull();

  fireEvent.click(within(block).getByRole('button', { name: "Retirer l'offre" }));
  expect(useCart.getState().orders[0].loyaltyData).toBeNull();
  await waitFor(() => expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€'));
  expect(within(order).queryByTestId('order-loyalty')).toBeNull();
  expect(screen.getByTestId('cart-page-total-ttc').textContent).toBe('24,00\u00a0€');
  expect(
    within(block)
      .getAllByRole('radio')
      .some((r) => (r as HTMLInputElement).checked),
  ).toBe(false);
  expect(document.activeElement).toBe(within(block).getByRole('heading', { name: 'Fidélité : 320 points' }));
});

it('a products offer: « Ajouter » adds free lines up to maxProducts, then refuses; another offer or « Retirer l’offre » takes them away', async () => {
  const api = serverAnswering();
  logIn();
  renderPage(<CartPage routePath="/cart" />);
  const order = screen.getByTestId('cart-page-order');
  const block = await within(order).findByTestId('loyalty');
  fireEvent.click(within(block).getByRole('radio', { name: /Or · 2 produits offerts/ }));
  const products = await within(block).findByTestId('loyalty-products');
  expect(within(products).getByText('Produits offerts choisis : 0 / 2')).toBeInTheDocument();
  expect(
    within(products)
      .getAllByTestId('loyalty-product')
      .map((li) => li.querySelector('.wz-cart-line__title')!.textContent),
  ).toEqual(['Cadeau 5 2020', 'Cadeau 6', 'Cadeau 7 2020']);
  expect(within(products).getByRole('button', { name: 'Indisponible' })).toBeDisabled();

  fireEvent.click(within(products).getByRole('button', { name: 'Ajouter Cadeau 5 (offert)' }));
  expect(useCart.getState().orders[0].products[1]).toMatchObject({
    id: 5,
    quantity: 1,
    isFromFidelity: true,
    productType: 'bottle',
    chosenFormat: { id: 105 },
    chosenVintage: { id: 1005, name: '2020' },
  });
  const gift = within(order).getAllByTestId('cart-line')[1];
  expect(within(gift).getByText('Offert (fidélité)')).toBeInTheDocument();
  expect(within(gift).getByRole('button', { name: 'Ajouter un Cadeau 5' })).toBeEnabled();

  fireEvent.click(within(products).getByRole('button', { name: 'Ajouter Cadeau 6 (offert)' }));
  expect(within(products).getByText(/Produits offerts choisis : 2 \/ 2/)).toBeInTheDocument();
  expect(within(products).getByRole('button', { name: 'Ajouter Cadeau 5 (offert)' })).toBeDisabled();
  expect(within(products).getByRole('button', { name: 'Ajouter Cadeau 6 (offert)' })).toBeDisabled();
  // the offered line's + is disabled too, and the store refuses a third unit
  expect(within(gift).getByRole('button', { name: 'Ajouter un Cadeau 5' })).toBeDisabled();
  act(() => useCart.getState().addLoyaltyProduct(1, { ...wine, idTmp: 'z', id: 99 }));
  expect(cartLines()).toEqual([
    ['a', 2, false],
    ['loyalty-5-105-1005', 1, true],
    ['loyalty-6-106-0', 1, true],
  ]);
  await waitFor(() =>
    expect(
      lastSent(api)
        .products.filter((p) => p.isFromFidelity)
        .map((p) => [p.id, p.quantity]),
    ).toEqual([
      [5, 1],
      [6, 1],
    ]),
  );
  expect(lastSent(api).loyaltyData).toEqual({ selectedLevel: 1, selectedDiscount: 1, pointsToLose: 200 });
  expect(lastSent(api).products[0]).not.toHaveProperty('isFromFidelity');

  // removing one offered unit frees a place
  fireEvent.click(within(within(order).getAllByTestId('cart-line')[2]).getByRole('button', { name: 'Retirer un Cadeau 6' }));
  expect(within(products).getByRole('button', { name: 'Ajouter Cadeau 5 (offert)' })).toBeEnabled();

  // another offer: the offered lines go
  fireEvent.click(within(block).getByRole('radio', { name: /Or · Remise de 10,00/ }));
  expect(cartLines()).toEqual([['a', 2, false]]);
  expect(within(block).queryByTestId('loyalty-products')).toBeNull();

  fireEvent.click(within(block).getByRole('radio', { name: /Or · 2 produits offerts/ }));
  fireEvent.click(await within(block).findByRole('button', { name: 'Ajouter Cadeau 6 (offert)' }));
  expect(cartLines()).toHaveLength(2);
  const calls = api.of('POST /orders/get-cart-price').length;
  fireEvent.click(within(block).getByRole('button', { name: "Retirer l'offre" }));
  expect(cartLines()).toEqual([['a', 2, false]]);
  expect(useCart.getState().orders[0].loyaltyData).toBeNull();
  expect(within(order).queryByText('Offert (fidélité)')).toBeNull();
  // without an offer the order is priced in the browser again
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€');
  expect(api.of('POST /orders/get-cart-price')).toHaveLength(calls);
});

it("shows the server's problem on loyaltyData in the block, and the server's price without the offer", async () => {
  mockApi({
    'GET /loyalty/shops/1/me': { body: VIEW },
    'POST /orders/get-cart-price': {
      body: [priceOf({}, [{ field: 'loyaltyData', message: LOYALTY_MESSAGES.pointsMissing(320, 500), sellerId: 1 }])],
    },
  });
  logIn();
  setCart({ loyaltyData: { selectedLevel: 2, selectedDiscount: 0, pointsToLose: 500 } });
  renderPage(<CartPage routePath="/cart" />);
  const order = screen.getByTestId('cart-page-order');
  const block = await within(order).findByTestId('loyalty');
  const alert = await within(block).findByTestId('loyalty-problem');
  expect(alert).toHaveTextContent('Points de fidélité insuffisants : 320 points disponibles, 500 nécessaires');
  expect(within(order).queryByTestId('order-loyalty')).toBeNull();
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€');
  expect(within(block).queryByText(/Offre appliquée/)).toBeNull();
  fireEvent.click(within(block).getByRole('button', { name: "Retirer l'offre" }));
  expect(useCart.getState().orders[0].loyaltyData).toBeNull();
  await waitFor(() => expect(within(block).queryByTestId('loyalty-problem')).toBeNull());
});

it('a problem on an offered line shows in the block', async () => {
  mockApi({
    'GET /loyalty/shops/1/me': { body: VIEW },
    'POST /orders/get-cart-price': {
      body: [priceOf({}, [{ field: 'products[g]', idTmp: 'g', message: LOYALTY_MESSAGES.productNotOffered, sellerId: 1 }])],
    },
  });
  logIn();
  setCart({
    loyaltyData: { selectedLevel: 1, selectedDiscount: 1, pointsToLose: 200, offerKind: 'products', maxProducts: 2 },
    products: [wine, { ...wine, idTmp: 'g', id: 40, quantity: 1, isFromFidelity: true }],
  });
  renderPage(<CartPage routePath="/cart" />);
  const block = await screen.findByTestId('loyalty');
  expect(await within(block).findByTestId('loyalty-problem')).toHaveTextContent(LOYALTY_MESSAGES.productNotOffered);
});

it.each([
  ['not logged in', () => undefined],
  ['logged in as an owner', () => logIn('owner')],
])('%s: no block and no /me call', async (_name, login) => {
  const api = serverAnswering();
  login();
  renderPage(<CartPage routePath="/cart" />);
  expect(screen.getByTestId('cart-page-order')).toBeInTheDocument();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(screen.queryByTestId('loyalty')).toBeNull();
  expect(api.calls.filter((c) => c.path.startsWith('/loyalty'))).toEqual([]);
  // an order without code nor offer is priced in the browser
  expect(api.of('POST /orders/get-cart-price')).toEqual([]);
});

it('a shop without an active programme (404): no block', async () => {
  const api = mockApi({ 'POST /orders/get-cart-price': { body: [priceOf()] } });
  logIn();
  renderPage(<CartPage routePath="/cart" />);
  await waitFor(() => expect(api.of('GET /loyalty/shops/1/me')).toHaveLength(1));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(screen.queryByTestId('loyalty')).toBeNull();
});

it("an offer the page cannot show (logged out): the server's word and « Retirer l'offre »", async () => {
  const api = mockApi({
    'POST /orders/get-cart-price': { body: [priceOf({}, [{ field: 'loyaltyData', message: LOYALTY_MESSAGES.login, sellerId: 1 }])] },
  });
  setCart({ loyaltyData: { selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200 } });
  renderPage(<CartPage routePath="/cart" />);
  const block = screen.getByTestId('loyalty');
  expect(within(block).getByRole('heading', { name: 'Fidélité' })).toBeInTheDocument();
  expect(await within(block).findByText(LOYALTY_MESSAGES.login)).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path.startsWith('/loyalty'))).toEqual([]);
  fireEvent.click(within(block).getByRole('button', { name: "Retirer l'offre" }));
  expect(screen.queryByTestId('loyalty')).toBeNull();
  expect(useCart.getState().orders[0].loyaltyData).toBeNull();
});

it('an offer chosen before the programme changed follows it (kind, cap, points), keeping what fits', async () => {
  serverAnswering();
  logIn();
  setCart({
    loyaltyData: { selectedLevel: 1, selectedDiscount: 1, pointsToLose: 150 },
    products: [wine, { ...wine, idTmp: 'g', id: 5, quantity: 3, isFromFidelity: true }],
  });
  renderPage(<CartPage routePath="/cart" />);
  await screen.findByTestId('loyalty-products');
  await waitFor(() =>
    expect(useCart.getState().orders[0].loyaltyData).toEqual({
      selectedLevel: 1,
      selectedDiscount: 1,
      pointsToLose: 200,
      offerKind: 'products',
      maxProducts: 2,
    }),
  );
  expect(cartLines()).toEqual([
    ['a', 2, false],
    ['g', 2, true],
  ]);
});

it("the drawer shows the server's « Fidélité » line and total of an order holding an offer", async () => {
  const api = serverAnswering();
  logIn();
  setCart({ loyaltyData: { selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200, offerKind: 'discount' } });
  renderPage(<CartDrawer open onClose={() => undefined} />);
  const seller = screen.getByTestId('cart-seller');
  await waitFor(() => expect(within(seller).getByTestId('drawer-loyalty').textContent).toBe('−10,00\u00a0€'));
  expect(within(seller).getByText('Fidélité (Or)')).toBeInTheDocument();
  expect(screen.getByTestId('cart-total-ttc').textContent).toBe('14,00\u00a0€');
  expect(lastSent(api).loyaltyData).toEqual({ selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200 });
  // the drawer does not read the loyalty programme
  expect(api.calls.filter((c) => c.path.startsWith('/loyalty'))).toEqual([]);
});

// The checkout on the cart page end to end (the page rendered against one mocked api): one file because its cart,
// options, prices, orders and the helpers that open and fill the checkout serve every test here.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CART_MESSAGES,
  cartOrderInputSchema,
  type CheckoutOptions,
  type PaymentResult,
  type PlaceOrderRequest,
} from 'shared-kernel/contracts';
import type { Cart, CartProduct } from 'shared-kernel/domain';
import { bus, useCart, useSession, useSnackbars } from 'shared-kernel/runtime';
import CartPage from '../cart/CartPage';
import { mockApi, renderPage, type Reply } from '../test-utils';
import { newIdempotencyKey, paymentPhase, toOrderInput } from './api';
import { sortProblems } from './problems';
import { parseEuros } from './checkout.schema';
import { initI18n } from 'shared-kernel/i18n';
import { leaveFor } from '../payment/leave';

jest.mock('../payment/leave', () => ({ leaveFor: jest.fn() }));

const wine = (over: Partial<CartProduct>): CartProduct => ({
  idTmp: 'a',
  id: 1,
  productType: 'bottle',
  quantity: 1,
  chosenFormat: { id: 11, price: 10 },
  chosenVintage: { id: 5, name: '2019' },
  ...over,
});
const CART: Cart = {
  lastUpdated: null,
  orders: [
    {
      seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
      products: [wine({ idTmp: 'a', name: 'Cuvée Prestige', quantity: 2 })],
      reservations: [],
    },
    {
      seller: { id: 2, name: 'Brasserie Démo', urlShop: 'brasserie-demo' },
      products: [wine({ idTmp: 'b', id: 2, name: 'Blonde', chosenFormat: { id: 22, price: 2.5 } })],
      reservations: [],
    },
  ],
};

const OPTIONS: CheckoutOptions = {
  shopId: 1,
  deliveryTypes: [
    { type: 'colissimo', ref: 'colissimo', name: 'Colissimo', price: 9.9, franco: { quantity: 12 }, countries: ['FR'] },
    { type: 'ups', ref: 'ups-eu', name: 'UPS Europe', price: 25, franco: null, countries: ['BE', 'DE'] },
  ],
  collectionPoints: [{ id: 3, name: 'Caveau du domaine', price: 0, address: '1 rue du Caveau, 21200 Beaune' }],
  paymentMethods: ['stripe', 'transfer'],
  rules: { minAmountHT: 50, minQuantity: null, maxQuantity: 24, multipleOf: 6 },
  terms: 'Conditions générales de vente du Domaine de Démo.\nLivraison sous 8 jours.',
  groupedOrders: true,
};

const price = (totalTTC: number) => [
  {
    sellerId: 1,
    price: { totalHT: totalTTC - 400, tva: 400, totalTTC, shipping: 0, promoAmount: 0, touristTax: 0 },
    franco: false,
    francoPercent: 0,
    amountBeforeFranco: null,
    amountBeforeBottleFranco: null,
  },
];
const order = (over: Record<string, unknown> = {}) => ({
  id: 501,
  number: 'DOMDEM-000042',
  createdAt: '2026-01-01T10:00:00Z',
  status: 'pending',
  paymentStatus: 'pending',
  deliveryStatus: 'pending',
  hasReservations: false,
  shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
  buyer: { id: 9, name: 'Bob Buyer', email: 'buyer@demo.test' },
  totalTTC: 3576,
  lines: [],
  price: { totalHT: 3176, tva: 400, totalTTC: 3576, shipping: 0, promoAmount: 0, touristTax: 0 },
  deliveryAddress: null,
  billingAddress: null,
  phone: null,
  shipping: { type: null, name: null, collectionPoint: null, instructions: null, nbrPackages: 1 },
  payments: [],
  expiresAt: null,
  ...over,
});
const payment = (over: Partial<PaymentResult> = {}): PaymentResult => ({
  id: 77,
  orderId: 501,
  status: 'pending',
  method: 'stripe',
  amount: 3576,
  provider: 'sandbox',
  nextAction: { type: 'card_form' },
  instructions: null,
  ...over,
});
const placed = (p: PaymentResult | null): Reply => ({ status: 201, body: { order: order(), payment: p, replayed: false } });

const USER = {
  id: 9,
  username: 'bob',
  email: 'buyer@demo.test',
  firstname: 'Bob',
  lastname: 'Buyer',
  role: 'buyer' as const,
  shops: [],
  deliveryAddress: {
    name: 'Bob Buyer',
    street_number: '12',
    street: 'rue des Vignes',
    zipcode: '21000',
    city: 'Dijon',
    country: 'FR',
    phone: '06 12 34 56 78',
  },
};

function api(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({ 'GET /shops/1/checkout-options': { body: OPTIONS }, 'POST /orders/get-cart-price': { body: price(3576) }, ...extra });
}

async function openCheckout() {
  renderPage(<CartPage routePath="/cart" />);
  const first = screen.getAllByTestId('cart-page-order')[0];
  fireEvent.click(within(first).getByRole('button', { name: 'Commander' }));
  const section = await screen.findByTestId('checkout-section');
  await within(section).findByText(/Colissimo/);
  await waitFor(() => expect(within(section).getByTestId('server-total').textContent).toBe('35,76\u00a0€'));
  return section;
}

/** Prefilled address + Colissimo + transfer + terms: ready to submit. */
async function fillReady(section: HTMLElement, method = 'Virement') {
  fireEvent.click(within(section).getByRole('radio', { name: /Colissimo/ }));
  fireEvent.click(within(section).getByRole('radio', { name: method }));
  fireEvent.click(within(section).getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }));
  const submit = within(section).getByRole('button', { name: 'Commander' });
  await waitFor(() => expect(submit).toBeEnabled());
  return submit;
}

const input = (section: HTMLElement, label: string | RegExp) => within(section).getByLabelText(label) as HTMLInputElement;

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  useCart.getState().replace(JSON.parse(JSON.stringify(CART)) as Cart);
  useSession.setState({ user: USER, jwt: 'jwt', masterAccount: null, shop: null });
  useSnackbars.getState().clear();
  window.sessionStorage.clear();
});

describe('checkout helpers', () => {
  it('sends only ids and quantities of the cart order', () => {
    const input = toOrderInput({
      ...CART.orders[0],
      id: 9,
      shipping: { type: 'colissimo', ref: 'colissimo', price: 9.9, collectionPoint: null },
    });
    expect(input).toEqual({
      id: 9,
      seller: { id: 1 },
      products: [{ idTmp: 'a', id: 1, quantity: 2, chosenFormat: { id: 11 }, chosenVintage: { id: 5 } }],
      reservations: [],
      shipping: { type: 'colissimo', ref: 'colissimo', collectionPoint: null, instructions: null },
    });
  });
  it('sends the loyalty offer chosen (level, offer, points) and the offered lines, as the contract reads them', () => {
    const input = toOrderInput({
      ...CART.orders[0],
      products: [...CART.orders[0].products, wine({ idTmp: 'g', id: 7, quantity: 1, isFromFidelity: true, chosenVintage: null })],
      loyaltyData: { selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200, offerKind: 'products', maxProducts: 2 },
    });
    expect(input.loyaltyData).toEqual({ selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200 });
    expect(input.products).toEqual([
      { idTmp: 'a', id: 1, quantity: 2, chosenFormat: { id: 11 }, chosenVintage: { id: 5 } },
      { idTmp: 'g', id: 7, quantity: 1, chosenFormat: { id: 11 }, chosenVintage: null, isFromFidelity: true },
    ]);
    expect(cartOrderInputSchema.parse(input)).toMatchObject({ loyaltyData: input.loyaltyData, products: [{}, { isFromFidelity: true }] });
    // loyaltyData of another shape (an older cart) is not sent
    expect(toOrderInput({ ...CART.orders[0], loyaltyData: { selectedLevel: { name: 'Or' } } })).not.toHaveProperty('loyaltyData');
  });
  it('idempotency keys are v4 uuids, different every time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
  it('sorts server problems to fields, lines, reservations and the order', () => {
    expect(
      sortProblems([
        { field: 'phone', message: 'p' },
        { field: 'products[a]', message: 'l', idTmp: 'a' },
        { field: 'reservations[0]', message: 'r' },
        { field: 'deliveryAddress.city', message: 'c' },
        { field: 'shipping.type', message: 's' },
        { field: 'order', message: 'g' },
      ]),
    ).toEqual({
      fields: [
        { field: 'phone', message: 'p' },
        { field: 'deliveryAddress.city', message: 'c' },
        { field: 'shipping', message: 's' },
      ],
      lines: { a: ['l'] },
      reservations: { 0: ['r'] },
      general: ['g'],
    });
  });
  it('payment phases and euro amounts', () => {
    expect(paymentPhase(payment({ status: 'paid', nextAction: null }))).toBe('success');
    expect(paymentPhase(payment({ status: 'error', nextAction: null }))).toBe('failure');
    expect(paymentPhase(payment())).toBe('action');
    expect(paymentPhase(payment({ status: 'processing', nextAction: null }))).toBe('waiting');
    expect(paymentPhase(payment({ provider: 'offline', method: 'transfer', nextAction: null }))).toBe('success');
    expect(parseEuros('12,5')).toBe(1250);
    expect(parseEuros('abc')).toBeNaN();
  });
});

describe('checkout form', () => {
  it('is prefilled from the saved address; shows the §5 messages; submit stays disabled while a required input is empty', async () => {
    api();
    const section = await openCheckout();
    expect(input(section, /Téléphone de contact/).value).toBe('06 12 34 56 78');
    expect(input(section, /^Prénom/).value).toBe('Bob');
    expect(input(section, /^Adresse \*?$/).value).toBe('12 rue des Vignes');
    expect(input(section, /Code postal/).value).toBe('21000');
    const submit = within(section).getByRole('button', { name: 'Commander' });
    expect(submit).toBeDisabled(); // no delivery method, payment method nor terms yet

    fireEvent.change(input(section, /Téléphone de contact/), { target: { value: '' } });
    fireEvent.blur(input(section, /Téléphone de contact/));
    expect(await within(section).findByText(CART_MESSAGES.phone)).toBeInTheDocument();
    fireEvent.change(input(section, /Téléphone de contact/), { target: { value: '12' } });
    expect(await within(section).findByText("Ce numéro n'est pas valide")).toBeInTheDocument();
    fireEvent.change(input(section, /Téléphone de contact/), { target: { value: '0612345678' } });
    await waitFor(() => expect(within(section).queryByText("Ce numéro n'est pas valide")).toBeNull());

    fireEvent.change(input(section, /^Prénom/), { target: { value: '  ' } });
    fireEvent.blur(input(section, /^Prénom/));
    expect(await within(section).findByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
    fireEvent.change(input(section, /^Prénom/), { target: { value: '' } });

    // billing address: its own required fields once 'same as delivery' is unticked
    fireEvent.click(within(section).getByRole('checkbox', { name: /identique/ }));
    expect(within(section).getByRole('group', { name: 'Adresse de facturation' })).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('checkbox', { name: /identique/ }));

    fireEvent.click(within(section).getByRole('radio', { name: /Colissimo/ }));
    fireEvent.click(within(section).getByRole('radio', { name: 'Virement' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }));
    expect(submit).toBeDisabled(); // first name still empty
    fireEvent.change(input(section, /^Prénom/), { target: { value: 'Bob' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(within(section).getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }));
    expect(await within(section).findByText(CART_MESSAGES.terms)).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('offers the delivery types of the delivery country; choosing one updates the totals and shows the packages; terms in a popup', async () => {
    api();
    const section = await openCheckout();
    expect(within(section).queryByText(/UPS Europe/)).toBeNull();
    expect(within(section).getByRole('radio', { name: /Retrait : Caveau du domaine/ })).toBeInTheDocument();
    const first = screen.getAllByTestId('cart-page-order')[0];
    expect(within(first).getByTestId('order-shipping').textContent).toBe('Selon la livraison');
    fireEvent.click(within(section).getByRole('radio', { name: /Colissimo/ }));
    expect(useCart.getState().orders[0].shipping).toMatchObject({ type: 'colissimo', ref: 'colissimo', price: 9.9, collectionPoint: null });
    expect(within(first).getByTestId('order-shipping').textContent).toBe('9,90\u00a0€ HT');
    // 20 € + 9.90 € HT, VAT 20 % → 35.88 €
    expect(within(first).getByTestId('order-total-ttc').textContent).toBe('35,88\u00a0€');
    expect(within(section).getByTestId('packages').textContent).toMatch(/Nombre de colis : 1/);
    expect(within(section).getByTestId('packages').textContent).toMatch(/Encore 10 bouteille\(s\) pour la livraison offerte/);
    fireEvent.click(within(section).getByRole('radio', { name: /Retrait : Caveau du domaine/ }));
    expect(useCart.getState().orders[0].shipping).toMatchObject({ type: null, collectionPoint: { id: 3 }, noVAT: true });

    fireEvent.click(within(section).getByRole('button', { name: 'Lire les conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conditions générales de vente' });
    expect(within(dialog).getByText(/Livraison sous 8 jours/)).toBeInTheDocument();
  });

  it('asks to accept the shop’s terms of sale and shows their text when it has some; the terms of use only when it has none', async () => {
    api();
    let section = await openCheckout();
    expect(within(section).getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ })).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Lire les conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conditions générales de vente' });
    expect(within(dialog).getByText(/Conditions générales de vente du Domaine de Démo\.\s+Livraison sous 8 jours\./)).toBeInTheDocument();
    cleanup();

    // the same shop without terms of sale
    useCart.getState().replace(JSON.parse(JSON.stringify(CART)) as Cart);
    api({ 'GET /shops/1/checkout-options': { body: { ...OPTIONS, terms: null } } });
    section = await openCheckout();
    expect(within(section).getByRole('checkbox', { name: /J’accepte les conditions générales d’utilisation/ })).toBeInTheDocument();
    expect(within(section).queryByRole('checkbox', { name: /conditions générales de vente/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Lire les conditions' })).toBeNull();
  });

  it('a delivery type with zones shows and charges the rate of the zone serving the country; the cart price is asked for it', async () => {
    useSession.setState({ user: { ...USER, deliveryAddress: { ...USER.deliveryAddress, country: 'CH' } } });
    const zoned = {
      ...OPTIONS,
      deliveryTypes: [
        ...OPTIONS.deliveryTypes,
        {
          type: 'dhl',
          ref: 'dhl',
          name: 'DHL Europe',
          price: 25,
          franco: null,
          countries: ['BE', 'CH'],
          zones: [
            { countries: ['BE'], price: 25 },
            { countries: ['CH'], price: 35 },
          ],
        },
      ],
      packaging: { bottlesPerPackage: 6, extraPackagePrice: 4.5 },
    };
    const m = mockApi({ 'GET /shops/1/checkout-options': { body: zoned }, 'POST /orders/get-cart-price': { body: price(3576) } });
    renderPage(<CartPage routePath="/cart" />);
    fireEvent.click(within(screen.getAllByTestId('cart-page-order')[0]).getByRole('button', { name: 'Commander' }));
    const section = await screen.findByTestId('checkout-section');
    const dhl = await within(section).findByRole('radio', { name: /DHL Europe — 35,00\s€ HT/ });
    expect(within(section).queryByRole('radio', { name: /Colissimo/ })).toBeNull();
    fireEvent.click(dhl);
    expect(useCart.getState().orders[0].shipping).toMatchObject({ type: 'dhl', ref: 'dhl', price: 35 });
    await waitFor(() =>
      expect(
        m
          .of('POST /orders/get-cart-price')
          .some((c) => (c.body as { orders: Array<{ shipping?: { country?: string } }> }).orders[0].shipping?.country === 'CH'),
      ).toBe(true),
    );
  });

  it("says 'Aucun mode de livraison…' when nothing serves the address", async () => {
    useSession.setState({ user: { ...USER, deliveryAddress: { ...USER.deliveryAddress, country: 'GB' } } });
    mockApi({
      'GET /shops/1/checkout-options': { body: { ...OPTIONS, collectionPoints: [] } },
      'POST /orders/get-cart-price': { body: price(3576) },
    });
    renderPage(<CartPage routePath="/cart" />);
    fireEvent.click(within(screen.getAllByTestId('cart-page-order')[0]).getByRole('button', { name: 'Commander' }));
    const section = await screen.findByTestId('checkout-section');
    expect(await within(section).findByText(CART_MESSAGES.noDeliveryMethod)).toBeInTheDocument();
    expect(within(section).queryByRole('radio', { name: /Colissimo/ })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Commander' })).toBeDisabled();
  });

  it('a shop that cannot be paid online (stripeIsActive false) is not offered card, and the buyer reads why', async () => {
    const stripeOff = { stripeIsActive: false, account: null, reason: 'x', paypalIsActive: false };
    api({ 'GET /payments/shops/1/options': { body: stripeOff } });
    const section = await openCheckout();
    expect(await within(section).findByTestId('card-not-offered')).toHaveTextContent(
      'Le paiement par carte n’est pas proposé : ce producteur n’a pas encore relié son compte de paiement.',
    );
    expect(within(section).queryByRole('radio', { name: 'Carte bancaire' })).toBeNull();
    // the only method left is chosen for the buyer
    expect(within(section).getByRole('radio', { name: 'Virement' })).toBeChecked();
  });

  it('a shop paid on its own account keeps card', async () => {
    api({ 'GET /payments/shops/1/options': { body: { stripeIsActive: true, account: 'shop', reason: null, paypalIsActive: false } } });
    const section = await openCheckout();
    expect(within(section).getByRole('radio', { name: 'Carte bancaire' })).toBeInTheDocument();
    expect(within(section).queryByTestId('card-not-offered')).toBeNull();
  });

  it('PayPal is offered when the shop has saved its PayPal keys; choosing it places the order and sends the buyer to PayPal', async () => {
    const url = 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T';
    const m = api({
      'GET /payments/shops/1/options': { body: { stripeIsActive: true, account: 'shop', reason: null, paypalIsActive: true } },
      'POST /orders': placed(
        payment({ method: 'paypal', provider: 'paypal', status: 'pending', nextAction: { type: 'paypal_approve', url } }),
      ),
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section, 'PayPal'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(url));
    expect(m.of('POST /orders')[0].body).toMatchObject({ paymentMethod: 'paypal' });
    // the context of the confirmation survives the trip to PayPal
    expect(JSON.parse(window.sessionStorage.getItem('wz-checkout-payments')!)['77']).toMatchObject({
      paymentId: 77,
      sellerId: 1,
      kind: 'order',
    });
    expect(screen.getByTestId('paypal-redirect')).toHaveTextContent('Redirection vers PayPal…');
  });

  it('without PayPal keys, PayPal is not offered', async () => {
    api({ 'GET /payments/shops/1/options': { body: { stripeIsActive: true, account: 'shop', reason: null, paypalIsActive: false } } });
    const section = await openCheckout();
    expect(within(section).queryByRole('radio', { name: 'PayPal' })).toBeNull();
  });

  it("shows the shop's rules with the §5 wording before the buyer hits them", async () => {
    api();
    const section = await openCheckout();
    const rules = within(section).getByTestId('shop-rules');
    expect(
      within(rules)
        .getByText(/Le montant minimum de commande de ce domaine est de 50,00\s€ HT/)
        .closest('li'),
    ).toHaveAttribute('data-ok', 'false');
    expect(
      within(rules)
        .getByText(/Ce domaine accepte au maximum 24 article\(s\) par commande/)
        .closest('li'),
    ).toHaveAttribute('data-ok', 'true');
    expect(
      within(rules)
        .getByText(/Le nombre d'articles doit être un multiple de 6/)
        .closest('li'),
    ).toHaveAttribute('data-ok', 'false');
    act(() => useCart.getState().addProduct(CART.orders[0].seller, wine({ idTmp: 'a', name: 'Cuvée Prestige', quantity: 4 })));
    expect(
      within(rules)
        .getByText(/multiple de 6/)
        .closest('li'),
    ).toHaveAttribute('data-ok', 'true');
    expect(
      within(rules)
        .getByText(/montant minimum/)
        .closest('li'),
    ).toHaveAttribute('data-ok', 'true');
  });

  it('places with the server total, the Idempotency-Key and the form; an offline method ends on the confirmation with its instructions', async () => {
    const m = api({
      'POST /orders': placed(
        payment({
          method: 'transfer',
          provider: 'offline',
          nextAction: null,
          instructions: 'Virement sur FR76 3000 6000 0112 3456 7890 189',
        }),
      ),
    });
    const section = await openCheckout();
    fireEvent.change(input(section, /Instructions de livraison/), { target: { value: 'Sonner deux fois' } });
    fireEvent.click(await fillReady(section));
    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByTestId('confirmation-number').textContent).toBe('DOMDEM-000042');
    expect(within(done).getByTestId('confirmation-total').textContent).toBe('35,76\u00a0€');
    expect(within(done).getByText(/FR76 3000/)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Commandes' })).toHaveAttribute('href', '/dashboard/orders');
    // that seller leaves the cart, the brewery stays
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);

    const [call] = m.of('POST /orders');
    const body = call.body as PlaceOrderRequest;
    expect(call.headers['Idempotency-Key']).toBe(body.idempotencyKey);
    expect(body).toMatchObject({
      expectedTotalTTC: 3576,
      phone: '06 12 34 56 78',
      paymentMethod: 'transfer',
      acceptTerms: true,
      billingAddress: null,
      deliveryAddress: { firstname: 'Bob', lastname: 'Buyer', street: '12 rue des Vignes', zipcode: '21000', city: 'Dijon', country: 'FR' },
      shipping: { type: 'colissimo', ref: 'colissimo', collectionPointId: null, instructions: 'Sonner deux fois' },
      order: { seller: { id: 1 }, products: [{ idTmp: 'a', quantity: 2 }] },
    });
  });

  it('400: every problem goes on its field or line, the rest in the order box, and a snackbar', async () => {
    const errors = [
      { field: 'phone', message: "Ce numéro n'est pas valide" },
      { field: 'products[a]', idTmp: 'a', message: CART_MESSAGES.stockInsufficient(1) },
      { field: 'order', message: CART_MESSAGES.shopMultiple(6) },
    ];
    api({ 'POST /orders': { status: 400, body: { success: false, message: errors[0].message, errors } } });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section));
    expect(await within(section).findByText("Ce numéro n'est pas valide")).toBeInTheDocument();
    const line = screen.getAllByTestId('cart-line')[0];
    expect(within(line).getByTestId('line-problem').textContent).toBe('Stock insuffisant : il ne reste que 1 article(s)');
    expect(within(within(section).getByTestId('order-problems')).getByText(/multiple de 6/)).toBeInTheDocument();
    expect(useSnackbars.getState().items.map((i) => [i.text, i.error])).toEqual([["Ce numéro n'est pas valide", true]]);
    expect(useCart.getState().orders).toHaveLength(2);
  });

  it('409 priceChanged: shows the new total, asks to confirm, then resends with it', async () => {
    const m = api({
      'POST /orders': [
        { status: 409, body: { success: false, code: 'priceChanged', message: CART_MESSAGES.priceChanged, price: price(3700)[0] } },
        placed(payment({ method: 'transfer', provider: 'offline', nextAction: null, amount: 3700 })),
      ],
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section));
    const dialog = await screen.findByRole('dialog', { name: 'Le prix a changé' });
    expect(within(dialog).getByText(CART_MESSAGES.priceChanged)).toBeInTheDocument();
    expect(within(dialog).getByTestId('new-total').textContent).toBe('37,00\u00a0€');
    expect(m.of('POST /orders')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer au nouveau total' }));
    await screen.findByTestId('order-confirmation');
    const [first, second] = m.of('POST /orders');
    expect((first.body as PlaceOrderRequest).expectedTotalTTC).toBe(3576);
    expect((second.body as PlaceOrderRequest).expectedTotalTTC).toBe(3700);
  });

  it('a double click sends one order; a network failure is retried with the same Idempotency-Key', async () => {
    const m = api({ 'POST /orders': ['network', placed(payment({ method: 'transfer', provider: 'offline', nextAction: null }))] });
    const section = await openCheckout();
    const submit = await fillReady(section);
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await within(section).findByTestId('place-failure')).toHaveTextContent('ne sera pas passée deux fois');
    expect(m.of('POST /orders')).toHaveLength(1);
    fireEvent.click(within(section).getByRole('button', { name: 'Réessayer' }));
    await screen.findByTestId('order-confirmation');
    const [a, b] = m.of('POST /orders');
    expect(a.headers['Idempotency-Key']).toBeTruthy();
    expect(b.headers['Idempotency-Key']).toBe(a.headers['Idempotency-Key']);
    expect((b.body as PlaceOrderRequest).idempotencyKey).toBe(a.headers['Idempotency-Key']);
  });

  it('placing an order holding a loyalty offer sends its loyaltyData and offered lines', async () => {
    const first = CART.orders[0];
    useCart.getState().replace({
      ...CART,
      orders: [
        {
          ...first,
          products: [...first.products, wine({ idTmp: 'g', id: 7, quantity: 1, isFromFidelity: true })],
          loyaltyData: { selectedLevel: 0, selectedDiscount: 1, pointsToLose: 100, offerKind: 'products', maxProducts: 1 },
        },
        CART.orders[1],
      ],
    });
    const m = api({ 'POST /orders': placed(payment({ method: 'transfer', provider: 'offline', nextAction: null })) });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section));
    await screen.findByTestId('order-confirmation');
    const body = m.of('POST /orders')[0].body as PlaceOrderRequest;
    expect(body.order.loyaltyData).toEqual({ selectedLevel: 0, selectedDiscount: 1, pointsToLose: 100 });
    expect(body.order.products.map((p) => [p.idTmp, p.isFromFidelity ?? false])).toEqual([
      ['a', false],
      ['g', true],
    ]);
  });

  it('an order placed earlier for this cart and left unpaid is aborted before the new one', async () => {
    useCart.getState().replace({ ...CART, orders: [{ ...CART.orders[0], id: 41 }, CART.orders[1]] });
    const m = api({
      'GET /orders/41': { body: order({ id: 41, status: 'pending', paymentStatus: 'pending' }) },
      'PUT /orders/41/aborted-cart': { body: { success: true } },
      'POST /orders': placed(payment({ method: 'transfer', provider: 'offline', nextAction: null })),
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section));
    await screen.findByTestId('order-confirmation');
    expect(
      m.calls
        .map((c) => `${c.method} ${c.path}`)
        .filter(
          (c) =>
            !c.includes('get-cart-price') &&
            !c.includes('checkout-options') &&
            !c.startsWith('GET /loyalty/') &&
            !c.startsWith('GET /payments/shops/'),
        ),
    ).toEqual(['GET /orders/41', 'PUT /orders/41/aborted-cart', 'POST /orders']);
    expect((m.of('POST /orders')[0].body as PlaceOrderRequest).order.id).toBeUndefined();
  });

  it('an order placed earlier for this cart and paid meanwhile is confirmed, not placed again', async () => {
    useCart.getState().replace({ ...CART, orders: [{ ...CART.orders[0], id: 41 }, CART.orders[1]] });
    const lines = [
      {
        id: 1,
        kind: 'product',
        productId: 1,
        formatId: 11,
        vintageId: 5,
        eventId: null,
        slotId: null,
        label: 'Cuvée Prestige',
        details: null,
        quantity: 2,
        addQuantity: 0,
        unitPriceHT: 1000,
        promoAmount: 0,
        duties: 0,
        vatRate: 20,
        totalHT: 2000,
        totalTTC: 2400,
      },
    ];
    const m = api({
      'GET /orders/41': { body: order({ id: 41, number: 'C2026-00041', status: 'validated', paymentStatus: 'paid', lines }) },
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section));
    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByTestId('confirmation-number').textContent).toBe('C2026-00041');
    expect(m.of('POST /orders')).toHaveLength(0);
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
  });

  it('a paid earlier order whose content differs from the cart does not hide the new one: the cart is placed as a new order', async () => {
    useCart.getState().replace({ ...CART, orders: [{ ...CART.orders[0], id: 41 }, CART.orders[1]] });
    const m = api({
      'GET /orders/41': { body: order({ id: 41, number: 'C2026-00041', status: 'validated', paymentStatus: 'paid', lines: [] }) },
      'POST /orders': placed(null),
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section));
    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByTestId('confirmation-number').textContent).toBe('DOMDEM-000042');
    expect(m.of('POST /orders')).toHaveLength(1);
    expect(m.of('PUT /orders/41/aborted-cart')).toHaveLength(0);
  });

  it('splits the payment between payers whose shares must add up to the total', async () => {
    const m = api({ 'POST /orders': placed(null) });
    const section = await openCheckout();
    await fillReady(section, 'Carte bancaire');
    fireEvent.click(within(section).getByRole('checkbox', { name: /Partager le paiement/ }));
    const groups = within(section).getByTestId('payment-groups');
    expect(input(groups, /E-mail du payeur 1/).value).toBe('buyer@demo.test');
    expect(
      within(groups)
        .getAllByLabelText(/Montant/)
        .map((e) => (e as HTMLInputElement).value),
    ).toEqual(['17,88', '17,88']);
    fireEvent.change(input(groups, /E-mail du payeur 2/), { target: { value: 'ami@example.com' } });
    fireEvent.change(within(groups).getAllByLabelText(/Montant/)[1], { target: { value: '10' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Commander' }));
    expect(await within(groups).findByText(CART_MESSAGES.paymentGroupsTotal)).toBeInTheDocument();
    expect(m.of('POST /orders')).toHaveLength(0);
    fireEvent.change(within(groups).getAllByLabelText(/Montant/)[1], { target: { value: '17,88' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Commander' }));
    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByText(/Chaque participant reçoit un lien/)).toBeInTheDocument();
    expect((m.of('POST /orders')[0].body as PlaceOrderRequest).paymentGroups).toEqual([
      { email: 'buyer@demo.test', amount: 1788 },
      { email: 'ami@example.com', amount: 1788 },
    ]);
  });
});

describe('payment in the checkout', () => {
  it('card form: §5 messages, disabled while empty; a refused card shows the payment message and the buyer retries', async () => {
    const m = api({
      'POST /orders': placed(payment()),
      'POST /payments/77/pay': [
        { body: payment({ status: 'error', nextAction: null, message: 'Carte refusée' }) },
        { body: payment({ status: 'paid', nextAction: null }) },
      ],
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section, 'Carte bancaire'));
    const form = await screen.findByTestId('card-form');
    expect(useCart.getState().orders[0].id).toBe(501); // 'Vider le panier' can abort it now
    const pay = within(form).getByRole('button', { name: /Payer 35,76/ });
    expect(pay).toBeDisabled();
    const number = within(form).getByLabelText('Numéro de carte');
    const exp = within(form).getByLabelText("Date d'expiration (MM/AA)");
    const cvv = within(form).getByLabelText('CVV');
    fireEvent.change(number, { target: { value: '4000 0000 0000 0001' } });
    fireEvent.blur(number);
    expect(await within(form).findByText('Mauvais numéro de carte')).toBeInTheDocument();
    fireEvent.change(exp, { target: { value: '0120' } });
    fireEvent.blur(exp);
    expect((exp as HTMLInputElement).value).toBe('01/20');
    expect(await within(form).findByText("Date d'expiration invalide")).toBeInTheDocument();
    fireEvent.change(cvv, { target: { value: '12' } });
    fireEvent.blur(cvv);
    expect(await within(form).findByText('CVV invalide')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '4000000000000002' } });
    expect((number as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    fireEvent.change(exp, { target: { value: '12/39' } });
    fireEvent.change(cvv, { target: { value: '123' } });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(CART_MESSAGES.payment);
    expect(m.of('POST /payments/77/pay')[0].body).toEqual({ card: { number: '4000000000000002', expiration: '12/39', cvv: '123' } });
    expect(useCart.getState().orders).toHaveLength(2);
    fireEvent.change(within(screen.getByTestId('card-form')).getByLabelText('Numéro de carte'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(screen.getByTestId('card-form')).getByLabelText("Date d'expiration (MM/AA)"), { target: { value: '12/39' } });
    fireEvent.change(within(screen.getByTestId('card-form')).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(screen.getByTestId('card-form')).getByRole('button', { name: /Payer/ }));
    await screen.findByTestId('order-confirmation');
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
  });

  it('3-D Secure: keeps the context in sessionStorage and opens the issuer page', async () => {
    api({
      'POST /orders': placed(payment()),
      'POST /payments/77/pay': {
        body: payment({ status: 'requiresAction', nextAction: { type: 'redirect_3ds', url: '/validate3ds?payment=77&challenge=tok' } }),
      },
    });
    const nav = jest.fn();
    const off = bus.on('navigate', nav);
    const section = await openCheckout();
    fireEvent.click(await fillReady(section, 'Carte bancaire'));
    const form = await screen.findByTestId('card-form');
    fireEvent.change(within(form).getByLabelText('Numéro de carte'), { target: { value: '4000000000003220' } });
    fireEvent.change(within(form).getByLabelText("Date d'expiration (MM/AA)"), { target: { value: '12/39' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /Payer/ }));
    await waitFor(() => expect(nav).toHaveBeenCalledWith({ to: '/validate3ds?payment=77&challenge=tok' }));
    expect(JSON.parse(window.sessionStorage.getItem('wz-checkout-payments')!)['77']).toMatchObject({
      paymentId: 77,
      sellerId: 1,
      orderNumber: 'DOMDEM-000042',
      amount: 3576,
      kind: 'order',
    });
    off();
  });

  it('processing: the overlay says the page refreshes and the payment is polled until paid', async () => {
    const m = api({
      'POST /orders': placed(payment()),
      'POST /payments/77/pay': { body: payment({ status: 'processing', nextAction: null }) },
      'GET /payments/77': [
        { body: payment({ status: 'processing', nextAction: null }) },
        { body: payment({ status: 'paid', nextAction: null }) },
      ],
    });
    const section = await openCheckout();
    fireEvent.click(await fillReady(section, 'Carte bancaire'));
    const form = await screen.findByTestId('card-form');
    fireEvent.change(within(form).getByLabelText('Numéro de carte'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText("Date d'expiration (MM/AA)"), { target: { value: '12/39' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /Payer/ }));
    expect(await screen.findByTestId('processing-overlay')).toHaveTextContent(CART_MESSAGES.processing);
    // the poll waits its interval between the two reads: on a loaded machine give it room (the limit only matters
    // when it hangs)
    await screen.findByTestId('order-confirmation', undefined, { timeout: 30_000 });
    expect(screen.queryByTestId('processing-overlay')).toBeNull();
    expect(m.of('GET /payments/77').length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

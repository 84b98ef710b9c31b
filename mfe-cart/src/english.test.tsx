// mfe-cart in English (spec §9: ?lang=en or an English browser) and in French by default: the drawer,
// /cart, the checkout with its card payment and confirmation, the 3-D Secure and payment group pages,
// the reservation picker. The spec §5/§8 messages (CART_MESSAGES, validators) stay French.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CART_MESSAGES, type CheckoutOptions, type PaymentGroupView, type PaymentResult, type PublicEvent } from 'shared-kernel/contracts';
import { PAYMENT_STATUSES, type Cart, type CartProduct } from 'shared-kernel/domain';
import { detectLanguage, initI18n, setLanguage } from 'shared-kernel/i18n';
import { useCart, usePopup, useSession } from 'shared-kernel/runtime';
import CartDrawer from './cart/CartDrawer';
import CartPage from './cart/CartPage';
import { countryCode, countryOptions } from './checkout/fields';
import { countryName, money, slotDateTimeText } from './format';
import PaymentGroupPage from './payment/PaymentGroupPage';
import { savePending } from './payment/pending';
import Validate3dsPage from './payment/Validate3dsPage';
import { ReservationPicker } from './reservations/ReservationPicker';
import { mockApi, renderPage, breweryTour } from './test-utils';
import { PAYMENT_STATUS_EN, TEXTS, localTexts, textsFor } from './texts';

const wine = (over: Partial<CartProduct>): CartProduct => ({
  idTmp: 'a',
  id: 1,
  productType: 'bottle',
  quantity: 1,
  chosenFormat: { id: 11, price: 10 },
  ...over,
});
const CART: Cart = {
  lastUpdated: null,
  orders: [
    {
      seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
      products: [wine({ idTmp: 'a', name: 'Cuvée Prestige', quantity: 2, chosenVintage: { id: 5, name: '2019' } })],
      reservations: [],
    },
    {
      seller: { id: 2, name: 'Brasserie Démo' },
      products: [wine({ idTmp: 'b', id: 2, name: 'Blonde', chosenFormat: { id: 22, price: 2.5 } })],
      reservations: [breweryTour()],
    },
  ],
};
const OPTIONS: CheckoutOptions = {
  shopId: 1,
  deliveryTypes: [{ type: 'colissimo', ref: 'colissimo', name: 'Colissimo', price: 9.9, franco: { quantity: 12 }, countries: ['FR'] }],
  collectionPoints: [{ id: 3, name: 'Caveau du domaine', price: 0, address: '1 rue du Caveau, 21200 Beaune' }],
  paymentMethods: ['stripe', 'transfer'],
  rules: { minAmountHT: 50, minQuantity: null, maxQuantity: null, multipleOf: null },
  terms: 'Conditions générales de vente du Domaine de Démo.',
  groupedOrders: false,
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
const ORDER = {
  id: 501,
  number: 'DOMDEM-000042',
  status: 'pending',
  paymentStatus: 'pending',
  shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
  totalTTC: 3576,
};
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

type Leaf = string | ((...args: never[]) => string);

/** Leaves of a texts object: [path, text or text function]. */
function leaves(o: object, prefix = ''): Array<[string, Leaf]> {
  return Object.entries(o).flatMap(([k, v]: [string, unknown]) =>
    typeof v === 'string' || typeof v === 'function'
      ? [[`${prefix}${k}`, v as Leaf] as [string, Leaf]]
      : leaves(v as object, `${prefix}${k}.`),
  );
}

/** The language the shell's i18next takes for this address (spec §9 detection), applied to the page. */
async function openAt(url: string) {
  window.history.pushState({}, '', url);
  await act(async () => {
    await setLanguage(detectLanguage({ query: window.location.search, navigatorLanguage: 'fr-FR' }));
  });
}

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  useCart.getState().replace(JSON.parse(JSON.stringify(CART)) as Cart);
  useSession.getState().logout();
  usePopup.getState().close();
  window.sessionStorage.clear();
});
afterEach(async () => {
  window.history.pushState({}, '', '/');
  await act(async () => {
    await setLanguage('fr');
  });
});

describe('texts and formats', () => {
  it('fr and en have the same texts, none empty, texts taking values are functions in both, no placeholders', () => {
    const fr = leaves(TEXTS.fr);
    const en = new Map(leaves(TEXTS.en));
    expect([...en.keys()].sort()).toEqual(fr.map(([k]) => k).sort());
    for (const [key, text] of fr) {
      const other = en.get(key)!;
      const arity = (v: Leaf) => (typeof v === 'function' ? v.length : -1);
      expect([key, typeof other, arity(other)]).toEqual([key, typeof text, arity(text)]);
      if (typeof text === 'string' && typeof other === 'string') {
        expect([key, text.trim() !== '', other.trim() !== '']).toEqual([key, true, true]);
        expect([key, /\{\{?\w+\}\}?/.test(text), /\{\{?\w+\}\}?/.test(other)]).toEqual([key, false, false]);
      }
    }
    expect(Object.keys(PAYMENT_STATUS_EN).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  it('texts taking values render them, in French and in English', () => {
    const fr = textsFor('fr');
    const en = textsFor('en-GB');
    expect(fr.cart.quantityOf('Cuvée Prestige')).toBe('Quantité de Cuvée Prestige');
    expect(en.cart.quantityOf('Cuvée Prestige')).toBe('Quantity of Cuvée Prestige');
    expect(fr.cart.freeUnits(2)).toBe('2 offert(s)');
    expect(en.cart.freeUnits(2)).toBe('2 free');
    expect(fr.cart.sellerFallback(7)).toBe('Producteur n°7');
    expect(en.cart.eventFallback(8)).toBe('Event #8');
    expect(fr.checkout.francoBottlesLeft(3)).toBe('Encore 3 bouteille(s) pour la livraison offerte');
    expect(en.checkout.francoBottlesLeft(3)).toBe('3 more bottle(s) for free delivery');
    const frLocal = localTexts('fr');
    const enLocal = localTexts('en');
    expect(frLocal.checkout.francoLeft(frLocal.fmt.money(1250))).toBe('Encore 12,50\u00a0€ d’achats pour la livraison offerte');
    expect(enLocal.checkout.francoLeft(enLocal.fmt.money(1250))).toBe('€12.50 more for free delivery');
    expect(frLocal.resa.totalIncludes(frLocal.fmt.money(300))).toBe('(dont taxe de séjour 3,00\u00a0€)');
    expect(enLocal.resa.totalIncludes(enLocal.fmt.money(300))).toBe('(incl. tourist tax €3.00)');
    expect([frLocal.lang, enLocal.lang, TEXTS.fr.cart.title, TEXTS.en.cart.title]).toEqual(['fr', 'en', 'Mon panier', 'My cart']);
  });

  it('money, dates and countries follow the language', () => {
    expect(money(123450, 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(money(123450, 'en')).toBe('€1,234.50');
    expect(money(-5, 'en')).toBe('-€0.05');
    expect(slotDateTimeText('2030-05-04T10:00:00', 'fr')).toBe('sam. 04/05/2030 10:00');
    expect(slotDateTimeText('2030-05-04T10:00:00', 'en')).toBe('Sat 04/05/2030 10:00');
    expect(slotDateTimeText('pas une date', 'en')).toBe('');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    const en = countryOptions('en');
    expect(en[0]).toEqual({ value: 'FR', label: 'France' });
    expect(en[en.length - 1]).toEqual({ value: 'GB', label: 'United Kingdom' });
    expect(en.map((c) => c.value).sort()).toEqual(
      countryOptions('fr')
        .map((c) => c.value)
        .sort(),
    );
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('Allemagne')).toBe('DE');
  });
});

describe('cart drawer', () => {
  it('is French by default', async () => {
    await openAt('/domaine-demo');
    render(<CartDrawer open onClose={() => undefined} />);
    expect(screen.getByText('Mon panier')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voir le panier' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total-ttc').textContent).toBe('58,00\u00a0€');
    expect(screen.getByText('2 place(s) soumise(s) à la taxe de séjour')).toBeInTheDocument();
  });

  it('is English with ?lang=en: texts, euros, slot dates, the emptying popup', async () => {
    await openAt('/domaine-demo?lang=en');
    render(<CartDrawer open onClose={() => undefined} />);
    expect(screen.getByText('My cart')).toBeInTheDocument();
    expect(screen.getByText('Total incl. VAT')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total-ttc').textContent).toBe('€58.00');
    expect(screen.getByTestId('cart-tourist-tax').textContent).toBe('€2.00');
    expect(screen.getByText('2 place(s) subject to the tourist tax')).toBeInTheDocument();
    expect(screen.getByText('1 option(s)')).toBeInTheDocument();
    expect(screen.getByText('Matin · 01/04/2025 09:00 – 01/04/2025 11:00')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Quantity of Cuvée Prestige' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add one Cuvée Prestige' }));
    expect(useCart.getState().orders[0].products[0].quantity).toBe(3);
    expect(screen.getByRole('button', { name: 'Remove the reservation Visite de la brasserie' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See the cart' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Empty the cart' }));
    expect(usePopup.getState().popup).toMatchObject({ title: 'Warning!!', content: 'You are about to empty your cart' });
  });

  it('switches language while open', async () => {
    render(<CartDrawer open onClose={() => undefined} />);
    expect(screen.getByText('Mon panier')).toBeInTheDocument();
    await act(async () => {
      await setLanguage('en');
    });
    expect(screen.getByText('My cart')).toBeInTheDocument();
  });
});

describe('/cart and checkout', () => {
  it('an anonymous visitor sees the cart page in English', async () => {
    await openAt('/cart?lang=en');
    render(<CartPage routePath="/cart" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    const [first] = screen.getAllByTestId('cart-page-order');
    expect(within(first).getByText('Total excl. VAT')).toBeInTheDocument();
    expect(within(first).getByTestId('order-total-ttc').textContent).toBe('€24.00');
    expect(within(first).getByTestId('order-shipping').textContent).toBe('Depends on the delivery');
    expect(within(first).getByText('€10.00 excl. VAT × 2')).toBeInTheDocument();
    expect(within(first).getByText('Sign in to order: your cart is kept.')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Order' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Book an activity/ })).toHaveLength(2);
    expect(screen.getByText('Each producer is ordered separately.')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Summary' })).toBeInTheDocument();
  });

  it('the checkout in English: labels, delivery and payment methods, euros; §5 messages stay French; card payment and confirmation', async () => {
    useSession.setState({ user: USER, jwt: 'jwt', masterAccount: null, shop: null });
    const m = mockApi({
      'GET /shops/1/checkout-options': { body: OPTIONS },
      'POST /orders/get-cart-price': { body: price(3576) },
      'POST /orders': { status: 201, body: { order: ORDER, payment: payment(), replayed: false } },
      'POST /payments/77/pay': { body: payment({ status: 'paid', nextAction: null }) },
    });
    await openAt('/cart?lang=en');
    renderPage(<CartPage routePath="/cart" />);
    fireEvent.click(within(screen.getAllByTestId('cart-page-order')[0]).getByRole('button', { name: 'Order' }));
    const section = await screen.findByTestId('checkout-section');
    expect(within(section).getByRole('heading', { name: 'Complete the order' })).toBeInTheDocument();
    expect(within(section).getByLabelText(/Contact phone/)).toHaveValue('06 12 34 56 78');
    expect(within(section).getByLabelText(/^First name/)).toHaveValue('Bob');
    expect(within(section).getByLabelText(/^Postcode/)).toHaveValue('21000');
    expect(within(section).getByText('Delivery address')).toBeInTheDocument();
    expect(within(section).getByText('Billing address same as the delivery address')).toBeInTheDocument();
    const colissimo = await within(section).findByRole('radio', { name: /Colissimo — €9.90 excl. VAT · free from 12 bottle\(s\)/ });
    expect(within(section).getByRole('radio', { name: /Collection: Caveau du domaine — Free/ })).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: 'Bank transfer' })).toBeInTheDocument();
    // the shop's rules keep the spec §5 wording
    expect(within(section).getByText(/Le montant minimum de commande de ce domaine est de/)).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByTestId('server-total').textContent).toBe('€35.76'));
    const phone = within(section).getByLabelText(/Contact phone/);
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.blur(phone);
    expect(await within(section).findByText(CART_MESSAGES.phone)).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '06 12 34 56 78' } });

    fireEvent.click(colissimo);
    expect(await within(section).findByTestId('packages')).toHaveTextContent(/^Number of packages: 1/);
    fireEvent.click(within(section).getByRole('radio', { name: 'Card' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: /I accept the terms and conditions of sale/ }));
    const submit = within(section).getByRole('button', { name: 'Order' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    const step = await screen.findByTestId('checkout-payment');
    expect(within(step).getByText(/Order no\./)).toBeInTheDocument();
    expect(within(step).getByTestId('amount-to-pay').textContent).toBe('€35.76');
    expect(useCart.getState().orders[0].id).toBe(501);
    const form = within(step).getByTestId('card-form');
    expect(within(form).getByRole('button', { name: /Pay €35.76/ })).toBeDisabled();
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '1234' } });
    fireEvent.blur(within(form).getByLabelText('Card number'));
    expect(await within(form).findByText('Mauvais numéro de carte')).toBeInTheDocument(); // spec §5, French
    expect(within(form).getByLabelText('Expiry date (MM/YY)')).toHaveAttribute('placeholder', 'MM/YY');
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText('Expiry date (MM/YY)'), { target: { value: '12/39' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /Pay €35.76/ }));

    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(within(done).getByTestId('confirmation-total').textContent).toBe('€35.76');
    expect(within(done).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/orders');
    expect(within(done).getByRole('link', { name: 'Continue shopping' })).toBeInTheDocument();
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
    expect(m.of('POST /payments/77/pay')).toHaveLength(1);
  });

  it('the checkout is French by default', async () => {
    useSession.setState({ user: USER, jwt: 'jwt', masterAccount: null, shop: null });
    mockApi({ 'GET /shops/1/checkout-options': { body: OPTIONS }, 'POST /orders/get-cart-price': { body: price(3576) } });
    renderPage(<CartPage routePath="/cart" />);
    fireEvent.click(within(screen.getAllByTestId('cart-page-order')[0]).getByRole('button', { name: 'Commander' }));
    const section = await screen.findByTestId('checkout-section');
    expect(within(section).getByLabelText(/Téléphone de contact/)).toBeInTheDocument();
    expect(
      await within(section).findByRole('radio', { name: /Colissimo — 9,90\s€ HT · offerts dès 12 bouteille\(s\)/ }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: 'Virement' })).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByTestId('server-total').textContent).toBe('35,76\u00a0€'));
  });
});

describe('payment pages and reservations in English', () => {
  it('/validate3ds: the issuer page, then the processing overlay (its §8 message stays French)', async () => {
    savePending({
      paymentId: 77,
      kind: 'order',
      orderId: 501,
      orderNumber: 'DOMDEM-000042',
      sellerId: 1,
      shopName: 'Domaine de Démo',
      shopPath: '/domaine-demo',
      amount: 3576,
    });
    mockApi({
      'GET /payments/77': [{ body: payment({ status: 'requiresAction' }) }, { body: payment({ status: 'processing', nextAction: null }) }],
      'POST /payments/77/3ds': { body: payment({ status: 'processing', nextAction: null }) },
    });
    await openAt('/validate3ds?lang=en');
    renderPage(<Validate3dsPage routePath="/validate3ds" />, {
      path: '/validate3ds?payment=77&challenge=tok&lang=en',
      route: '/validate3ds',
    });
    const page = await screen.findByTestId('three-ds');
    expect(within(page).getByRole('heading', { name: '3-D Secure authentication' })).toBeInTheDocument();
    expect(within(page).getByText('Merchant')).toBeInTheDocument();
    expect(within(page).getByTestId('three-ds-amount').textContent).toBe('€35.76');
    expect(within(page).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    fireEvent.click(within(page).getByRole('button', { name: 'Confirm' }));
    const overlay = await screen.findByTestId('processing-overlay');
    expect(overlay).toHaveTextContent(CART_MESSAGES.processing);
    expect(overlay).toHaveTextContent('If the page has not refreshed after several minutes, please contact support.');
  });

  it('/payment-group/:token: the share, its status and the card form in English', async () => {
    const view: PaymentGroupView = {
      orderNumber: 'DOMDEM-000043',
      shopName: 'Domaine de Démo',
      payerEmail: 'ami@example.com',
      amount: 1788,
      status: 'pending',
      expiresAt: '2030-01-02T10:00:00',
      expired: false,
      payment: null,
    };
    mockApi({ 'GET /payment-groups/abc123': { body: view } });
    await openAt('/payment-group/abc123?lang=en');
    renderPage(<PaymentGroupPage routePath="/payment-group/:token" />, { path: '/payment-group/abc123', route: '/payment-group/:token' });
    const page = await screen.findByTestId('payment-group');
    expect(within(page).getByRole('heading', { name: 'Shared payment' })).toBeInTheDocument();
    expect(within(page).getByText('Pending')).toBeInTheDocument();
    expect(within(page).getByText('To be paid before')).toBeInTheDocument();
    expect(within(page).getByText('02/01/2030 10:00')).toBeInTheDocument();
    expect(within(page).getByTestId('group-amount').textContent).toBe('€17.88');
    expect(within(page).getByRole('button', { name: /Pay €17.88/ })).toBeInTheDocument();
  });

  it('the reservation picker in English: weekday, places left, quantities, total', async () => {
    const event: PublicEvent = {
      id: 9,
      shopId: 2,
      title: 'Visite de la brasserie',
      description: '',
      location: 'Lille',
      durationMinutes: 90,
      languages: ['fr', 'en'],
      message: null,
      visuals: [],
      rates: [
        { name: 'Adulte', priceTTC: 15, optional: false, touristTax: false },
        { name: 'Taxe de séjour', priceTTC: 1.5, optional: false, touristTax: true },
      ],
      slots: [{ id: 31, name: 'Matin', start: '2030-05-04T10:00:00', end: '2030-05-04T11:30:00', places: 12, placesLeft: 3 }],
    };
    mockApi({ 'GET /shops/2/events': { body: [event] } });
    await openAt('/cart?lang=en');
    renderPage(<ReservationPicker seller={{ id: 2, name: 'Brasserie Démo' }} />);
    fireEvent.click(screen.getByRole('button', { name: /Book an activity/ }));
    const booking = await screen.findByTestId('event-booking');
    expect(screen.getByText('Lille · Duration: 1 h 30 · Languages: FR, EN')).toBeInTheDocument();
    expect(within(booking).getByRole('radio', { name: 'Matin · Sat 04/05/2030 10:00 – 11:30 · 3 place(s) left' })).toBeChecked();
    fireEvent.change(within(booking).getByRole('spinbutton', { name: 'Number: Adulte' }), { target: { value: '2' } });
    await waitFor(() => expect(within(booking).getByTestId('resa-total').textContent).toBe('€33.00'));
    expect(within(booking).getByText(/Total incl. VAT \(incl. tourist tax €3.00\)/)).toBeInTheDocument();
    fireEvent.click(within(booking).getByRole('button', { name: 'Add to cart' }));
    expect(await within(booking).findByRole('button', { name: 'Update the reservation' })).toBeInTheDocument();
  });
});

describe('loyalty in English', () => {
  it("the « Fidélité » block, its offers and the server's loyalty line; the server's messages stay French", async () => {
    useSession.setState({ user: USER, jwt: 'jwt', masterAccount: null, shop: null });
    const view = {
      shop: { id: 1, name: 'Domaine de Démo', slug: null },
      basis: 'euro',
      pointsPerUnit: 1,
      balance: 1320,
      total: 1320,
      spent: 0,
      level: { index: 0, name: 'Or', threshold: 1000 },
      next: { index: 1, name: 'Platine', threshold: 2000, needed: 680 },
      levels: [
        {
          index: 0,
          name: 'Or',
          threshold: 1000,
          reached: true,
          offers: [
            { kind: 'discount', type: '€', amount: 1000 },
            { kind: 'products', productIds: [5], maxProducts: 1 },
          ],
          products: [
            null,
            [
              {
                id: 5,
                name: 'Cadeau',
                formatId: 50,
                formatLabel: '75 cl',
                vintageId: null,
                vintageName: null,
                productType: 'bottle',
                image: null,
                available: true,
              },
            ],
          ],
        },
        {
          index: 1,
          name: 'Platine',
          threshold: 2000,
          reached: false,
          offers: [{ kind: 'discount', type: '%', amount: 10 }],
          products: [null],
        },
      ],
    };
    const [seller1] = price(3576);
    mockApi({
      'GET /loyalty/shops/1/me': { body: view },
      'POST /orders/get-cart-price': {
        body: [
          {
            ...seller1,
            price: {
              ...seller1.price,
              totalTTC: 2576,
              loyalty: { levelIndex: 0, levelName: 'Or', offerIndex: 0, pointsToLose: 1000, amount: 1000, amountHT: 833 },
            },
            problems: [{ field: 'loyaltyData', message: 'Offre de fidélité introuvable', sellerId: 1 }],
          },
        ],
      },
    });
    await openAt('/cart?lang=en');
    renderPage(<CartPage routePath="/cart" />);
    const first = screen.getAllByTestId('cart-page-order')[0];
    const block = await within(first).findByTestId('loyalty');
    expect(within(block).getByRole('heading', { name: 'Loyalty: 1,320 points' })).toBeInTheDocument();
    expect(within(block).getByText('680 points more for Platine')).toBeInTheDocument();
    expect(within(block).getByRole('group', { name: 'Use my points' })).toBeInTheDocument();
    expect(within(block).getByRole('radio', { name: 'Or · 1 free product to choose −1,000 points' })).toBeInTheDocument();
    fireEvent.click(within(block).getByRole('radio', { name: 'Or · €10.00 off −1,000 points' }));
    await waitFor(() => expect(within(first).getByTestId('order-loyalty').textContent).toBe('−€10.00'));
    expect(within(first).getByText('Loyalty (Or)')).toBeInTheDocument();
    expect(within(block).getByText('Offre de fidélité introuvable')).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Remove the offer' })).toBeInTheDocument();
  });
});

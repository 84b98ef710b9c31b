import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CART_MESSAGES, type PaymentGroupView, type PaymentResult } from 'shared-kernel/contracts';
import type { Cart } from 'shared-kernel/domain';
import { useCart } from 'shared-kernel/runtime';
import { mockApi, renderPage } from '../test-utils';
import { CardForm, formatExpiration, groupCardNumber, ibanValidator } from './CardForm';
import PaymentGroupPage from './PaymentGroupPage';
import { savePending } from './pending';
import Validate3dsPage from './Validate3dsPage';
import PayPalReturnPage from './PayPalReturnPage';
import { leaveFor } from './leave';
import { initI18n } from 'shared-kernel/i18n';

jest.mock('./leave', () => ({ leaveFor: jest.fn() }));

const stripeMock = {
  handlers: {} as Record<string, (e: unknown) => void>,
  confirmCardPayment: jest.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
  confirmCardSetup: jest.fn(async () => ({ setupIntent: { status: 'succeeded' } })),
  confirmSepaDebitPayment: jest.fn(async () => ({ paymentIntent: { status: 'processing' } })),
};
jest.mock('@stripe/stripe-js', () => ({
  loadStripe: jest.fn(async () => ({
    elements: () => ({
      create: () => ({
        mount: jest.fn(),
        destroy: jest.fn(),
        on: (ev: string, fn: (e: unknown) => void) => {
          stripeMock.handlers[ev] = fn;
        },
      }),
    }),
    confirmCardPayment: stripeMock.confirmCardPayment,
    confirmCardSetup: stripeMock.confirmCardSetup,
    confirmSepaDebitPayment: stripeMock.confirmSepaDebitPayment,
  })),
}));

const payment = (over: Partial<PaymentResult> = {}): PaymentResult => ({
  id: 77,
  orderId: 501,
  status: 'requiresAction',
  method: 'stripe',
  amount: 3576,
  provider: 'sandbox',
  nextAction: { type: 'card_form' } /* as GET /payments/:id answers while the issuer waits */,
  instructions: null,
  ...over,
});
const CART: Cart = {
  lastUpdated: null,
  orders: [
    {
      id: 501,
      seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
      products: [{ idTmp: 'a', id: 1, productType: 'bottle', quantity: 2, chosenFormat: { id: 11, price: 10 } }],
      reservations: [],
    },
    {
      seller: { id: 2, name: 'Brasserie Démo' },
      products: [{ idTmp: 'b', id: 2, productType: 'bottle', quantity: 1, chosenFormat: { id: 22, price: 2.5 } }],
      reservations: [],
    },
  ],
};

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  useCart.getState().replace(JSON.parse(JSON.stringify(CART)) as Cart);
  window.sessionStorage.clear();
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
});

describe('card helpers', () => {
  it('formats the number and the expiry while typing; IBAN check', () => {
    expect(groupCardNumber('4000000000003220')).toBe('4000 0000 0000 3220');
    expect(formatExpiration('1228')).toBe('12/28');
    expect(formatExpiration('1')).toBe('1');
    expect(ibanValidator('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(ibanValidator('FR76')).toBe("L'IBAN n'est pas valide");
    expect(ibanValidator('')).toBe('Ce champ ne peut pas être vide');
  });
});

describe('Stripe card form', () => {
  it('with a publishable key: Stripe.js card element and confirmCardPayment(clientSecret)', async () => {
    mockApi({});
    const confirmed = jest.fn();
    renderPage(
      <CardForm
        amount={3576}
        method="stripe"
        onPay={jest.fn()}
        stripe={{ publishableKey: 'pk_test_1', clientSecret: 'pi_1_secret_2' }}
        onStripeConfirmed={confirmed}
      />,
    );
    const pay = await screen.findByRole('button', { name: /Payer 35,76/ });
    await waitFor(() => expect(stripeMock.handlers.change).toBeDefined());
    expect(pay).toBeDisabled();
    act(() => stripeMock.handlers.change({ complete: true }));
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await waitFor(() => expect(confirmed).toHaveBeenCalled());
    expect(stripeMock.confirmCardPayment).toHaveBeenCalledWith(
      'pi_1_secret_2',
      expect.objectContaining({ payment_method: expect.objectContaining({ card: expect.anything() }) }),
    );
  });

  it('a Stripe refusal shows the payment message', async () => {
    mockApi({});
    stripeMock.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } } as never);
    const confirmed = jest.fn();
    renderPage(
      <CardForm
        amount={3576}
        method="stripe"
        onPay={jest.fn()}
        stripe={{ publishableKey: 'pk_test_1', clientSecret: 'pi_1_secret_2' }}
        onStripeConfirmed={confirmed}
      />,
    );
    await waitFor(() => expect(stripeMock.handlers.change).toBeDefined());
    act(() => stripeMock.handlers.change({ complete: true }));
    const pay = screen.getByRole('button', { name: /Payer/ });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(CART_MESSAGES.payment);
    expect(confirmed).not.toHaveBeenCalled();
  });
});

describe('Stripe SEPA form', () => {
  it('sends the holder and the IBAN to Stripe (confirmSepaDebitPayment), never to the api', async () => {
    const m = mockApi({});
    const confirmed = jest.fn();
    const onPay = jest.fn();
    renderPage(
      <CardForm
        amount={3576}
        method="stripeSepa"
        onPay={onPay}
        stripe={{ publishableKey: 'pk_test_1', clientSecret: 'pi_9_secret_9' }}
        onStripeConfirmed={confirmed}
      />,
    );
    const pay = screen.getByRole('button', { name: /Payer 35,76/ });
    expect(pay).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Titulaire du compte'), { target: { value: 'Bob Buyer' } });
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'fr76 3000 6000 0112 3456 7890 189' } });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await waitFor(() => expect(confirmed).toHaveBeenCalled());
    expect(stripeMock.confirmSepaDebitPayment).toHaveBeenCalledWith('pi_9_secret_9', {
      payment_method: { sepa_debit: { iban: 'FR7630006000011234567890189' }, billing_details: { name: 'Bob Buyer', email: '' } },
    });
    expect(onPay).not.toHaveBeenCalled();
    expect(m.calls).toEqual([]);
  });
});

describe('/validate3ds', () => {
  const open = () =>
    renderPage(<Validate3dsPage routePath="/validate3ds" />, { path: '/validate3ds?payment=77&challenge=tok', route: '/validate3ds' });

  it("shows the issuer challenge with the amount; 'Valider' confirms, polls while processing, then the confirmation; the seller leaves the cart", async () => {
    const m = mockApi({
      'GET /payments/77': [{ body: payment() }, { body: payment({ status: 'paid', nextAction: null }) }],
      'POST /payments/77/3ds': { body: payment({ status: 'processing', nextAction: null }) },
    });
    open();
    const page = await screen.findByTestId('three-ds');
    expect(within(page).getByRole('heading', { name: 'Authentification 3-D Secure' })).toBeInTheDocument();
    expect(within(page).getByTestId('three-ds-amount').textContent).toBe('35,76\u00a0€');
    expect(within(page).getByText('Domaine de Démo')).toBeInTheDocument();
    fireEvent.click(within(page).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByTestId('processing-overlay')).toHaveTextContent(CART_MESSAGES.processing);
    const done = await screen.findByTestId('order-confirmation', undefined, { timeout: 8000 });
    expect(within(done).getByTestId('confirmation-number').textContent).toBe('DOMDEM-000042');
    expect(m.of('POST /payments/77/3ds')[0].body).toEqual({ challenge: 'tok', approve: true });
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
    expect(window.sessionStorage.getItem('wz-checkout-payments')).toBe('{}');
  });

  it("'Refuser' ends on the payment error and a card form to retry", async () => {
    const m = mockApi({
      'GET /payments/77': { body: payment() },
      'POST /payments/77/3ds': { body: payment({ status: 'error', nextAction: null }) },
      'POST /payments/77/pay': { body: payment({ status: 'paid', nextAction: null }) },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Refuser' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(CART_MESSAGES.payment);
    expect(m.of('POST /payments/77/3ds')[0].body).toEqual({ challenge: 'tok', approve: false });
    expect(useCart.getState().orders).toHaveLength(2);
    const form = screen.getByTestId('card-form');
    fireEvent.change(within(form).getByLabelText('Numéro de carte'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText("Date d'expiration (MM/AA)"), { target: { value: '12/39' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /Payer/ }));
    await screen.findByTestId('order-confirmation');
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
  });

  it('a grouped-order payer (no account) answers with the group token and ends on the share confirmation', async () => {
    savePending({ paymentId: 90, kind: 'group', token: 'abc123', orderNumber: 'DOMDEM-000043', shopName: 'Domaine de Démo', amount: 1788 });
    const m = mockApi({
      'GET /payments/90': { body: payment({ id: 90, amount: 1788 }) },
      'POST /payments/90/3ds': { body: payment({ id: 90, amount: 1788, status: 'paid', nextAction: null }) },
    });
    renderPage(<Validate3dsPage routePath="/validate3ds" />, { path: '/validate3ds?payment=90&challenge=tok', route: '/validate3ds' });
    fireEvent.click(await screen.findByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Merci, votre part est réglée !')).toBeInTheDocument();
    expect(m.of('GET /payments/90')[0].headers['X-Payment-Group-Token']).toBe('abc123');
    expect(m.of('POST /payments/90/3ds')[0].headers['X-Payment-Group-Token']).toBe('abc123');
    expect(useCart.getState().orders).toHaveLength(2); // a share is not the buyer's cart
  });

  it('an incomplete link says so', async () => {
    mockApi({});
    renderPage(<Validate3dsPage routePath="/validate3ds" />, { path: '/validate3ds', route: '/validate3ds' });
    expect(await screen.findByText('Ce lien de validation est incomplet ou a expiré.')).toBeInTheDocument();
  });
});

describe('/payment-group/:token', () => {
  const view = (over: Partial<PaymentGroupView> = {}): PaymentGroupView => ({
    orderNumber: 'DOMDEM-000043',
    shopName: 'Domaine de Démo',
    payerEmail: 'ami@example.com',
    amount: 1788,
    status: 'pending',
    expiresAt: '2030-01-02T10:00:00Z',
    expired: false,
    payment: null,
    ...over,
  });
  const open = () =>
    renderPage(<PaymentGroupPage routePath="/payment-group/:token" />, { path: '/payment-group/abc123', route: '/payment-group/:token' });

  it('shows the share and pays it with the card form', async () => {
    const m = mockApi({
      'GET /payment-groups/abc123': { body: view() },
      'POST /payment-groups/abc123/pay': { body: payment({ id: 90, status: 'paid', nextAction: null, amount: 1788 }) },
    });
    open();
    const page = await screen.findByTestId('payment-group');
    expect(within(page).getByRole('heading', { name: 'Paiement partagé' })).toBeInTheDocument();
    expect(within(page).getByText('DOMDEM-000043')).toBeInTheDocument();
    expect(within(page).getByTestId('group-amount').textContent).toBe('17,88\u00a0€');
    const form = within(page).getByTestId('card-form');
    fireEvent.change(within(form).getByLabelText('Numéro de carte'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText("Date d'expiration (MM/AA)"), { target: { value: '12/39' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /Payer 17,88/ }));
    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByText('Merci, votre part est réglée !')).toBeInTheDocument();
    expect(m.of('POST /payment-groups/abc123/pay')[0].body).toEqual({
      card: { number: '4242424242424242', expiration: '12/39', cvv: '123' },
    });
  });

  it('an expired group says so and leads to the shop to order alone', async () => {
    mockApi({ 'GET /payment-groups/abc123': { body: { ...view({ expired: true }), urlShop: 'domaine-demo' } } });
    open();
    const page = await screen.findByTestId('group-expired');
    expect(within(page).getByText(CART_MESSAGES.groupedOrderExpired)).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: /Commander seul/ })).toBeInTheDocument();
  });

  it('an unknown token says so', async () => {
    mockApi({ 'GET /payment-groups/abc123': { status: 404, body: { success: false, message: 'Introuvable' } } });
    open();
    expect(await screen.findByText('Ce lien de paiement n’existe pas ou n’est plus valable.')).toBeInTheDocument();
  });
});

describe('/paypal-return', () => {
  const paypal = (over: Partial<PaymentResult> = {}) =>
    payment({ method: 'paypal', provider: 'paypal', status: 'pending', nextAction: null, ...over });
  const open = (query: string) =>
    renderPage(<PayPalReturnPage routePath="/paypal-return" />, { path: `/paypal-return?${query}`, route: '/paypal-return' });
  beforeEach(() => jest.mocked(leaveFor).mockClear());

  it('approved on PayPal: captured, then the confirmation of the order; the seller leaves the cart', async () => {
    const m = mockApi({ 'POST /payments/77/paypal-capture': { body: paypal({ status: 'paid' }) } });
    open('payment=77&token=5O190127TN364715T&PayerID=PAYER1');
    const done = await screen.findByTestId('order-confirmation');
    expect(within(done).getByTestId('confirmation-number').textContent).toBe('DOMDEM-000042');
    expect(m.of('POST /payments/77/paypal-capture')).toHaveLength(1);
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([2]);
    expect(window.sessionStorage.getItem('wz-checkout-payments')).toBe('{}');
  });

  it('left PayPal without paying: the order is kept, nothing is captured, « Payer avec PayPal » goes back to PayPal', async () => {
    const url = 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T';
    const m = mockApi({ 'GET /payments/77': { body: paypal({ nextAction: { type: 'paypal_approve', url } }) } });
    open('payment=77&cancelled=1');
    const page = await screen.findByTestId('paypal-return');
    expect(within(page).getByTestId('paypal-message')).toHaveTextContent(
      'Vous avez quitté PayPal sans payer. Votre commande est conservée : vous pouvez payer à nouveau.',
    );
    expect(within(page).getByText('Domaine de Démo')).toBeInTheDocument();
    expect(m.of('POST /payments/77/paypal-capture')).toHaveLength(0);
    fireEvent.click(within(page).getByRole('button', { name: 'Payer avec PayPal' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(url));
    expect(useCart.getState().orders.map((o) => o.seller.id)).toEqual([1, 2]);
  });

  it('not approved yet (409): the api’s reason and back to PayPal; declined (402): the payment message', async () => {
    mockApi({
      'POST /payments/77/paypal-capture': { status: 409, body: { success: false, message: "Le paiement PayPal n'a pas été approuvé" } },
    });
    open('payment=77&token=T');
    expect(await screen.findByTestId('paypal-message')).toHaveTextContent("Le paiement PayPal n'a pas été approuvé");
    expect(screen.getByRole('button', { name: 'Payer avec PayPal' })).toBeInTheDocument();
  });

  it('declined by PayPal (402): the payment message and a retry', async () => {
    mockApi({ 'POST /payments/77/paypal-capture': { status: 402, body: { success: false, message: CART_MESSAGES.payment } } });
    open('payment=77&token=T');
    expect(await screen.findByTestId('paypal-message')).toHaveTextContent(CART_MESSAGES.payment);
    expect(screen.getByRole('button', { name: 'Retour au panier' })).toBeInTheDocument();
  });
});

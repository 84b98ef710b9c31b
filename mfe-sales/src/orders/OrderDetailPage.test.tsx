import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiConfig } from 'shared-kernel/runtime';
import type { OrderLine } from 'shared-kernel/contracts';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersListPage } from './OrdersListPage';
import { ReservationDetailPage } from '../reservations/ReservationDetailPage';
import { AGENT, BUYER, OWNER, detail, json, loginAs, mockApi, renderAt } from '../test/helpers';

/** French money as displayed: narrow no-break space between thousands, no-break space before €. */
const EURO = (s: string) => s.replace(' €', '\u00a0€').replace(/ /g, '\u202f');
const text = (el: HTMLElement) => el.textContent;

const line = (over: Partial<OrderLine> & { id: number }): OrderLine => ({
  kind: 'product', productId: 1, formatId: 10, vintageId: 100, eventId: null, slotId: null,
  label: 'Cuvée Prestige', details: '2019 · Bouteille 75 cl', quantity: 12, addQuantity: 1,
  unitPriceHT: 1050, promoAmount: 630, duties: 42, vatRate: 20, totalHT: 12012, totalTTC: 14414, ...over,
});

const ORDER = detail({
  id: 42,
  number: 'C-2026-0042',
  createdAt: '2026-03-21T14:05:00',
  status: 'pending',
  paymentStatus: 'setup',
  deliveryStatus: 'preparation',
  totalTTC: 123456,
  phone: '06 12 34 56 78',
  deliveryAddress: { firstname: 'Béatrice', lastname: 'Acheteuse', street: '3 rue des Vignes', zipcode: '21200', city: 'Beaune', country: 'FR' },
  billingAddress: { firstname: 'Béatrice', lastname: 'Acheteuse', company: 'Cave B', street: '8 place Carnot', zipcode: '75001', city: 'Paris', country: 'FR' },
  shipping: { type: 'colissimo', name: 'Colissimo domicile', collectionPoint: null, instructions: 'Sonner deux fois', nbrPackages: 2 },
  lines: [
    line({ id: 1 }),
    line({ id: 2, label: 'Rosé d’été', details: null, quantity: 6, addQuantity: 0, unitPriceHT: 800, promoAmount: 0, duties: 0, vatRate: 5.5, totalHT: 4800, totalTTC: 5064 }),
    line({ id: 3, kind: 'reservation', productId: null, formatId: null, vintageId: null, eventId: 3, slotId: 8, label: 'Visite des chais', details: '12/04/2026 10:00 - 11:30', quantity: 4, addQuantity: 0, unitPriceHT: 1250, promoAmount: 0, duties: 0, vatRate: 20, totalHT: 5000, totalTTC: 6000 }),
    line({ id: 4, kind: 'shipping', label: 'Colissimo domicile', details: null, quantity: 1, addQuantity: 0, unitPriceHT: 990, promoAmount: 0, duties: 0, vatRate: 20, totalHT: 990, totalTTC: 1188 }),
  ],
  price: { totalHT: 102880, tva: 20376, shipping: 990, touristTax: 240, promoAmount: 630, totalTTC: 123456 },
  payments: [
    { id: 7, orderId: 42, status: 'setup', method: 'imprint', amount: 100000, provider: 'sandbox', instructions: null, payerEmail: 'ami@demo.test', paidAt: null },
    { id: 8, orderId: 42, status: 'paid', method: 'stripe', amount: 23456, provider: 'sandbox', instructions: null, payerEmail: 'buyer@demo.test', paidAt: '2026-03-21T14:07:00' },
  ],
  expiresAt: '2999-01-01T10:00:00',
});

/** A simple (not grouped) order paid by card imprint, waiting for the seller. */
const IMPRINT_ORDER = { ...ORDER, expiresAt: null, payments: [{ ...ORDER.payments[0], amount: 123456, payerEmail: 'buyer@demo.test' }] };

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

// antd tables render slowly in jsdom when the machine is busy
jest.setTimeout(30_000);

beforeEach(() => setWidth(1440));
afterEach(() => {
  resetApiConfig();
  loginAs(null);
});

const openDetail = (url = '/dashboard/orders/42') =>
  renderAt(<OrderDetailPage />, { path: '/dashboard/orders/:id', url, extraRoutes: [{ path: '/dashboard/orders', element: <p>liste</p> }] });

describe('order detail (seller)', () => {
  beforeEach(() => loginAs(OWNER));

  it('renders header, parties, addresses, shipping, lines, reservations, payments and totals with the exact formatting', async () => {
    const calls = mockApi(() => json(200, ORDER));
    openDetail();
    expect(await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/v1/orders/42']);
    expect(screen.getByText(/Passée le 21\/03\/2026 14:05/)).toBeInTheDocument();
    const header = screen.getByRole('heading', { name: 'Commande n° C-2026-0042' }).parentElement as HTMLElement;
    expect(within(header).getByTestId('order-status')).toHaveTextContent('En attente');
    expect(within(header).getByTestId('payment-status')).toHaveTextContent('Empreinte enregistrée');
    expect(within(header).getByTestId('delivery-status')).toHaveTextContent('En préparation');

    const party = screen.getByTestId('order-party');
    expect(party).toHaveTextContent('Client');
    expect(within(party).getByRole('link', { name: 'buyer@demo.test' })).toHaveAttribute('href', 'mailto:buyer@demo.test');
    expect(within(party).getByRole('link', { name: '06 12 34 56 78' })).toBeInTheDocument();
    expect(screen.getByTestId('delivery-address')).toHaveTextContent('Béatrice Acheteuse3 rue des Vignes21200 BeauneFrance');
    expect(screen.getByTestId('billing-address')).toHaveTextContent('Béatrice AcheteuseCave B8 place Carnot75001 ParisFrance');
    const shipping = screen.getByTestId('order-shipping');
    expect(shipping).toHaveTextContent('Colissimo domicile');
    expect(shipping).toHaveTextContent('Sonner deux fois');
    expect(shipping).toHaveTextContent('Colis2');

    const lines = screen.getAllByTestId('order-line');
    expect(lines).toHaveLength(2); // the shipping line is in the totals, not among the articles
    const cells = within(lines[0]).getAllByRole('cell').map(text);
    expect(cells).toEqual([
      'Cuvée Prestige2019 · Bouteille 75 cl', '12 + 1 offert', EURO('10,50 €'), `− ${EURO('6,30 €')}`, EURO('0,42 €'), '20\u00a0%', EURO('120,12 €'), EURO('144,14 €'),
    ]);
    expect(within(lines[1]).getAllByRole('cell').map(text)).toEqual(['Rosé d’été', '6', EURO('8,00 €'), '-', '-', '5,5\u00a0%', EURO('48,00 €'), EURO('50,64 €')]);

    const resa = screen.getByTestId('reservation-line');
    expect(within(resa).getAllByRole('cell').map(text)).toEqual(['Visite des chais', '12/04/2026 10:00 - 11:30', '4 places', EURO('50,00 €'), EURO('60,00 €')]);

    expect(text(screen.getByTestId('total-ht'))).toBe(EURO('1 028,80 €'));
    expect(text(screen.getByTestId('total-promo'))).toBe(`− ${EURO('6,30 €')}`);
    expect(text(screen.getByTestId('total-tva'))).toBe(EURO('203,76 €'));
    expect(text(screen.getByTestId('total-shipping'))).toBe(EURO('9,90 €'));
    expect(text(screen.getByTestId('total-tourist-tax'))).toBe(EURO('2,40 €'));
    expect(text(screen.getByTestId('total-ttc'))).toBe(EURO('1 234,56 €'));

    const payments = screen.getAllByTestId('payment-row');
    expect(within(payments[0]).getAllByRole('cell').map(text)).toEqual([
      'Empreinte bancaire (0 €, débit après validation)', 'Empreinte enregistrée', EURO('1 000,00 €'), 'ami@demo.test', '-',
    ]);
    expect(within(payments[1]).getAllByRole('cell').map(text)).toEqual(['Carte bancaire', 'Payé', EURO('234,56 €'), 'buyer@demo.test', '21/03/2026 14:07']);
    expect(screen.getByText('Commande groupée : les participants ont jusqu’au 01/01/2999 10:00 pour payer leur part')).toBeInTheDocument();
  });

  it("says 'Identique à l’adresse de livraison' when there is no billing address, and shows a collection point", async () => {
    mockApi(() => json(200, { ...ORDER, billingAddress: null, shipping: { type: null, name: null, collectionPoint: 'Caveau de Beaune', instructions: null, nbrPackages: 1 }, expiresAt: '2020-01-01T10:00:00' }));
    openDetail();
    expect(await screen.findByTestId('billing-address')).toHaveTextContent('Identique à l’adresse de livraison');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('Caveau de Beaune');
    expect(screen.getByText('Commande groupée expirée le 01/01/2020 10:00')).toBeInTheDocument();
  });

  it("validates a pending order paid by card imprint after confirmation (POST /v1/orders/:id/validate)", async () => {
    let validated = false;
    const calls = mockApi((url, method) => {
      if (method === 'POST') { validated = true; return json(200, { success: true, message: 'Commande validée' }); }
      return json(200, validated ? { ...IMPRINT_ORDER, status: 'validated', paymentStatus: 'paid' } : IMPRINT_ORDER);
    });
    openDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider la commande ?' });
    expect(dialog).toHaveTextContent('L’empreinte bancaire du client sera débitée du montant de la commande.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/v1/orders/42/validate')).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Validée'));
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation sends nothing', async () => {
    const calls = mockApi(() => json(200, IMPRINT_ORDER));
    openDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an order paid by transfer can be validated too, with the offline wording; the payer column is hidden for a single payer', async () => {
    mockApi(() => json(200, { ...IMPRINT_ORDER, paymentStatus: 'pending', payments: [{ ...IMPRINT_ORDER.payments[0], method: 'transfer', status: 'pending', instructions: 'IBAN FR76 …' }] }));
    openDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    expect(await screen.findByRole('dialog', { name: 'Valider la commande ?' })).toHaveTextContent('Le client sera prévenu que sa commande est acceptée.');
    expect(within(screen.getByTestId('payment-row')).getAllByRole('cell').map(text)).toEqual(['VirementIBAN FR76 …', 'En attente', EURO('1 234,56 €'), '-']);
  });

  it('a grouped order is not validated before every share is paid', async () => {
    mockApi(() => json(200, ORDER));
    openDetail();
    await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('offers no validation for a paid card order', async () => {
    mockApi(() => json(200, { ...ORDER, status: 'validated', payments: [ORDER.payments[1]] }));
    openDetail();
    await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('the way back returns to the list page the order was opened from', async () => {
    mockApi((url) =>
      url.startsWith('/v1/orders?') ? json(200, { items: [{ ...ORDER, id: 42 }], total: 21, page: 2, pageSize: 20 }) : json(200, ORDER),
    );
    const { location } = renderAt(<OrdersListPage />, {
      path: '/dashboard/orders', url: '/dashboard/orders?page=2',
      extraRoutes: [{ path: '/dashboard/orders/:id', element: <OrderDetailPage /> }],
    });
    await userEvent.click(await screen.findByRole('link', { name: 'C-2026-0042' }));
    await userEvent.click(await screen.findByRole('link', { name: '← Retour aux commandes' }));
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/dashboard/orders?page=2'));
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    mockApi(() => (fail ? json(502, { success: false, message: 'Service indisponible' }) : json(200, ORDER)));
    openDetail();
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' })).toBeInTheDocument();
  });
});

it('an agent sees the order read-only (no validation)', async () => {
  loginAs(AGENT);
  mockApi(() => json(200, IMPRINT_ORDER));
  openDetail();
  await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
  expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
});

describe('order detail (buyer)', () => {
  beforeEach(() => loginAs(BUYER));

  it('shows the producer with a link to its shop, never the validation button', async () => {
    mockApi(() => json(200, IMPRINT_ORDER));
    openDetail();
    const party = await screen.findByTestId('order-party');
    expect(party).toHaveTextContent('Producteur');
    expect(party).toHaveTextContent('Domaine de Démo');
    expect(party).toHaveTextContent('Votre téléphone de contact : 06 12 34 56 78');
    expect(screen.getByRole('link', { name: 'Domaine de Démo' })).toHaveAttribute('href', '/domaine-demo');
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it("someone else's or an unknown order → 'Commande introuvable' with a way back", async () => {
    mockApi(() => json(404, { success: false, message: 'Commande introuvable' }));
    openDetail('/dashboard/orders/999');
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Cette commande n’existe pas ou vous n’y avez pas accès.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux commandes' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('a 403 is the same not-found page (no hint the order exists)', async () => {
    mockApi(() => json(403, { success: false, message: 'Accès refusé' }));
    openDetail('/dashboard/orders/7');
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeInTheDocument();
  });

  it('a malformed id is not found without asking the api', async () => {
    const calls = mockApi(() => json(200, ORDER));
    openDetail('/dashboard/orders/abc');
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('on a phone, lines and payments are stacked blocks (no wide tables)', async () => {
    setWidth(375);
    mockApi(() => json(200, ORDER));
    const { container } = openDetail();
    const lines = await screen.findAllByTestId('order-line');
    expect(lines[0].textContent).toContain(`Cuvée Prestige${EURO('144,14 €')}`);
    expect(lines[0].textContent).toContain(`12 + 1 offert × ${EURO('10,50 €')} HT`);
    expect(container.querySelector('.ant-table')).toBeNull();
    expect(screen.getAllByTestId('payment-row')[1].textContent).toContain('Payé le 21/03/2026 14:07');
    expect(text(screen.getByTestId('total-ttc'))).toBe(EURO('1 234,56 €'));
  });
});

it('the reservation detail reuses the order detail with its own wording', async () => {
  loginAs(BUYER);
  mockApi(() => json(404, { success: false, message: 'Commande introuvable' }));
  renderAt(<ReservationDetailPage />, { path: '/dashboard/reservations/:id', url: '/dashboard/reservations/5' });
  expect(await screen.findByRole('heading', { name: 'Réservation introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Retour aux réservations' })).toHaveAttribute('href', '/dashboard/reservations');
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { iamWith, paginatedOf, renderPage, reply, type ApiHandler, type ApiRequest, type SessionOption } from 'shared-kernel/testing';
import { ToValidateWidget } from '../../dashboard/widgets';
import OrdersListPage from '../list/OrdersListPage';
import { EURO, IMPRINT_ORDER, ORDER, line } from '../orders.fixtures';
import { LINES_TABLE_MIN_WIDTH } from './OrderDetail';
import OrderDetailPage from './OrderDetailPage';
import { salesOrder } from '../../sales.fixtures';

const text = (el: HTMLElement) => el.textContent;

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
beforeEach(() => setWidth(1440));

const openDetail = (order: ApiHandler, options: { route?: string; session?: SessionOption } = {}) =>
  renderPage(<OrderDetailPage />, {
    path: '/dashboard/orders/:id',
    route: options.route ?? '/dashboard/orders/42',
    session: options.session,
    api: { 'GET /orders/:id': order },
  });

describe('order detail (seller)', () => {
  it('renders header, parties, addresses, shipping, lines, reservations, payments and totals with the exact formatting', async () => {
    const page = openDetail(ORDER);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Commande n° C-2026-0042' });
    expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /orders/42']);
    const header = heading.closest('header') as HTMLElement;
    expect(within(header).getByText(/Passée le 21\/03\/2026 14:05/)).toBeInTheDocument();
    expect(within(header).getByTestId('order-status')).toHaveTextContent('CommandeEn attente');
    expect(within(header).getByTestId('payment-status')).toHaveTextContent('PaiementEmpreinte enregistrée');
    expect(within(header).getByTestId('delivery-status')).toHaveTextContent('LivraisonEn préparation');
    expect(within(header).getByRole('link', { name: '← Retour aux commandes' })).toHaveAttribute('href', '/dashboard/orders');

    const party = screen.getByRole('region', { name: 'Client' });
    expect(within(party).getByRole('link', { name: 'buyer@demo.test' })).toHaveAttribute('href', 'mailto:buyer@demo.test');
    expect(within(party).getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:06 12 34 56 78');
    expect(screen.getByTestId('order-party')).toHaveTextContent('Béatrice Acheteuse');
    expect(screen.getByRole('region', { name: 'Adresse de livraison' })).toHaveTextContent(
      'Béatrice Acheteuse3 rue des Vignes21200 BeauneFrance',
    );
    expect(screen.getByRole('region', { name: 'Adresse de facturation' })).toHaveTextContent(
      'Béatrice AcheteuseCave B8 place Carnot75001 ParisFrance',
    );
    const shipping = screen.getByRole('region', { name: 'Livraison' });
    expect(shipping).toHaveTextContent('Colissimo domicile');
    expect(shipping).toHaveTextContent('Sonner deux fois');
    expect(shipping).toHaveTextContent('Colis2');

    const lines = within(screen.getByRole('region', { name: 'Articles' })).getAllByTestId('order-line');
    expect(lines).toHaveLength(2); // the shipping line is in the totals, not among the articles
    expect(within(lines[0]).getAllByRole('cell').map(text)).toEqual([
      'Cuvée Prestige2019 · Bouteille 75 cl',
      '12 + 1 offert',
      EURO('10,50 €'),
      `− ${EURO('6,30 €')}`,
      EURO('0,42 €'),
      '20\u00a0%',
      EURO('120,12 €'),
      EURO('144,14 €'),
    ]);
    expect(within(lines[1]).getAllByRole('cell').map(text)).toEqual([
      'Rosé d’été',
      '6',
      EURO('8,00 €'),
      '-',
      '-',
      '5,5\u00a0%',
      EURO('48,00 €'),
      EURO('50,64 €'),
    ]);

    const resa = within(screen.getByRole('region', { name: 'Réservations' })).getByTestId('reservation-line');
    expect(within(resa).getAllByRole('cell').map(text)).toEqual([
      'Visite des chais',
      '12/04/2026 10:00 - 11:30',
      '4 places',
      EURO('50,00 €'),
      EURO('60,00 €'),
    ]);

    const totals = within(screen.getByRole('region', { name: 'Totaux' }));
    expect(text(totals.getByTestId('total-ht'))).toBe(EURO('1 028,80 €'));
    expect(text(totals.getByTestId('total-promo'))).toBe(`− ${EURO('6,30 €')}`);
    expect(text(totals.getByTestId('total-tva'))).toBe(EURO('203,76 €'));
    expect(text(totals.getByTestId('total-shipping'))).toBe(EURO('9,90 €'));
    expect(text(totals.getByTestId('total-tourist-tax'))).toBe(EURO('2,40 €'));
    expect(text(totals.getByTestId('total-ttc'))).toBe(EURO('1 234,56 €'));

    const payments = within(screen.getByRole('region', { name: 'Paiements' })).getAllByTestId('payment-row');
    expect(within(payments[0]).getAllByRole('cell').map(text)).toEqual([
      'Empreinte bancaire (0 €, débit après validation)',
      'Empreinte enregistrée',
      EURO('1 000,00 €'),
      'ami@demo.test',
      '-',
    ]);
    expect(within(payments[1]).getAllByRole('cell').map(text)).toEqual([
      'Carte bancaire',
      'Payé',
      EURO('234,56 €'),
      'buyer@demo.test',
      '21/03/2026 14:07',
    ]);
    expect(screen.getByText('Commande groupée : les participants ont jusqu’au 01/01/2999 10:00 pour payer leur part')).toBeInTheDocument();
  });

  it('the lines table fits the main column at 1366 px: the totals are seen without scrolling; empty columns are left out', async () => {
    // the main column's content at 1366 px: 1366 − a 17 px scrollbar − the 181 px sidebar − 2 × 16 px (main area)
    // − 2 × 16 px (page) = 1104 px, two thirds of it less the 16 px gap, less the card's 2 × 12 px
    const room = Math.floor(((1366 - 17 - 181 - 32 - 32 - 16) * 2) / 3) - 24;
    expect(LINES_TABLE_MIN_WIDTH).toBeLessThanOrEqual(room);

    // every column: a line with a discount and duties
    const page = openDetail(ORDER);
    let region = await screen.findByRole('region', { name: 'Articles' });
    let table = within(region).getAllByTestId('order-line')[0].closest('table')!;
    // scroll.x is the table's width (antd): not above the room, so no inner scrollbar hides the totals
    expect(parseInt(table.style.width, 10)).toBe(LINES_TABLE_MIN_WIDTH);
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Article',
      'Quantité',
      'Prix unitaire HT',
      'Remise',
      'Droits',
      'TVA',
      'Total HT',
      'Total TTC',
    ]);
    expect(
      within(table)
        .getAllByRole('cell')
        .filter((c) => c.textContent === EURO('144,14 €')),
    ).toHaveLength(1);
    page.unmount();

    // no line with a discount or duties: those columns are left out, the totals stay
    openDetail({
      ...ORDER,
      lines: [
        line({ id: 1, promoAmount: 0, duties: 0 }),
        line({
          id: 2,
          label: 'Rosé d’été',
          details: null,
          quantity: 6,
          addQuantity: 0,
          promoAmount: 0,
          duties: 0,
          totalHT: 4800,
          totalTTC: 5760,
        }),
      ],
    });
    region = await screen.findByRole('region', { name: 'Articles' });
    table = within(region).getAllByTestId('order-line')[0].closest('table')!;
    expect(parseInt(table.style.width, 10)).toBeLessThanOrEqual(room);
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Article',
      'Quantité',
      'Prix unitaire HT',
      'TVA',
      'Total HT',
      'Total TTC',
    ]);
    const rows = within(region).getAllByTestId('order-line');
    expect(within(rows[1]).getAllByRole('cell').map(text)).toEqual([
      'Rosé d’été',
      '6',
      EURO('10,50 €'),
      '20\u00a0%',
      EURO('48,00 €'),
      EURO('57,60 €'),
    ]);
  });

  it("says 'Identique à l’adresse de livraison' when there is no billing address, and shows a collection point", async () => {
    openDetail({
      ...ORDER,
      billingAddress: null,
      shipping: { type: null, name: null, collectionPoint: 'Caveau de Beaune', instructions: null, nbrPackages: 1 },
      expiresAt: '2020-01-01T10:00:00',
    });
    expect(await screen.findByRole('region', { name: 'Adresse de facturation' })).toHaveTextContent('Identique à l’adresse de livraison');
    expect(screen.getByRole('region', { name: 'Livraison' })).toHaveTextContent('ModePoint de retraitPoint de retraitCaveau de Beaune');
    expect(screen.getByText('Commande groupée expirée le 01/01/2020 10:00')).toBeInTheDocument();
  });

  it('validates a pending order paid by card imprint after confirmation (POST /v1/sales/orders/:id/actions/validate)', async () => {
    let validated = false;
    const page = renderPage(<OrderDetailPage />, {
      path: '/dashboard/orders/:id',
      route: '/dashboard/orders/42',
      api: {
        'GET /orders/:id': () => (validated ? { ...IMPRINT_ORDER, status: 'validated', paymentStatus: 'paid' } : IMPRINT_ORDER),
        'POST /sales/orders/:id/actions/validate': () => {
          validated = true;
          return { success: true, message: 'Commande validée' };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider la commande ?' });
    expect(dialog).toHaveTextContent(
      'Commande n° C-2026-0042 de Béatrice Acheteuse. L’empreinte bancaire du client sera débitée du montant de la commande.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Validée'));
    expect(page.api.callsTo('POST /sales/orders/:id/actions/validate').map((c) => c.path)).toEqual(['/sales/orders/42/actions/validate']);
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
    expect(page.snackbars()).toEqual([{ text: 'Commande validée', error: false }]);
  });

  it("validating refreshes the viewer's dashboard figures too (orders to validate)", async () => {
    let validated = false;
    renderPage(
      <>
        <OrderDetailPage />
        <ToValidateWidget />
      </>,
      {
        path: '/dashboard/orders/:id',
        route: '/dashboard/orders/42',
        api: {
          'GET /orders/:id': () => (validated ? { ...IMPRINT_ORDER, status: 'validated' } : IMPRINT_ORDER),
          'GET /orders/summary': () => ({
            toValidate: validated ? 0 : 1,
            currentMonth: { totalTTC: 0, totalHT: 0, count: 0 },
            previousMonth: { totalTTC: 0, totalHT: 0, count: 0 },
          }),
          'POST /sales/orders/:id/actions/validate': () => {
            validated = true;
            return { success: true, message: 'Commande validée' };
          },
        },
      },
    );
    expect(await screen.findByText('1 commande à valider')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Aucune commande à valider')).toBeInTheDocument();
  });

  it('a refusal of the api shows its message and keeps the confirmation open', async () => {
    const page = renderPage(<OrderDetailPage />, {
      path: '/dashboard/orders/:id',
      route: '/dashboard/orders/42',
      api: {
        'GET /orders/:id': IMPRINT_ORDER,
        'POST /sales/orders/:id/actions/validate': reply(400, { success: false, message: "Cette commande n'est plus à valider" }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: "Cette commande n'est plus à valider", error: true }]));
    expect(screen.getByRole('dialog', { name: 'Valider la commande ?' })).toBeInTheDocument();
    expect(page.api.callsTo('GET /orders/:id')).toHaveLength(1);
  });

  it('cancelling the confirmation sends nothing', async () => {
    const page = openDetail(IMPRINT_ORDER);
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an order paid by transfer can be validated too, with the offline wording; the payer column is hidden for a single payer', async () => {
    openDetail({
      ...IMPRINT_ORDER,
      paymentStatus: 'pending',
      payments: [{ ...IMPRINT_ORDER.payments[0], method: 'transfer', status: 'pending', instructions: 'IBAN FR76 …' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Valider la commande' }));
    expect(await screen.findByRole('dialog', { name: 'Valider la commande ?' })).toHaveTextContent(
      'Le client sera prévenu que sa commande est acceptée.',
    );
    expect(within(screen.getByTestId('payment-row')).getAllByRole('cell').map(text)).toEqual([
      'VirementIBAN FR76 …',
      'En attente',
      EURO('1 234,56 €'),
      '-',
    ]);
  });

  it('a grouped order is not validated before every share is paid', async () => {
    openDetail(ORDER);
    await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('offers no validation for a paid card order', async () => {
    openDetail({ ...ORDER, status: 'validated', payments: [ORDER.payments[1]] });
    await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('an iam allowed to take orders may validate; one who may only see them may not (the api would refuse)', async () => {
    const allowed = openDetail(IMPRINT_ORDER, { session: 'iam' });
    expect(await screen.findByRole('button', { name: 'Valider la commande' })).toBeInTheDocument();
    allowed.unmount();
    openDetail(IMPRINT_ORDER, { session: iamWith({ seeAllOrder: true, createOrder: false, createQuote: false }) });
    await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('the way back returns to the list page the order was opened from', async () => {
    const page = renderPage(
      [
        { path: '/dashboard/orders', element: <OrdersListPage /> },
        { path: '/dashboard/orders/:id', element: <OrderDetailPage /> },
      ],
      {
        route: '/dashboard/orders?page=2&pageSize=10',
        api: {
          'GET /orders': (req: ApiRequest) => ({
            ...paginatedOf([ORDER], { page: 1, pageSize: 10 }),
            total: 11,
            page: Number(req.query.page),
          }),
          'GET /orders/:id': ORDER,
        },
      },
    );
    await userEvent.click(await screen.findByRole('link', { name: 'C-2026-0042' }));
    await userEvent.click(await screen.findByRole('link', { name: '← Retour aux commandes' }));
    await waitFor(() => expect(`${page.location().pathname}${page.location().search}`).toBe('/dashboard/orders?page=2&pageSize=10'));
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    renderPage(<OrderDetailPage />, {
      path: '/dashboard/orders/:id',
      route: '/dashboard/orders/42',
      api: { 'GET /orders/:id': () => (fail ? reply(502, { success: false, message: 'Service indisponible' }) : ORDER) },
    });
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' })).toBeInTheDocument();
  });
});

it('an agent sees the order read-only (no validation)', async () => {
  openDetail(IMPRINT_ORDER, { session: 'agent' });
  await screen.findByRole('heading', { name: 'Commande n° C-2026-0042' });
  expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
});

describe('order detail, packages', () => {
  it('shows staff the packages and bottles Expéditions counts, not the checkout’s figure', async () => {
    openDetail(salesOrder({ parcels: { bottles: 42, packages: 4 } }, { shipping: { ...IMPRINT_ORDER.shipping, nbrPackages: 0 } }));
    const shipping = await screen.findByRole('region', { name: 'Livraison' });
    expect(shipping).toHaveTextContent('Colis4 · 42 bouteilles');
  });
});

describe('order detail (buyer)', () => {
  it('shows the producer with a link to its shop, never the validation button', async () => {
    openDetail(IMPRINT_ORDER, { session: 'buyer' });
    const party = await screen.findByRole('region', { name: 'Producteur' });
    expect(party).toHaveTextContent('Domaine de Démo');
    expect(party).toHaveTextContent('Votre téléphone de contact : 06 12 34 56 78');
    expect(screen.getByText(/Passée le 21\/03\/2026 14:05 auprès de/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Domaine de Démo' })).toHaveAttribute('href', '/domaine-demo');
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it("follows the parcel: carrier and tracking number linked to the carrier's page; a carrier it does not know, the number alone", async () => {
    openDetail(
      {
        ...IMPRINT_ORDER,
        deliveryStatus: 'transit',
        tracking: { carrier: 'UPS', number: '1Z999AA10123456784', url: 'https://www.ups.com/track?loc=fr_FR&tracknum=1Z999AA10123456784' },
      },
      { session: 'buyer' },
    );
    const tracking = await screen.findByTestId('order-tracking');
    expect(tracking).toHaveTextContent('UPS · 1Z999AA10123456784');
    expect(within(tracking).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?loc=fr_FR&tracknum=1Z999AA10123456784',
    );
  });

  it('no tracking number yet: no tracking line', async () => {
    openDetail({ ...IMPRINT_ORDER, tracking: null }, { session: 'buyer' });
    await screen.findByRole('region', { name: 'Producteur' });
    expect(screen.queryByTestId('order-tracking')).toBeNull();
  });

  it("someone else's or an unknown order → the shared not-found page with a way back", async () => {
    openDetail(reply(404, { success: false, message: 'Commande introuvable' }), { route: '/dashboard/orders/999', session: 'buyer' });
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeInTheDocument();
    expect(screen.getByText("Cette page n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux commandes' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('a 403 is the same not-found page (no hint the order exists)', async () => {
    openDetail(reply(403, { success: false, message: 'Accès refusé' }), { route: '/dashboard/orders/7', session: 'buyer' });
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeInTheDocument();
    expect(screen.queryByText('Accès refusé')).not.toBeInTheDocument();
  });

  it('a malformed id is not found without asking the api', async () => {
    const page = openDetail(ORDER, { route: '/dashboard/orders/abc', session: 'buyer' });
    expect(await screen.findByRole('heading', { name: 'Commande introuvable' })).toBeInTheDocument();
    expect(page.calls).toHaveLength(0);
  });

  it('on a phone, lines and payments are stacked blocks (no wide tables)', async () => {
    setWidth(375);
    const { container } = openDetail(ORDER, { session: 'buyer' });
    const lines = await screen.findAllByTestId('order-line');
    expect(lines[0].textContent).toContain(`Cuvée Prestige${EURO('144,14 €')}`);
    expect(lines[0].textContent).toContain(`12 + 1 offert × ${EURO('10,50 €')} HT · Remise − ${EURO('6,30 €')}`);
    expect(container.querySelector('.ant-table')).toBeNull();
    expect(screen.getAllByTestId('payment-row')[1].textContent).toContain('Payé le 21/03/2026 14:07');
    expect(text(screen.getByTestId('total-ttc'))).toBe(EURO('1 234,56 €'));
    expect(container.querySelector('.wz-detail-body')).toHaveAttribute('data-layout', 'stacked');
  });
});

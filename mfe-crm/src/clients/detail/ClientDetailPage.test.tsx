import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientCredit, CrmClientDetail, InvoiceSummary, LoyaltyAccount, OrderSummary, SalesPayment } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { iamWith, paginatedOf, PENDING, renderPage, reply, type SessionOption } from 'shared-kernel/testing';
import type { ApiHandlers } from 'shared-kernel/testing';
import ClientDetailPage from './ClientDetailPage';

const client: CrmClientDetail = {
  id: 12,
  code: 'CL00012',
  kind: 'professional',
  name: 'Cave des Halles',
  civility: null,
  firstname: 'Paul',
  lastname: 'Martin',
  company: 'Cave des Halles',
  email: 'paul@cave-halles.test',
  phone: null,
  mobile: null,
  typology: 'professionnel',
  city: 'Dijon',
  zipcode: '21000',
  department: '21',
  tags: [],
  pipe: null,
  agentUserId: 5,
  agentName: 'Antoine Agent',
  status: 'active',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastOrderAt: null,
  totalSpent: 0,
  siret: null,
  siren: null,
  nic: null,
  vatNumber: null,
  addresses: [],
  contacts: [],
  custom: { pipe: null, family: null, family2: null, custom: null, custom2: null, listTag: [], listTag2: [] },
  notes: null,
  marketingConsent: false,
  marketingConsentAt: null,
  typologyName: 'Professionnel',
  buyer: { id: 6, name: 'Paul Martin', email: 'paul@cave-halles.test' },
  erasedAt: null,
  updatedAt: '2026-01-05T10:00:00.000Z',
  interactions: [],
  orders: [{ id: 77, number: 'W-000077', createdAt: '2026-02-01T09:00:00.000Z', status: 'validated', totalTTC: 4_500 }],
};

const order = (id: number, number: string, subType: OrderSummary['subType'] = 'order'): OrderSummary => ({
  id,
  number,
  createdAt: '2026-03-02T10:00:00.000Z',
  status: subType === 'quote' ? 'pending' : 'validated',
  paymentStatus: 'pending',
  deliveryStatus: 'pending',
  hasReservations: false,
  shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
  buyer: { id: null, name: 'Cave des Halles', email: 'paul@cave-halles.test' },
  totalTTC: 123_450,
  subType,
  reservations: [],
});

const invoice = (over: Partial<InvoiceSummary>): InvoiceSummary => ({
  id: 1,
  kind: 'invoice',
  number: 'F2026-00001',
  issuedAt: '2026-03-03',
  dueDate: '2026-04-02',
  orderId: 501,
  orderNumber: 'BO-000501',
  client: { id: 12, name: 'Cave des Halles' },
  totalHT: 100_000,
  totalVAT: 20_000,
  totalTTC: 120_000,
  amountDue: 120_000,
  paid: 20_000,
  credited: 0,
  remaining: 100_000,
  paymentStatus: 'partial',
  creditStatus: null,
  relatedInvoice: null,
  overdueDays: 0,
  lastReminderAt: null,
  reminderLevel: 0,
  ...over,
});

const invoices = [
  invoice({}),
  invoice({
    id: 2,
    kind: 'deposit',
    number: 'F2026-00002',
    totalTTC: 30_000,
    amountDue: 30_000,
    paid: 0,
    remaining: 30_000,
    paymentStatus: 'pending',
    overdueDays: 12,
  }),
  invoice({
    id: 3,
    kind: 'credit',
    number: 'AV2026-00001',
    totalTTC: 5_000,
    remaining: 0,
    paymentStatus: 'paid',
    creditStatus: 'full',
    orderId: null,
    orderNumber: null,
  }),
];

const payment: SalesPayment = {
  id: 9,
  direction: 'in',
  method: 'transfer',
  amount: 25_000,
  paidAt: '2026-03-10',
  reference: 'VIR-4471',
  client: { id: 12, name: 'Cave des Halles' },
  allocations: [{ invoiceId: 1, number: 'F2026-00001', amount: 20_000, lettering: 'AA' }],
  unallocated: 5_000,
  source: 'backoffice',
  createdAt: '2026-03-10T12:00:00.000Z',
};

const credit: ClientCredit = { client: { id: 12, name: 'Cave des Halles' }, balance: 5_000, creditNotes: [] };

/** The client's loyalty account (the « Fidélité » card of the Fiche tab; its own tests: loyalty/LoyaltyCard.test.tsx). */
const loyalty: LoyaltyAccount = {
  clientId: 12,
  balance: 320,
  total: 400,
  spent: 80,
  level: { index: 0, name: 'Argent', threshold: 300 },
  next: null,
  program: {
    active: true,
    basis: 'euro',
    pointsPerUnit: 1,
    levels: [{ name: 'Argent', threshold: 300, offers: [{ kind: 'discount', type: '%', amount: 10 }] }],
    updatedAt: null,
  },
  history: [
    { id: 2, at: '2026-02-03T09:00:00.000Z', points: -80, source: 'spend', ref: 'W-000078', orderId: 78, note: null },
    { id: 1, at: '2026-02-01T09:00:00.000Z', points: 400, source: 'order', ref: 'W-000077', orderId: 77, note: null },
  ],
};

function open(session: SessionOption, api: ApiHandlers = {}, tab?: string) {
  return renderPage(<ClientDetailPage />, {
    path: '/dashboard/clients/:id',
    route: `/dashboard/clients/12${tab ? `?tab=${tab}` : ''}`,
    session,
    api: { 'GET /crm/clients/:id': client, 'GET /loyalty/clients/:clientId': loyalty, ...api },
  });
}

/** What the page shows (the matcher compares with whitespace collapsed: formatCents' no-break spaces become spaces). */
const money = (cents: number) => formatCents(cents).replace(/\s/g, ' ');
const tab = (name: string) => screen.getByRole('tab', { name });

describe('client file: actions', () => {
  it('offers a new order, a new quote and a new task for this client to the owner', async () => {
    open('owner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cave des Halles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvelle commande' })).toHaveAttribute('href', '/dashboard/orders/add?clientId=12');
    expect(screen.getByRole('link', { name: 'Nouveau devis' })).toHaveAttribute('href', '/dashboard/orders/add?subType=quote&clientId=12');
    expect(screen.getByRole('button', { name: 'Nouvelle tâche' })).toBeInTheDocument();
    // the file opens on its identity
    expect(tab('Fiche')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('CL00012')).toBeInTheDocument();
    for (const name of ['Interactions', 'Commandes', 'Devis', 'Factures', 'Règlements']) expect(tab(name)).toBeInTheDocument();
    // the loyalty card under the identity
    const fidelity = screen.getByRole('region', { name: 'Fidélité' });
    expect(await within(fidelity).findByText('320 points')).toBeInTheDocument();
    expect(within(fidelity).getByText('Palier le plus haut atteint')).toBeInTheDocument();
    expect(within(fidelity).getByRole('button', { name: 'Ajuster les points' })).toBeInTheDocument();
  });

  it('an iam without createQuote gets the order link only; without any sales right, the buyer’s orders only', async () => {
    const view = open(iamWith({ seeAllClient: true, createOrder: true }));
    await screen.findByRole('heading', { level: 1, name: 'Cave des Halles' });
    expect(screen.getByRole('link', { name: 'Nouvelle commande' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nouveau devis' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nouvelle tâche' })).toBeInTheDocument();
    // no seeAllOrder, seeAllPayment or billOrder: the linked buyer's orders carried by the file, no sales tabs
    for (const name of ['Devis', 'Factures', 'Règlements']) expect(screen.queryByRole('tab', { name })).toBeNull();
    await userEvent.click(tab('Commandes'));
    expect(await screen.findByRole('link', { name: 'W-000077' })).toHaveAttribute('href', '/dashboard/orders/77');
    // the file and the loyalty card of its Fiche tab, no sales list
    expect(view.calls.map((c) => c.path)).toEqual(['/crm/clients/12', '/loyalty/clients/12']);
  });

  it('an agent takes orders and quotes and sees the orders credited to them, not the invoices', async () => {
    const page = open('agent', { 'GET /orders': (req) => paginatedOf([order(501, 'BO-000501')], req.query) }, 'orders');
    expect(await screen.findByRole('link', { name: 'BO-000501' })).toBeInTheDocument();
    expect(page.api.callsTo('GET /orders')[0].query).toMatchObject({ as: 'agent', clientId: '12' });
    expect(screen.getByRole('link', { name: 'Nouvelle commande' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouveau devis' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Factures' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Règlements' })).toBeNull();
  });
});

describe('client file: new task', () => {
  it('« Nouvelle tâche » opens the task form on the file, the client chosen by name, and saves the task for them', async () => {
    const page = open('owner', {
      'GET /tasks/assignees': [{ id: 2, name: 'Olivier Propriétaire', kind: 'owner' }],
      'POST /tasks': [201, { id: 30, message: 'Tâche créée' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle tâche' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nouvelle tâche' });
    expect(page.location().pathname).toBe('/dashboard/clients/12');
    expect(within(drawer).getByText('Cave des Halles')).toBeInTheDocument();
    expect(within(drawer).queryByText(/Client n°/)).toBeNull();
    await userEvent.type(within(drawer).getByLabelText(/^Titre/), 'Proposer le millésime 2025');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST' && c.path === '/tasks')).toBeTruthy());
    expect(page.calls.find((c) => c.path === '/tasks')!.body).toMatchObject({ title: 'Proposer le millésime 2025', clientId: 12 });
    await waitFor(() => expect(page.snackbars()).toContainEqual(expect.objectContaining({ text: 'Tâche enregistrée', error: false })));
    // the name came with the file: no other read of the client
    expect(page.calls.filter((c) => c.path === '/crm/clients/12')).toHaveLength(1);
  });
});

describe('client file: orders and quotes', () => {
  it('lists the client’s orders (10 a page, the seller view), each opening its order', async () => {
    const page = open('owner', {
      'GET /orders': (req) => paginatedOf([order(501, 'BO-000501'), order(502, 'D-000502', 'sample')], req.query),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Commandes' }));
    expect(page.location().search).toBe('?tab=orders');
    const table = await screen.findByRole('table', { name: 'Commandes du client' });
    const link = await within(table).findByRole('link', { name: 'BO-000501' });
    expect(link).toHaveAttribute('href', '/dashboard/orders/501');
    expect(within(table).getAllByText(money(123_450))).toHaveLength(2);
    expect(within(table).getByText('Échantillon')).toBeInTheDocument();
    expect(within(table).getAllByText('Validée')).toHaveLength(2);
    expect(page.api.callsTo('GET /orders').map((c) => c.query)).toEqual([
      { as: 'seller', clientId: '12', page: '1', pageSize: '10', sort: '-createdAt' },
    ]);
    await userEvent.click(link);
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/orders/501'));
  });

  it('the quotes tab asks for the quotes and says when there is none', async () => {
    const page = open('owner', { 'GET /orders': (req) => paginatedOf([], req.query) }, 'quotes');
    expect(await screen.findByText('Aucun devis pour ce client')).toBeInTheDocument();
    expect(page.api.callsTo('GET /orders')[0].query).toEqual({
      as: 'seller',
      clientId: '12',
      subType: 'quote',
      page: '1',
      pageSize: '10',
      sort: '-createdAt',
    });
  });
});

describe('client file: invoices and balance', () => {
  it('shows the balance (open invoices, client credit) and the invoices with their kind, totals and status', async () => {
    const page = open(
      'owner',
      {
        'GET /sales/invoices': (req) =>
          req.query.open === 'true'
            ? paginatedOf(
                invoices.filter((i) => i.remaining > 0),
                req.query,
              )
            : paginatedOf(invoices, req.query),
        'GET /sales/credits': () => paginatedOf([credit], { page: '1', pageSize: '20' }),
      },
      'invoices',
    );
    const balance = await screen.findByRole('region', { name: 'Solde du client' });
    expect(await within(balance).findByText(money(130_000))).toBeInTheDocument();
    expect(within(balance).getByText('2 factures ouvertes')).toBeInTheDocument();
    expect(await within(balance).findByText(money(5_000))).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Factures du client' });
    await within(table).findByText('F2026-00001');
    expect(within(table).getByText("Facture d'acompte")).toBeInTheDocument();
    expect(within(table).getByText('Avoir')).toBeInTheDocument();
    expect(within(table).getByText('En retard de 12 j')).toBeInTheDocument();
    expect(within(table).getByText('Partiellement payé')).toBeInTheDocument();
    expect(within(table).getByText('Disponible')).toBeInTheDocument();
    expect(within(table).getByText(money(120_000))).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'BO-000501' })[0]).toHaveAttribute('href', '/dashboard/orders/501');
    expect(within(table).getByRole('button', { name: 'Télécharger F2026-00001 (PDF)' })).toBeInTheDocument();

    expect(page.api.callsTo('GET /sales/credits')[0].query).toEqual({ clientId: '12' });
    const calls = page.api.callsTo('GET /sales/invoices').map((c) => c.query);
    expect(calls).toContainEqual({ clientId: '12', open: 'true', page: '1', pageSize: '100' });
    expect(calls).toContainEqual({ clientId: '12', page: '1', pageSize: '10', sort: '-issuedAt' });
  });

  it('says when the client has no invoice, with a zero balance and no credit', async () => {
    open(
      'owner',
      {
        'GET /sales/invoices': (req) => paginatedOf([], req.query),
        'GET /sales/credits': () => paginatedOf([], { page: '1', pageSize: '20' }),
      },
      'invoices',
    );
    expect(await screen.findByText('Aucune facture pour ce client')).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Solde du client' });
    expect(await within(balance).findByText('Aucune facture ouverte')).toBeInTheDocument();
    await waitFor(() => expect(within(balance).getAllByText(money(0))).toHaveLength(2));
  });

  it('without seeAllPayment (billOrder only) shows the invoices but not the credit nor the payments', async () => {
    const page = open(
      iamWith({ seeAllClient: true, billOrder: true }),
      { 'GET /sales/invoices': (req) => paginatedOf([], req.query) },
      'invoices',
    );
    expect(await screen.findByText('Aucune facture pour ce client')).toBeInTheDocument();
    expect(screen.queryByText('Crédit client')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Règlements' })).toBeNull();
    expect(page.api.callsTo('GET /sales/credits')).toHaveLength(0);
  });

  it('shows skeletons while loading, and a balance error with a retry', async () => {
    let openAnswer: unknown = reply(500, { success: false, message: 'Service indisponible' });
    open(
      'owner',
      {
        'GET /sales/invoices': (req) => (req.query.open ? openAnswer : PENDING),
        'GET /sales/credits': PENDING,
      },
      'invoices',
    );
    const balance = await screen.findByRole('region', { name: 'Solde du client' });
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(panel.querySelectorAll('.ant-skeleton').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('Aucune facture pour ce client')).toBeNull();
    expect(await within(balance).findByText('Reste à payer sur les factures ouvertes : Service indisponible')).toBeInTheDocument();
    openAnswer = paginatedOf([invoices[1]], { page: '1', pageSize: '100' });
    await userEvent.click(within(balance).getByRole('button', { name: 'Réessayer' }));
    expect(await within(balance).findByText(money(30_000))).toBeInTheDocument();
  });
});

describe('client file: payments', () => {
  it('lists the client’s payments with their allocations and credit', async () => {
    const page = open('owner', { 'GET /sales/payments': (req) => paginatedOf([payment], req.query) }, 'payments');
    const table = await screen.findByRole('table', { name: 'Règlements du client' });
    expect(await within(table).findByText('Virement')).toBeInTheDocument();
    expect(within(table).getByText('Encaissement')).toBeInTheDocument();
    expect(within(table).getByText(money(25_000))).toBeInTheDocument();
    expect(within(table).getByText(`F2026-00001 · ${money(20_000)} · AA`)).toBeInTheDocument();
    expect(within(table).getByText(money(5_000))).toBeInTheDocument();
    expect(within(table).getByText('VIR-4471')).toBeInTheDocument();
    expect(page.api.callsTo('GET /sales/payments')[0].query).toEqual({ clientId: '12', page: '1', pageSize: '10', sort: '-paidAt' });
  });

  it('shows the api error with a retry that reloads', async () => {
    let fail = true;
    open(
      'owner',
      {
        'GET /sales/payments': (req) =>
          fail ? reply(500, { success: false, message: 'Les règlements sont indisponibles' }) : paginatedOf([], req.query),
      },
      'payments',
    );
    expect(await screen.findByText('Les règlements sont indisponibles')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucun règlement pour ce client')).toBeInTheDocument();
  });
});
